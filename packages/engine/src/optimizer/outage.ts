/**
 * Telling a few failed model calls from a provider outage. A call that fails
 * after the port's retries leaves one example unscored and the run goes on;
 * only when most calls of a sliding window fail does the run stop with a
 * ProviderOutageError, which the server turns into a pause: it waits for the
 * provider to answer again and resumes the run from its last checkpoint.
 */
import { isMalformedLlmAnswer, isTransientLlmFailure, type LlmPort } from "../ports";
import { isAbortError } from "../util/abort";

/** Thrown when the provider fails too many calls in a row to go on; the run can resume later. */
export class ProviderOutageError extends Error {
  constructor(
    message: string,
    readonly failed: number,
    readonly window: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ProviderOutageError";
  }
}

/** How the outage window is judged. */
export interface OutagePolicy {
  /** Most recent call outcomes kept. */
  window: number;
  /** Outcomes needed before an outage can be declared. */
  minCalls: number;
  /** Share of failed calls in the window above which the provider is considered down. */
  failureShare: number;
}

/** Defaults: of the last 20 calls (at least 8 seen), more than half failed. */
export const OUTAGE_POLICY: OutagePolicy = { window: 20, minCalls: 8, failureShare: 0.5 };

/** A sliding window of call outcomes that trips once when most of them failed. */
export class OutageDetector {
  private readonly outcomes: boolean[] = [];
  /** The outage, once declared (it stays declared: the run stops). */
  tripped: ProviderOutageError | null = null;

  constructor(private readonly policy: OutagePolicy = OUTAGE_POLICY) {}

  /** Records one finished call; returns the outage when this outcome declares it. */
  record(ok: boolean, cause?: unknown): ProviderOutageError | null {
    if (this.tripped) return null;
    this.outcomes.push(ok);
    if (this.outcomes.length > this.policy.window) this.outcomes.shift();
    const failed = this.outcomes.filter((o) => !o).length;
    if (
      this.outcomes.length >= this.policy.minCalls &&
      failed > this.policy.failureShare * this.outcomes.length
    ) {
      this.tripped = new ProviderOutageError(
        `the model provider failed ${failed} of the last ${this.outcomes.length} calls`,
        failed,
        this.outcomes.length,
        { cause },
      );
      return this.tripped;
    }
    return null;
  }
}

/**
 * Wraps `llm` so that every call's outcome feeds `detector`: a success counts
 * as answered, a transient failure (isTransientLlmFailure) as failed; a
 * malformed answer (isMalformedLlmAnswer: the provider is up but answered
 * badly), other errors and cancellations are not counted. When the detector declares an
 * outage, `onOutage` is called once (the loop aborts the run's calls there)
 * and later calls fail at once with the outage.
 */
export function outageGuardedPort(
  llm: LlmPort,
  detector: OutageDetector,
  onOutage: (outage: ProviderOutageError) => void,
): LlmPort {
  const watch = async <T>(call: () => Promise<T>): Promise<T> => {
    if (detector.tripped) throw detector.tripped;
    try {
      const result = await call();
      detector.record(true);
      return result;
    } catch (err) {
      if (!isAbortError(err) && isTransientLlmFailure(err) && !isMalformedLlmAnswer(err)) {
        const outage = detector.record(false, err);
        if (outage) onOutage(outage);
      }
      throw err;
    }
  };
  const port: LlmPort = {
    complete: (request) => watch(() => llm.complete(request)),
    completeStructured: (request) => watch(() => llm.completeStructured(request)),
  };
  if (llm.embed) {
    const embed = llm.embed.bind(llm);
    port.embed = (request) => watch(() => embed(request));
  }
  return port;
}
