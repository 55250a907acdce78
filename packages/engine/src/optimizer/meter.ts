/**
 * The run's view of the model port: every model call is counted against the
 * run's call budget (an answer from the gateway's response cache is not),
 * limited by the concurrency semaphore, and kept under the run's cost cap by
 * the bounds of cost-bound.ts; its usage is added to the run total and to
 * the current iteration's bucket.
 */
import { addUsage, emptyUsage, isTransientLlmFailure, type LlmPort, type LlmUsage } from "../ports";
import { throwIfAborted } from "../util/abort";
import type { Semaphore } from "../util/limit";
import {
  CallCostBounds,
  type CallShape,
  completionShape,
  embeddingShape,
  type ModelPrice,
} from "./cost-bound";

/** Thrown (without calling the model) when a call would exceed the run's call budget. */
export class BudgetExhaustedError extends Error {
  constructor(readonly maxCalls: number) {
    super(`the run's budget of ${maxCalls} model calls is used up`);
    this.name = "BudgetExhaustedError";
  }
}

/**
 * Thrown (without calling the model) when another call could take the run's
 * measured cost above its cost cap. A kind of budget exhaustion: the run
 * stops proposing and ends with what it has.
 */
export class CostCapReachedError extends BudgetExhaustedError {
  constructor(readonly maxCostUsd: number) {
    super(0);
    this.message = `the run's cost cap of $${maxCostUsd} is reached`;
    this.name = "CostCapReachedError";
  }
}

/** What `reserve` hands back for `settle`: the cost the call was allowed for. */
export interface CallTicket {
  boundUsd: number;
}

/**
 * With a cost cap, calls run one at a time until one has cost something (so
 * the first batch cannot overshoot); after this many free calls (local
 * models) they run in parallel again.
 */
const FREE_CALLS_BEFORE_PARALLEL = 4;

/** Mutable usage accounting of one run. */
export class RunMeter {
  total: LlmUsage;
  iteration: LlmUsage = emptyUsage();
  /**
   * Calls started so far (counted at start; a call that fails transiently,
   * after the port's retries, is given back: it answered nothing, and the
   * example it served is tried again; so is one the gateway answered from
   * its response cache, which called no model).
   */
  issued: number;
  /** True once a call was refused by the cost cap. */
  costCapped = false;
  /** Calls started and not yet finished. */
  private inFlight = 0;
  /** What the calls in flight may still add (the sum of their bounds). */
  private inFlightBoundUsd = 0;
  /** What this run's calls have shown about their costs (cost-bound.ts). */
  private readonly bounds: CallCostBounds;
  /** Calls finished (answered or failed) since this meter was made, and those that cost something. */
  private settled = 0;
  private costed = 0;
  private onFirstSettled: () => void = () => {};
  /** Resolves when the next call finishes. */
  private nextSettled = this.newSettledPromise();

