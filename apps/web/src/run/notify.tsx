import { notifications } from "@mantine/notifications";
import type { RunFailure } from "../api/run-socket";

/** The technical side of a failure, folded away behind "Details". */
function FailureDetails({ failure, plain }: { failure: RunFailure; plain: boolean }) {
  return (
    <>
      {plain && failure.message}
      {(failure.detail || failure.requestId) && (
        <details data-testid="error-details">
          <summary>Details</summary>
          {failure.detail && <code style={{ wordBreak: "break-word" }}>{failure.detail}</code>}
          {failure.requestId && <div>Request id: {failure.requestId}</div>}
        </details>
      )}
    </>
  );
}

/**
 * A red toast of a run failure: the spec's title, the plain sentence, and the
 * technical detail (provider errors, request id) behind a "Details" disclosure.
 */
export function showRunFailure(title: string, failure: RunFailure): void {
  const plain = Boolean(failure.message) && failure.message !== title;
  notifications.show({
    color: "red",
    title,
    message:
      plain || failure.detail || failure.requestId ? (
        <FailureDetails failure={failure} plain={plain} />
      ) : (
        ""
      ),
    autoClose: failure.detail ? 10_000 : 5_000,
  });
}

/** A neutral toast: the run was stopped on request. */
export function showRunStopped(): void {
  notifications.show({
    color: "gray",
    title: "Optimization stopped",
    message: "The iterations done so far are kept in your history.",
  });
}

/**
 * An orange toast: the run finished early for a reason the user should know
 * (its owner's budget ran out); the best prompt it found is still shown.
 */
export function showRunNotice(notice: string): void {
  notifications.show({
    color: "orange",
    title: "Optimization stopped early",
    message: notice,
    autoClose: 10_000,
  });
}

const PAUSE_NOTIFICATION_ID = "run-paused";

/**
 * The run paused by a provider outage: a yellow toast that stays while the
 * run waits (its message says that it resumes by itself); replaced by a short
 * green one when the run goes on.
 */
export function showRunPause(state: "paused" | "resumed", message: string): void {
  notifications.hide(PAUSE_NOTIFICATION_ID);
  if (state === "paused") {
    notifications.show({
      id: PAUSE_NOTIFICATION_ID,
      color: "yellow",
      title: "Optimization paused",
      message,
      autoClose: false,
    });
  } else {
    notifications.show({ color: "green", title: "Optimization resumed", message });
  }
}

/** Removes the pause toast (the run ended, failed or was left). */
export function hideRunPause(): void {
  notifications.hide(PAUSE_NOTIFICATION_ID);
}
