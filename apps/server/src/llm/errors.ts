/**
 * Typed failures of the LLM gateway. They are HttpErrors, so a route that lets
 * one escape answers with the right status: 502 provider failure, 503 not
 * configured / unavailable, 504 timeout, 400 unknown model.
 */
import { HttpError } from "../errors";

/** Why an LLM call failed. */
export type LlmErrorCode =
  | "llm_provider_error"
  | "llm_timeout"
  | "llm_not_configured"
  | "llm_unknown_model";

const STATUS: Record<LlmErrorCode, number> = {
  llm_provider_error: 502,
  llm_timeout: 504,
  llm_not_configured: 503,
  llm_unknown_model: 400,
};

/** A failed LLM call, after the gateway's retries. */
export class LlmError extends HttpError {
  override readonly code: LlmErrorCode;
  /**
   * True when the call failed for a reason that may pass (provider errors,
   * timeouts, rate limits, malformed answers, after the retries), false for
   * configuration errors. The engine reads it (`isTransientLlmFailure`): a
   * transient failure leaves one example unscored instead of failing a run.
   */
  readonly transientLlmFailure: boolean;
  /**
   * True when the provider did answer (HTTP 2xx) but the answer was unusable:
   * malformed JSON, no choices, no content. The engine's outage detector
   * (`isMalformedLlmAnswer`) does not count such calls: the provider is up,
   * so pausing the run to wait for it would never help.
   */
  readonly malformedLlmAnswer: boolean;

  constructor(
    code: LlmErrorCode,
    message: string,
    options?: { cause?: unknown; transient?: boolean; malformed?: boolean },
  ) {
    super(STATUS[code], message, { code, cause: options?.cause });
    this.name = "LlmError";
    this.code = code;
    this.transientLlmFailure = options?.transient ?? false;
    this.malformedLlmAnswer = options?.malformed ?? false;
  }
}
