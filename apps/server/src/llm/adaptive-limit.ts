/**
 * Adaptive concurrency per provider (AIMD, as TCP's congestion window). Until
 * the provider first pushes back, every call that succeeds while demand
 * filled the limit raises it by one (slow start: the limit doubles per
 * window, so a healthy provider is used fully within the first iteration).
 * When the provider answers 429 or asks to back off with Retry-After, the
 * limit halves, and from then on it grows by one per window of successful
 * calls. A burst of rate-limited answers to calls started before the cut
 * halves the limit once, not once per answer. The limit stays within
 * [min, max]; with min = max it is a plain fixed limit.
 */
import { type Lane, Semaphore, type SlotClaim } from "./semaphore";

/** Bounds and starting point of an adaptive limit. */
export interface AdaptiveLimitOptions {
  /** Limit at start (the configured LLM_CONCURRENCY). */
  initial: number;
  /** Highest limit it may grow to. */
  max: number;
  /** Lowest limit it may shrink to. Default 1. */
  min?: number;
  /** Called whenever the integer limit changes (for logs). */
  onChange?: (limit: number, reason: "grow" | "backoff") => void;
}

/** How a call that held a slot ended. */
export type SlotOutcome = "success" | "backoff" | "failure";

/** A held slot: report how the call ended exactly once (later reports are ignored). */
export type SlotRelease = (outcome: SlotOutcome) => void;

/** A semaphore whose limit follows additive increase / multiplicative decrease. */
export class AdaptiveLimit {
  private readonly semaphore: Semaphore;
  private readonly min: number;
  private readonly max: number;
  /** The limit as a real number; the semaphore holds its integer part. */
  private window: number;
  /** Counts the cuts; a call only cuts the limit if none happened since it started. */
  private epoch = 0;
  /** Slow start: +1 per success until the first cut, then +1 per window. */
  private slowStart = true;

  constructor(private readonly options: AdaptiveLimitOptions) {
    this.min = Math.max(1, Math.floor(options.min ?? 1));
    this.max = Math.max(this.min, Math.floor(options.max));
    this.window = Math.min(this.max, Math.max(this.min, Math.floor(options.initial)));
    this.semaphore = new Semaphore(this.window);
  }

  /** The current limit. */
  get limit(): number {
    return this.semaphore.limit;
  }

  /** Calls holding a slot. */
  get running(): number {
    return this.semaphore.running;
  }

  /** Slots held right now by one claim key (a user). */
  heldBy(key: string): number {
    return this.semaphore.heldBy(key);
  }

  /** Calls waiting for a slot. */
  get waiting(): number {
    return this.semaphore.waiting;
  }

  /**
   * Waits for a slot (urgent lane first, fair across claim keys, abortable).
   * The returned function frees the slot and feeds the outcome into the limit.
   */
  async acquire(
    signal?: AbortSignal,
    lane: Lane = "normal",
    claim: SlotClaim = {},
  ): Promise<SlotRelease> {
    const release = await this.semaphore.acquire(signal, lane, claim);
    const epoch = this.epoch;
    let done = false;
    return (outcome) => {
      if (done) return;
      done = true;
      // The limit was binding if, as this call ends, holders and waiters fill it.
      const saturated = this.semaphore.running + this.semaphore.waiting >= this.semaphore.limit;
      // Move the limit first, so a cut is in force before this slot is handed on.
      if (outcome === "success" && saturated) this.grow();
      else if (outcome === "backoff" && epoch === this.epoch) this.backoff();
      release();
    };
  }

  private grow(): void {
    if (this.window >= this.max) return;
    const step = this.slowStart ? 1 : 1 / Math.floor(this.window);
    this.window = Math.min(this.max, this.window + step);
    this.apply("grow");
  }

  private backoff(): void {
    this.epoch++;
    this.slowStart = false;
    this.window = Math.max(this.min, Math.floor(this.window / 2));
    this.apply("backoff");
  }

  private apply(reason: "grow" | "backoff"): void {
    const next = Math.floor(this.window);
    if (next === this.semaphore.limit) return;
    this.semaphore.setLimit(next);
    this.options.onChange?.(next, reason);
  }
}
