/**
 * Keeps a tour's highlight on the element actually on screen. Pages swap
 * elements under a running tour: a DeferredSelect's read-only stand-in is
 * replaced by the real Select when its chunk arrives, a panel re-mounts when
 * the mobile toggle switches. A highlight resolved once would stay on the
 * detached node: the cut-out no longer frames a live element, and the one on
 * screen is left under the overlay (not clickable, not marked active).
 */

/** What the follower reads from, and does to, a running tour. */
export interface FollowedTour {
  /** False once the tour has ended (the follower then stops). */
  active(): boolean;
  /** The element the active step should point at now (undefined when none is visible). */
  wanted(): Element | undefined;
  /** The element the tour highlights now. */
  highlighted(): Element | undefined;
  /** Highlights the active step again, resolving its element anew. */
  rehighlight(): void;
}

/**
 * Watches the page for added and removed nodes and, once per frame at most,
 * re-highlights the active step when the element it should point at is no
 * longer the highlighted one (a swap, or a target that appeared late). A step
 * whose target vanished without a replacement is left alone: moving steps is
 * the tour's own business. Stops by itself once the tour has ended; returns a
 * function that stops watching at once.
 */
export function followActiveTarget(tour: FollowedTour): () => void {
  let frame: number | undefined;
  const check = () => {
    frame = undefined;
    if (!tour.active()) {
      stop();
      return;
    }
    const wanted = tour.wanted();
    if (wanted && wanted !== tour.highlighted()) tour.rehighlight();
  };
  // Only tree changes: React swaps elements by removing and inserting nodes,
  // while attribute changes (the overlay's own animation) would only add work.
  const observer = new MutationObserver(() => {
    frame ??= requestAnimationFrame(check);
  });
  const stop = () => {
    observer.disconnect();
    if (frame !== undefined) cancelAnimationFrame(frame);
    frame = undefined;
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
