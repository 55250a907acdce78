/**
 * The gateway's retry policy (the AI SDK's own retries are disabled): retry
 * rate limits (429), server errors (408/409/5xx), timeouts, network failures
 * and malformed answers with exponential backoff and jitter, honouring
 * Retry-After; give up at once on other client errors and on the caller's abort.
 */
import {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  NoContentGeneratedError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  TypeValidationError,
} from "ai";
import { LlmError } from "./errors";

/** A provider attempt that ran out of time (the gateway's per-call timeout). */
export class AttemptTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = "AttemptTimeout";
  }
}

/** The model answered, but not in the structure asked for. */
export class BadOutput extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BadOutput";
  }
}

/** How a failed attempt is treated. */
export interface Failure {
  kind: "rate_limit" | "server" | "timeout" | "network" | "bad_output" | "fatal";
  retryable: boolean;
  /** Delay the provider asked for (Retry-After), in ms. */
  retryAfterMs?: number;
  status?: number;
  message: string;
}

/** Longest wait between attempts, even when Retry-After asks for more. */
export const MAX_RETRY_DELAY_MS = 60_000;

/** Reads `retry-after-ms` or `retry-after` (seconds, fractions allowed, or an HTTP date). */
export function retryAfterMs(
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers["retry-after-ms"] ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers["retry-after"];
  if (!raw) return undefined;
  const seconds = Number(raw.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** Classifies an attempt's error. */
export function classify(error: unknown): Failure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof AttemptTimeout) return { kind: "timeout", retryable: true, message };
  if (
    error instanceof BadOutput ||
    NoObjectGeneratedError.isInstance(error) ||
    NoOutputGeneratedError.isInstance(error) ||
    JSONParseError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    // HTTP 200 with `"choices": []`, an empty body or no content: a broken answer, not a refusal.
    InvalidResponseDataError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error) ||
    NoContentGeneratedError.isInstance(error)
  ) {
    return { kind: "bad_output", retryable: true, message };
  }
  if (error instanceof LlmError)
    return { kind: "fatal", retryable: false, status: error.status, message };
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 429) {
      return {
        kind: "rate_limit",
        retryable: true,
        status,
        retryAfterMs: retryAfterMs(error.responseHeaders),
        message,
      };
    }
    if (status === undefined) return { kind: "network", retryable: true, message };
    if (status === 408 || status === 409 || status >= 500) {
      return {
        kind: "server",
        retryable: true,
        status,
        retryAfterMs: retryAfterMs(error.responseHeaders),
        message,
      };
    }
    // A 2xx whose body could not be read or parsed: a broken or truncated answer.
    if (status < 300) return { kind: "network", retryable: true, status, message };
    return { kind: "fatal", retryable: false, status, message };
  }
  if (
    error instanceof TypeError ||
    (error instanceof Error && /ECONNRESET|ECONNREFUSED|socket|terminated/i.test(message))
  ) {
    return { kind: "network", retryable: true, message };
  }
  return { kind: "fatal", retryable: false, message };
}

/** Options of one retried operation. */
export interface RetryOptions {
  maxRetries: number;
  baseDelayMs: number;
  /** The caller's signal: aborting stops at once, without retries. */
  signal?: AbortSignal;
  onRetry?: (info: { attempt: number; delayMs: number; failure: Failure }) => void;
  /** Jitter source in [0,1); tests may fix it. */
  random?: () => number;
}

/** The delay before retry number `retry` (1-based): Retry-After if given, else base·2^(retry-1) ±20 %. */
export function backoffDelay(
  retry: number,
  failure: Failure,
  baseDelayMs: number,
  random = Math.random,
): number {
  if (failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, MAX_RETRY_DELAY_MS);
  const exp = baseDelayMs * 2 ** (retry - 1);
  return Math.min(exp * (0.8 + 0.4 * random()), MAX_RETRY_DELAY_MS);
}

/**
 * Runs `attempt` until it succeeds, a failure is not retryable, the caller
 * aborts, or `maxRetries` retries are used. Throws the last error, with its
 * classification attached as `failure` and the attempt count as `attempts`.
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      const failure = classify(error);
      if (!failure.retryable || n > options.maxRetries) {
        throw new RetriesExhausted(failure, n, error);
      }
      const delayMs = backoffDelay(n, failure, options.baseDelayMs, options.random);
      options.onRetry?.({ attempt: n, delayMs, failure });
      await sleep(delayMs, options.signal);
    }
  }
}

/** The final failure of a retried operation. */
export class RetriesExhausted extends Error {
  constructor(
    readonly failure: Failure,
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(failure.message, { cause });
    this.name = "RetriesExhausted";
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
