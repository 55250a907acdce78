/**
 * The CLI's exit codes (documented in `promptune help` and docs/ci.md) and the
 * mapping of a failure to one of them, so a CI job can tell a worse prompt
 * (1) from a broken command line (2) and a provider outage (3).
 */
import { DatasetError, isAbortError, ProviderOutageError } from "@promptune/engine";
import { LlmError } from "../llm";
import { UsageError } from "./args-common";

/** Exit codes of `promptune`. */
export const EXIT = {
  ok: 0,
  /** A --min-score or --baseline/--max-drop check failed. */
  thresholdFailed: 1,
  /** Bad option, unknown dataset, unreadable or invalid file. */
  usage: 2,
  /** The model provider failed after retries (or the local model could not load). */
  provider: 3,
  /** Anything else: a bug. */
  internal: 4,
  cancelled: 130,
} as const;

/** The exit code and message for an error a command threw. */
export function classifyFailure(err: unknown): { code: number; message: string } {
  // A run stopped by a provider outage: the provider's own failure says what went wrong.
  if (err instanceof ProviderOutageError) {
    const cause = err.cause instanceof Error ? classifyFailure(err.cause) : null;
    return cause && cause.code === EXIT.provider
      ? cause
      : { code: EXIT.provider, message: err.message };
  }
  if (err instanceof UsageError || err instanceof DatasetError)
    return { code: EXIT.usage, message: err.message };
  if (err instanceof LlmError || (err instanceof Error && err.name === "ServerError"))
    return { code: EXIT.provider, message: err.message };
  if (isAbortError(err)) return { code: EXIT.cancelled, message: "cancelled" };
  const message = err instanceof Error ? err.message : String(err);
  return { code: EXIT.internal, message: `unexpected error: ${message}` };
}
