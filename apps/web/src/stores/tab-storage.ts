import type { StateStorage } from "zustand/middleware";

/**
 * Storage of the persisted settings that keeps each tab's own copy (issue 26
 * §3 item 2). Every write goes to localStorage under the spec's key (so a new
 * tab starts from the latest settings) and to this tab's sessionStorage;
 * reads prefer the tab's copy. Reloading tab A therefore shows tab A's
 * prompt even when tab B saved another one meanwhile.
 */
export function tabFirstStorage(
  local: Storage = localStorage,
  session: Storage = sessionStorage,
): StateStorage {
  return {
    getItem: (name) => session.getItem(name) ?? local.getItem(name),
    setItem: (name, value) => {
      local.setItem(name, value);
      try {
        session.setItem(name, value);
      } catch {
        // A full or blocked session storage only loses the per-tab copy.
      }
    },
    removeItem: (name) => {
      local.removeItem(name);
      session.removeItem(name);
    },
  };
}
