/** Id of the configure section the header's 'Optimize' link scrolls to. */
export const CONFIGURE_SECTION_ID = "configure";

/** Space kept between the sticky header and a scrolled-to element. */
const GAP_PX = 12;

/** Bottom edge of the sticky header (0 on pages without one). */
function headerBottom(): number {
  const header = document.querySelector(".mantine-AppShell-header");
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/**
 * Scrolls smoothly to an element by id so that its top sits just below the
 * sticky header (not hidden under it); returns false when it is not on the
 * page.
 */
export function scrollToId(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const top = el.getBoundingClientRect().top + window.scrollY - headerBottom() - GAP_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: "smooth" });
  return true;
}

/** How long a scrolled-to element is kept in place while the page above it is still settling. */
const SETTLE_MS = 1500;

/** What a user does to scroll by themselves: any of these ends the wait for the target. */
const USER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "mousedown"] as const;

/**
 * Scrolls to an element that may not be rendered yet (a page still loading
 * after navigation): waits, frame by frame and up to `timeoutMs`, until it
 * exists and its position has stopped moving, then scrolls. For
 * `SETTLE_MS` after that it scrolls again whenever content loading above the
 * element moves it (a lazily rendered hero would otherwise push it back
 * down the page), until the user scrolls by themselves.
 */
export function scrollToIdWhenReady(id: string, timeoutMs = 10_000): void {
  const end = performance.now() + timeoutMs;
  let lastTop: number | null = null;
  let stableFrames = 0;
  /** The element's page position the last scroll aimed at; null before the first. */
  let aimedAt: number | null = null;
  let settleEnd = 0;
  let userScrolled = false;
  const onUserScroll = () => {
    userScrolled = true;
  };
  for (const type of USER_SCROLL_EVENTS)
    window.addEventListener(type, onUserScroll, { passive: true });
  const finish = () => {
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, onUserScroll);
  };
  const aim = (top: number, now: number) => {
    scrollToId(id);
    aimedAt = top;
    settleEnd = Math.min(now + SETTLE_MS, end + SETTLE_MS);
  };
  const tick = () => {
    if (userScrolled) return finish();
    const now = performance.now();
    const el = document.getElementById(id);
    if (el) {
      const top = el.getBoundingClientRect().top + window.scrollY;
      if (aimedAt === null) {
        stableFrames = top === lastTop ? stableFrames + 1 : 0;
        lastTop = top;
        if (stableFrames >= 3 || now > end) aim(top, now);
      } else if (Math.abs(top - aimedAt) > 1) aim(top, now);
    }
    if (now <= (aimedAt === null ? end : settleEnd)) requestAnimationFrame(tick);
    else finish();
  };
  requestAnimationFrame(tick);
}