  private newSettledPromise(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.onFirstSettled = resolve;
    });
  }

  /** Resolves when the next call has finished (and its cost is known). */
  callSettled(): Promise<void> {
    return this.nextSettled;
  }

  constructor(
    readonly maxCalls: number,
    total: LlmUsage = emptyUsage(),
    issued = 0,
    /** Most the run may spend in USD (measured: the cost the port reports per call). */
    readonly maxCostUsd?: number,
    /** Model prices, when known: a first call on a dearer model is bounded by the ratio. */
    priceOf?: ModelPrice,
  ) {
    this.total = { ...total };
    this.issued = issued;
    this.bounds = new CallCostBounds(priceOf);
  }

  /** Calls still allowed. */
  remaining(): number {
    return Math.max(0, this.maxCalls - this.issued);
  }

  /** Starts a new iteration bucket. */
  startIteration(): void {
    this.iteration = emptyUsage();
  }

  /** Reserves one call of `shape` or throws BudgetExhaustedError. */
  reserve(shape: CallShape): CallTicket {
    if (this.issued >= this.maxCalls) throw new BudgetExhaustedError(this.maxCalls);
    const boundUsd = this.maxCostUsd === undefined ? 0 : this.bounds.boundOf(shape);
    if (this.maxCostUsd !== undefined && this.wouldExceedCost(boundUsd)) {
      this.costCapped = true;
      throw new CostCapReachedError(this.maxCostUsd);
    }
    this.issued++;
    this.inFlight++;
    this.inFlightBoundUsd += boundUsd;
    return { boundUsd };
  }

  /**
   * Whether a call bounded by `boundUsd` could take the measured cost above
   * the cap: the cost so far plus the bounds of the calls in flight and its own.
   */
  private wouldExceedCost(boundUsd: number): boolean {
    const max = this.maxCostUsd ?? Number.POSITIVE_INFINITY;
    return this.total.costUsd >= max || this.total.costUsd + this.inFlightBoundUsd + boundUsd > max;
  }

  /** Gives back the reservation of a call that failed transiently. */
  refund(): void {
    this.issued = Math.max(0, this.issued - 1);
  }

  /** Marks a reserved call as finished (answered or failed). */
  settle(ticket: CallTicket): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.inFlightBoundUsd =
      this.inFlight === 0 ? 0 : Math.max(0, this.inFlightBoundUsd - ticket.boundUsd);
    this.settled++;
    const resolve = this.onFirstSettled;
    this.nextSettled = this.newSettledPromise();
    resolve();
  }

  /**
   * With a cost cap, no call's cost is known until one has finished: until
   * then only one call may be in flight, so the first batch cannot overshoot.
   */
  mustWaitForFirstCost(key: string): boolean {
    if (this.maxCostUsd === undefined || this.inFlight === 0) return false;
    if (this.costed === 0 && this.settled < FREE_CALLS_BEFORE_PARALLEL) return true;
    // a kind's first call runs alone too: what it costs is unknown until one has answered
    return this.costed > 0 && !this.bounds.knows(key);
  }

  /**
   * With a cost cap, whether a call of `shape` fits under the cap on its own
   * but not beside the calls in flight: it waits for them to finish rather
   * than ending the run while the money left would pay for it.
   */
  mustWaitForRoom(shape: CallShape): boolean {
    if (this.maxCostUsd === undefined || this.inFlight === 0) return false;
    const bound = this.bounds.boundOf(shape);
    return (
      this.total.costUsd + bound <= this.maxCostUsd &&
      this.total.costUsd + this.inFlightBoundUsd + bound > this.maxCostUsd
    );
  }

  /** Records a finished call's usage (`shape`: its kind and size, for the bounds of later calls). */
  record(usage: LlmUsage, shape: CallShape): void {
    this.total = addUsage(this.total, usage);
    this.iteration = addUsage(this.iteration, usage);
    if (usage.costUsd > 0) this.costed++;
    this.bounds.record(usage, shape, !isCacheHit(usage));
  }
}

/** Whether a call's usage says it was answered from a response cache, not by a model. */
export function isCacheHit(usage: LlmUsage): boolean {
  return usage.calls === 0 && usage.cachedCalls > 0;
}

/**
 * Wraps `llm` so that every call waits for a concurrency slot, then is
 * checked for cancellation and counted against the budget, then runs; its
 * usage is recorded when it returns.
 *
 * A request's own signal only decides whether the call may still start:
 * once a call is sent, only `runSignal` (the run stopped by its user or an
 * outage) aborts it. A stage that fails — the budget or the cost cap refused
 * one of its calls — starts nothing more, but lets the calls already sent
 * finish, so the provider's answer to each is counted and costed rather
 * than paid for and never seen.
 */
export function meteredPort(
  llm: LlmPort,
  meter: RunMeter,
  semaphore: Semaphore,
  runSignal?: AbortSignal,
): LlmPort {
  const guarded = <T extends { usage: LlmUsage }>(
    signal: AbortSignal | undefined,
    shape: CallShape,
    call: (sent: AbortSignal | undefined) => Promise<T>,
  ) =>
    semaphore.run(async () => {
      while (meter.mustWaitForFirstCost(shape.key) || meter.mustWaitForRoom(shape))
        await meter.callSettled();
      throwIfAborted(signal);
      throwIfAborted(runSignal);
      const ticket = meter.reserve(shape);
      let result: T;
      try {
        result = await call(runSignal ?? signal);
      } catch (err) {
        if (isTransientLlmFailure(err)) meter.refund();
        throw err;
      } finally {
        meter.settle(ticket);
      }
      meter.record(result.usage, shape);
      // answered from the gateway's cache: no model was called, so the budget is not spent
      if (isCacheHit(result.usage)) meter.refund();
      return result;
    });
  const port: LlmPort = {
    complete: (request) =>
      guarded(request.signal, completionShape(request), (sent) =>
        llm.complete({ ...request, signal: sent }),
      ),
    completeStructured: (request) =>
      guarded(request.signal, completionShape(request), (sent) =>
        llm.completeStructured({ ...request, signal: sent }),
      ),
  };
  if (llm.embed) {
    const embed = llm.embed.bind(llm);
    port.embed = (request) =>
      guarded(request.signal, embeddingShape(request), (sent) =>
        embed({ ...request, signal: sent }),
      );
  }
  return port;
}
