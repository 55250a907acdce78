import { useNotifications } from "@mantine/notifications";
import { Component, lazy, type ReactNode, Suspense } from "react";
import { loadChunk } from "../lib/chunks";
import { useOpenedOnce } from "../lib/deferred";

const NotificationsHost = lazy(() =>
  loadChunk("notifications", () => import("./NotificationsHost")),
);

/** Keeps a failed optional piece (the toasts' host) from taking the page down. */
class Optional extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The toasts' host, loaded when the first toast is raised (its code and styles
 * are a separate chunk): the toast waits in Mantine's notifications store and
 * appears as soon as the host has mounted, which then stays.
 */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const needed = useOpenedOnce(notifications.length + queue.length > 0);
  if (!needed) return null;
  return (
    <Optional>
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
    </Optional>
  );
}
