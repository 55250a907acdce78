/** Name of the window event that empties every chat panel (spec §2, §4). */
export const CLEAR_CHATS_EVENT = "clearChats";

/** Empties every chat panel on the page (dispatched when an optimisation starts). */
export function emitClearChats(): void {
  window.dispatchEvent(new Event(CLEAR_CHATS_EVENT));
}
