/** Queue lane of a waiter: urgent waiters are served before normal ones. */
export type Lane = "urgent" | "normal";

/**
 * A counting semaphore: at most `limit` holders at a time, FIFO waiters per
 * lane with the urgent lane served first, and a waiter that gives up (abort
 * signal) leaves the queue without a slot. The limit can change while in use
 * (the gateway's adaptive limiter moves it): raising it admits waiters at
 * once; lowering it lets holders finish and admits no one until the count
 * is below the new limit.
 */
export class Semaphore {
  private active = 0;
  private current: number;
  private readonly urgent: Array<{ grant: () => void }> = [];
  private readonly normal: Array<{ grant: () => void }> = [];

  constructor(limit: number) {
    Semaphore.check(limit);
    this.current = limit;
  }

  private static check(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error("Semaphore limit must be a positive integer");
  }

  /** Most holders at a time. */
  get limit(): number {
    return this.current;
  }

  /** Changes the limit; waiters are admitted at once when it grows. */
  setLimit(limit: number): void {
    Semaphore.check(limit);
    this.current = limit;
    while (this.active < this.current) {
      const next = this.urgent.shift() ?? this.normal.shift();
      if (!next) break;
      this.active++;
      next.grant();
    }
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
    if (this.active < this.current) {
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
      // Hand the slot over only while within the limit (it may have been lowered).
      const next =
        this.active <= this.current ? (this.urgent.shift() ?? this.normal.shift()) : undefined;
      if (next) next.grant();
      else this.active--;
    };
  }
}
