import { useNotifications } from "@mantine/notifications";
import { Component, lazy, type ReactNode, Suspense } from "react";
import { create } from "zustand";
import { loadChunk } from "../lib/chunks";
import { useOpenedOnce } from "../lib/deferred";

const NotificationsHost = lazy(() =>
  loadChunk("notifications", () => import("./NotificationsHost")),
);

/** Whether a page asked for the toasts' host ahead of the first toast. */
const useHostWanted = create<{ wanted: boolean }>()(() => ({ wanted: false }));

/**
 * Loads the toasts' host now (its chunk and styles), before anything can go
 * wrong: a run's connection errors must be shown even when the server (which
 * also serves the chunks) has become unreachable.
 */
export function preloadNotifications(): void {
  if (!useHostWanted.getState().wanted) useHostWanted.setState({ wanted: true });
}

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
 * The toasts' host, loaded when the first toast is raised or a page asks for
 * it ahead (`preloadNotifications`; its code and styles are a separate chunk): the toast waits in Mantine's notifications store and
 * appears as soon as the host has mounted, which then stays.
 */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const wanted = useHostWanted((s) => s.wanted);
  const needed = useOpenedOnce(wanted || notifications.length + queue.length > 0);
  if (!needed) return null;
  return (
    <Optional>
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
    </Optional>
  );
}
