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

/**
 * Scrolls to an element that may not be rendered yet (a page still loading
 * after navigation): waits, frame by frame and up to `timeoutMs`, until it
 * exists and its position has stopped moving, then scrolls.
 */
export function scrollToIdWhenReady(id: string, timeoutMs = 4000): void {
  const end = performance.now() + timeoutMs;
  let lastTop: number | null = null;
  let stableFrames = 0;
  const tick = () => {
    const el = document.getElementById(id);
    if (el) {
      const top = el.getBoundingClientRect().top + window.scrollY;
      stableFrames = top === lastTop ? stableFrames + 1 : 0;
      lastTop = top;
      if (stableFrames >= 3 || performance.now() > end) {
        scrollToId(id);
        return;
      }
    }
    if (performance.now() <= end) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
