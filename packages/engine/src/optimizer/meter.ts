/**
 * The run's view of the model port: every call is counted against the run's
 * call budget, limited by the concurrency semaphore, and its usage is added
 * to the run total and to the current iteration's bucket.
 */
import { addUsage, emptyUsage, type LlmPort, type LlmUsage } from "../ports";
import { throwIfAborted } from "../util/abort";
import type { Semaphore } from "../util/limit";

/** Thrown (without calling the model) when a call would exceed the run's call budget. */
export class BudgetExhaustedError extends Error {
  constructor(readonly maxCalls: number) {
    super(`the run's budget of ${maxCalls} model calls is used up`);
    this.name = "BudgetExhaustedError";
  }
}

/** Mutable usage accounting of one run. */
export class RunMeter {
  total: LlmUsage;
  iteration: LlmUsage = emptyUsage();
  /** Calls started so far (counted at start, whether they succeed or not). */
  issued: number;

  constructor(
    readonly maxCalls: number,
    total: LlmUsage = emptyUsage(),
    issued = 0,
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

  /** Reserves one call or throws BudgetExhaustedError. */
  reserve(): void {
    if (this.issued >= this.maxCalls) throw new BudgetExhaustedError(this.maxCalls);
    this.issued++;
  }

  /** Records a finished call's usage. */
  record(usage: LlmUsage): void {
    this.total = addUsage(this.total, usage);
    this.iteration = addUsage(this.iteration, usage);
  }
}

/**
 * Wraps `llm` so that every call waits for a concurrency slot, then is
 * checked for cancellation and counted against the budget, then runs; its
 * usage is recorded when it returns.
 */
export function meteredPort(llm: LlmPort, meter: RunMeter, semaphore: Semaphore): LlmPort {
  const guarded = <T extends { usage: LlmUsage }>(
    signal: AbortSignal | undefined,
    call: () => Promise<T>,
  ) =>
    semaphore.run(async () => {
      throwIfAborted(signal);
      meter.reserve();
      const result = await call();
      meter.record(result.usage);
      return result;
    });
  const port: LlmPort = {
    complete: (request) => guarded(request.signal, () => llm.complete(request)),
    completeStructured: (request) => guarded(request.signal, () => llm.completeStructured(request)),
  };
  if (llm.embed) {
    const embed = llm.embed.bind(llm);
    port.embed = (request) => guarded(request.signal, () => embed(request));
  }
  return port;
}
