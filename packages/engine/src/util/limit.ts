/**
 * Concurrency limiting: a FIFO semaphore, so a run never has more than N model
 * calls in flight however many examples it evaluates at once.
 */

/** A counting semaphore with first-in-first-out waiters. */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error("concurrency limit must be at least 1");
  }

  /** Runs `task` once a slot is free and releases the slot when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/**
 * Maps `items` with `fn`, all started at once (the semaphore in the port does
 * the limiting), and returns results in input order. On the first rejection
 * `onFirstError` is called (the optimiser aborts its in-flight calls there);
 * the map rejects with that first error once every started task has settled,
 * so no work is left running unobserved.
 */
export async function mapAll<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
  onFirstError?: (err: unknown) => void,
): Promise<R[]> {
  let first: { err: unknown } | undefined;
  const settled = await Promise.allSettled(
    items.map((item, i) =>
      fn(item, i).catch((err: unknown) => {
        if (!first) {
          first = { err };
          onFirstError?.(err);
        }
        throw err;
      }),
    ),
  );
  if (first) throw first.err;
  return settled.map((s) => (s as PromiseFulfilledResult<R>).value);
}

/**
 * Promise.all that waits for every promise to settle before it rejects with
 * the first failure (in argument order): a failed branch never leaves its
 * siblings' model calls running unobserved, so every call that was sent is
 * answered and counted before the caller moves on (or the run ends).
 */
export async function allFinished<T extends readonly unknown[]>(
  promises: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
