/** Queue lane of a waiter: urgent waiters are served before normal ones. */
export type Lane = "urgent" | "normal";

/**
 * A counting semaphore: at most `limit` holders at a time, FIFO waiters per
 * lane with the urgent lane served first, and a waiter that gives up (abort
 * signal) leaves the queue without a slot.
 */
export class Semaphore {
  private active = 0;
  private readonly urgent: Array<{ grant: () => void }> = [];
  private readonly normal: Array<{ grant: () => void }> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error("Semaphore limit must be a positive integer");
  }

  /** Holders right now. */
  get running(): number {
    return this.active;
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.urgent.length + this.normal.length;
  }

  /** Waits for a slot; resolves to its release function (idempotent). */
  acquire(signal?: AbortSignal, lane: Lane = "normal"): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve(this.releaser());
        },
      };
      const queue = lane === "urgent" ? this.urgent : this.normal;
      const onAbort = () => {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      queue.push(waiter);
    });
  }

  /** Runs fn while holding a slot. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal, lane: Lane = "normal"): Promise<T> {
    const release = await this.acquire(signal, lane);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.urgent.shift() ?? this.normal.shift();
      if (next) next.grant();
      else this.active--;
    };
  }
}
