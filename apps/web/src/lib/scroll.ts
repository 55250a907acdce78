/** Id of the configure section the header's 'Optimize' link scrolls to. */
export const CONFIGURE_SECTION_ID = "configure";

/** Scrolls smoothly to an element by id; returns false when it is not on the page. */
export function scrollToId(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior: "smooth", block: "start" });
  return true;
}
