import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { NOTIFICATIONS } from "@promptune/contracts";

/**
 * Where toasts appear (top right, the spec's durations). Its own chunk, mounted
 * after the first paint: toasts shown before that wait in the notifications
 * store and appear as soon as it mounts.
 */
export default function NotificationsHost() {
  return (
    <Notifications
      position="top-right"
      autoClose={NOTIFICATIONS.defaultMs}
      transitionDuration={NOTIFICATIONS.fadeMs}
    />
  );
}
