import { type NotificationData, notifications, notificationsStore } from "@mantine/notifications";

/** Colours of the toasts that report a success and of those that report a failure. */
const SUCCESS = "green";
const FAILURE = "red";

function all(): NotificationData[] {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue];
}

/**
 * Keeps the toasts coherent (issue 26 §3 item 11): when a success toast
 * appears, the failure toasts shown before it are closed, so an old "Failed
 * to save" never stays beside "Saved". Returns the unsubscribe function.
 */
export function clearFailuresOnSuccess(): () => void {
  const seen = new Set<string>();
  for (const n of all()) if (n.id) seen.add(n.id);
  return notificationsStore.subscribe(() => {
    const current = all();
    const fresh = current.filter((n) => n.id && !seen.has(n.id));
    for (const n of fresh) if (n.id) seen.add(n.id);
    if (!fresh.some((n) => n.color === SUCCESS)) return;
    for (const n of current) {
      if (n.color === FAILURE && n.id && !fresh.includes(n)) notifications.hide(n.id);
    }
  });
}
