/** Helpers for cooperative cancellation with the standard AbortSignal. */

/** An error whose name is "AbortError", as fetch and the AI SDK use. */
export function abortError(reason?: unknown): Error {
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  const err = new Error(typeof reason === "string" ? reason : "The operation was aborted");
  err.name = "AbortError";
  return err;
}

/** Throws an AbortError when `signal` is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal.reason);
}

/** True for errors produced by cancellation. */
export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === "AbortError";
}
