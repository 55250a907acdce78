/**
 * How a tour asks a page to show a hidden target (e.g. the configuration
 * panel behind the mobile toggle). Kept apart from the tour engine so pages
 * can listen without loading driver.js.
 */

/** Window event whose detail is the `data-tour` name of the target to show. */
export const TOUR_REVEAL_EVENT = "promptune:tour-reveal";

/** Asks the page to show the element carrying `data-tour="target"`. */
export function requestReveal(target: string): void {
  window.dispatchEvent(new CustomEvent(TOUR_REVEAL_EVENT, { detail: target }));
}
