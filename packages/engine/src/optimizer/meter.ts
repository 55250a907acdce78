/**
 * The run's view of the model port: every model call is counted against the
 * run's call budget (an answer from the gateway's response cache is not), limited by the concurrency semaphore, and its usage is added
 * to the run total and to the current iteration's bucket.
 */
import {
  addUsage,
  type CompletionRequest,
  emptyUsage,
  isTransientLlmFailure,
  type LlmPort,
  type LlmUsage,
} from "../ports";
import { throwIfAborted } from "../util/abort";
import type { Semaphore } from "../util/limit";

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

/**
 * With a cost cap, each call is assumed to cost up to this many times its
 * estimate (see `RunMeter.boundOf`).
 */
const COST_SAFETY = 2;

/** What a call's cost grows with: the characters it sends (messages or texts to embed). */
export function requestSize(request: {
  messages?: readonly { content: string }[];
  texts?: readonly string[];
}): number {
  const messages = request.messages ?? [];
  const texts = request.texts ?? [];
  return Math.max(
    1,
    messages.reduce((n, m) => n + m.content.length, 0) + texts.reduce((n, t) => n + t.length, 0),
  );
}

/** One call as the cost cap sees it: its kind (purpose and model), its model and its size. */
export interface CallShape {
  key: string;
  model: string;
  size: number;
}

/** A model's dearest price per million tokens (input or output), null when unknown. */
export type ModelPrice = (model: string) => number | null;

/** The dearer of a model's input and output price from a price lookup (undefined without one). */
export function dearestPrice(
  price: ((model: string) => { input: number; output: number } | null) | undefined,
): ModelPrice | undefined {
  if (!price) return undefined;
  return (model) => {
    const p = price(model);
    return p ? Math.max(p.input, p.output) : null;
  };
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

/** The kind of embedding calls (their requests name no model). */
const EMBEDDING_KEY = "embedding";

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
  /** The dearest single call so far. */
  private dearestCallUsd = 0;
  /** Per kind of call (purpose and model) answered in this run, its largest call so far. */
  private largestCall = new Map<string, { model: string; size: number; costUsd: number }>();
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
    private readonly priceOf?: ModelPrice,
  ) {
    this.total = { ...total };
    this.issued = issued;
  }

  /** Calls still allowed. */
  remaining(): number {
    return Math.max(0, this.maxCalls - this.issued);
  }

  /** Starts a new iteration bucket. */
  startIteration(): void {
    this.iteration = emptyUsage();
  }

  /**
   * Reserves one call of `shape` (a call of unknown shape is bounded by the
   * dearest call seen) or throws BudgetExhaustedError.
   */
  reserve(shape?: CallShape): CallTicket {
    if (this.issued >= this.maxCalls) throw new BudgetExhaustedError(this.maxCalls);
    const boundUsd = this.maxCostUsd === undefined ? 0 : this.boundOf(shape);
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
   * The most a call may cost, as far as this run can tell before sending it:
   * twice the larger of the dearest call seen and a price by size. Prices
   * grow with what is sent (a long example's reply costs many short ones; a
   * reflection's material grows during the run), so a call of a kind that
   * has answered is scaled from that kind's largest call. A kind's first
   * call (its shape unknown: a reflection carries many examples, a grading a
   * rubric) is scaled from the kind that costs most per character, times how
   * much dearer its model is when the run knows the prices — an
   * overestimate near the cap rather than an overshoot.
   */
  private boundOf(shape: CallShape | undefined): number {
    let scaled = 0;
    if (shape) {
      const own = this.largestCall.get(shape.key);
      const refs = own ? [own] : [...this.largestCall.values()];
      const ratio = (model: string) => {
        const mine = this.priceOf?.(shape.model);
        const theirs = this.priceOf?.(model);
        return mine && theirs ? Math.max(1, mine / theirs) : 1;
      };
      scaled = Math.max(
        0,
        ...refs.map((r) => ((r.costUsd * shape.size) / Math.max(1, r.size)) * ratio(r.model)),
      );
    }
    return COST_SAFETY * Math.max(this.dearestCallUsd, scaled);
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
  settle(ticket?: CallTicket): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.inFlightBoundUsd =
      this.inFlight === 0 ? 0 : Math.max(0, this.inFlightBoundUsd - (ticket?.boundUsd ?? 0));
    this.settled++;
    const resolve = this.onFirstSettled;
    this.nextSettled = this.newSettledPromise();
    resolve();
  }

  /**
   * With a cost cap, no call's cost is known until one has finished: until
   * then only one call may be in flight, so the first batch cannot overshoot.
   */
  mustWaitForFirstCost(key?: string): boolean {
    if (this.maxCostUsd === undefined || this.inFlight === 0) return false;
    if (this.costed === 0 && this.settled < FREE_CALLS_BEFORE_PARALLEL) return true;
    // a kind's first call runs alone too: what it costs is unknown until one has answered
    return key !== undefined && this.costed > 0 && !this.largestCall.has(key);
  }

  /**
   * With a cost cap, whether a call of `shape` fits under the cap on its own
   * but not beside the calls in flight: it waits for them to finish rather
   * than ending the run while the money left would pay for it.
   */
  mustWaitForRoom(shape?: CallShape): boolean {
    if (this.maxCostUsd === undefined || this.inFlight === 0) return false;
    const bound = this.boundOf(shape);
    return (
      this.total.costUsd + bound <= this.maxCostUsd &&
      this.total.costUsd + this.inFlightBoundUsd + bound > this.maxCostUsd
    );
  }

  /** Records a finished call's usage (`shape`: the call's model and size, for the bounds of larger calls). */
  record(usage: LlmUsage, shape?: CallShape): void {
    this.total = addUsage(this.total, usage);
    this.iteration = addUsage(this.iteration, usage);
    this.dearestCallUsd = Math.max(this.dearestCallUsd, usage.costUsd);
    if (usage.costUsd > 0) this.costed++;
    if (shape && !isCacheHit(usage)) {
      const largest = this.largestCall.get(shape.key);
      if (
        !largest ||
        shape.size > largest.size ||
        (shape.size === largest.size && usage.costUsd > largest.costUsd)
      )
        this.largestCall.set(shape.key, {
          model: shape.model,
          size: shape.size,
          costUsd: usage.costUsd,
        });
    }
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
  const shapeOf = (request: CompletionRequest): CallShape => ({
    key: `${request.purpose} ${request.model}`,
    model: request.model,
    size: requestSize(request),
  });
  const port: LlmPort = {
    complete: (request) =>
      guarded(request.signal, shapeOf(request), (sent) =>
        llm.complete({ ...request, signal: sent }),
      ),
    completeStructured: (request) =>
      guarded(request.signal, shapeOf(request), (sent) =>
        llm.completeStructured({ ...request, signal: sent }),
      ),
  };
  if (llm.embed) {
    const embed = llm.embed.bind(llm);
    port.embed = (request) =>
      guarded(
        request.signal,
        { key: EMBEDDING_KEY, model: EMBEDDING_KEY, size: requestSize(request) },
        (sent) => embed({ ...request, signal: sent }),
      );
  }
  return port;
}
