/**
 * The run sockets' error frames, built through the contract's
 * RunErrorMessageSchema: a plain sentence as `error`, the technical reason as
 * `detail` (the web app shows it behind "Details") and the id of the logged
 * failure as `request_id`. Live failures and replays of a stored failure go
 * through the same function, so a reattached page shows what the first one
 * showed.
 */
import { RUN_FAILURE, type RunErrorMessage, RunErrorMessageSchema } from "@promptune/contracts";

/**
 * The error frame for `message`. A run failure as stored ("Optimization
 * failed: <reason>", see RUN_FAILURE) becomes RUN_FAILURE.plain with the
 * reason as `detail`; any other message (a refusal, a cancellation) is sent
 * as it is, without detail. `requestId` names the log entry, when there is
 * one.
 */
export function runErrorFrame(message: string, requestId?: string): RunErrorMessage {
  const reason = message.startsWith(RUN_FAILURE.storedPrefix)
    ? message.slice(RUN_FAILURE.storedPrefix.length).trim()
    : "";
  return RunErrorMessageSchema.parse({
    type: "error",
    error: reason ? RUN_FAILURE.plain : message,
    ...(reason ? { detail: reason } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  });
}
