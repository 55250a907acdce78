import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { NOTIFICATIONS } from "@promptune/contracts";
import { useEffect } from "react";
import { clearFailuresOnSuccess } from "./toast-rules";

/**
 * Where toasts appear (top right, the spec's durations). Its own chunk, mounted
 * after the first paint: toasts shown before that wait in the notifications
 * store and appear as soon as it mounts. A success toast closes the failure
 * toasts shown before it.
 */
export default function NotificationsHost() {
  useEffect(() => clearFailuresOnSuccess(), []);
  return (
    <Notifications
      position="top-right"
      autoClose={NOTIFICATIONS.defaultMs}
      transitionDuration={NOTIFICATIONS.fadeMs}
    />
  );
}
