/**
 * Turns a call that failed after its retries into the user-facing LlmError:
 * status by cause (504 timeout, 502 provider failure) and a message that says
 * what went wrong and, where it helps, what to check. The provider's own
 * error text (addresses, ports, stack details) stays in the error's cause,
 * which is logged, and never reaches the message users see.
 */
import type { ModelRef } from "./env";
import { LlmError } from "./errors";
import type { RetriesExhausted } from "./retry";

/** The user-facing error for a call that failed after its retries. */
export function toLlmError(error: RetriesExhausted, ref: ModelRef, timeoutMs: number): LlmError {
  if (error.cause instanceof LlmError) return error.cause;
  const { failure, attempts } = error;
  const tries = `${attempts} attempt${attempts === 1 ? "" : "s"}`;
  // HTTP 2xx with an unusable body: the provider answered, it is not down.
  const malformed =
    failure.kind === "bad_output" ||
    (failure.kind === "network" && failure.status !== undefined && failure.status < 300);
  const options = { cause: error.cause, transient: failure.retryable, malformed };
  switch (failure.kind) {
    case "timeout":
      return new LlmError(
        "llm_timeout",
        `The model "${ref.id}" did not answer within ${timeoutMs} ms (${tries}).`,
        options,
      );
    case "rate_limit":
      return new LlmError(
        "llm_provider_error",
        `The LLM provider is rate-limiting requests for "${ref.id}" (HTTP 429, ${tries}). Please try again later.`,
        options,
      );
    case "bad_output":
      return new LlmError(
        "llm_provider_error",
        `The model "${ref.id}" did not return the expected structured output (${tries}).`,
        options,
      );
    default:
      break;
  }
  if (failure.status === 401 || failure.status === 403) {
    return new LlmError(
      "llm_provider_error",
      `The LLM provider refused the credentials (HTTP ${failure.status}). Check OPENAI_API_KEY.`,
      options,
    );
  }
  if (failure.status === 404) {
    return new LlmError(
      "llm_provider_error",
      `The LLM provider does not serve the model "${ref.id}" (HTTP 404).`,
      options,
    );
  }
  const status = failure.status ? ` (HTTP ${failure.status})` : "";
  return new LlmError(
    "llm_provider_error",
    `The LLM provider failed for "${ref.id}"${status} after ${tries}.`,
    options,
  );
}
