/** Queue lane of a waiter: urgent waiters are served before normal ones. */
export type Lane = "urgent" | "normal";

/** Who a slot is for: callers with the same key share a queue and a cap. */
export interface SlotClaim {
  /** The caller's queue (a user id); "" is the shared queue of unattributed calls. */
  key?: string;
  /** Most slots this key may hold at once; unset means no cap but the limit. */
  cap?: (limit: number) => number;
}

interface Waiter {
  key: string;
  cap: ((limit: number) => number) | undefined;
  grant: () => void;
}

/**
 * Waiters of one lane, queued per key and served round robin across keys
 * (fair queuing): a key with a thousand waiters and a key with one each get
 * the next free slot in turn, so one caller's backlog cannot delay another's
 * call by more than one turn.
 */
class FairLane {
  /** Keys with waiters, in the order they are served next. */
  private readonly order: string[] = [];
  private readonly queues = new Map<string, Waiter[]>();

  get size(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  push(waiter: Waiter): void {
    let queue = this.queues.get(waiter.key);
    if (!queue) {
      queue = [];
      this.queues.set(waiter.key, queue);
      this.order.push(waiter.key);
    }
    queue.push(waiter);
  }

  remove(waiter: Waiter): boolean {
    const queue = this.queues.get(waiter.key);
    const i = queue?.indexOf(waiter) ?? -1;
    if (!queue || i < 0) return false;
    queue.splice(i, 1);
    if (queue.length === 0) this.drop(waiter.key);
    return true;
  }

  /** The first waiter, in round-robin key order, that `eligible` admits; it is dequeued. */
  take(eligible: (w: Waiter) => boolean): Waiter | undefined {
    for (let i = 0; i < this.order.length; i++) {
      const key = this.order[i] as string;
      const queue = this.queues.get(key) as Waiter[];
      const head = queue[0] as Waiter;
      if (!eligible(head)) continue;
      queue.shift();
      // The served key goes to the back of the round.
      this.order.splice(i, 1);
      if (queue.length > 0) this.order.push(key);
      else this.queues.delete(key);
      return head;
    }
    return undefined;
  }

  private drop(key: string): void {
    this.queues.delete(key);
    const i = this.order.indexOf(key);
    if (i >= 0) this.order.splice(i, 1);
  }
}

/**
 * A counting semaphore: at most `limit` holders at a time, the urgent lane
 * served first, and within a lane fair queuing across keys (FIFO within a
 * key). A key may carry a cap (most slots it may hold at once), so one
 * caller can never take every slot. A waiter that gives up (abort signal)
 * leaves the queue without a slot. The limit can change while in use (the
 * gateway's adaptive limiter moves it): raising it admits waiters at once;
 * lowering it lets holders finish and admits no one until the count is
 * below the new limit.
 */
export class Semaphore {
  private active = 0;
  private current: number;
  private readonly urgent = new FairLane();
  private readonly normal = new FairLane();
  /** Slots held per key. */
  private readonly held = new Map<string, number>();

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
    this.dispatch();
  }

  /** Holders right now. */
  get running(): number {
    return this.active;
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.urgent.size + this.normal.size;
  }

  /** Slots held right now by `key`. */
  heldBy(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** Waits for a slot; resolves to its release function (idempotent). */
  acquire(signal?: AbortSignal, lane: Lane = "normal", claim: SlotClaim = {}): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const key = claim.key ?? "";
    const cap = claim.cap;
    // After every dispatch no waiter could take a free slot, so one free now is ours if our cap allows.
    if (this.active < this.current && this.underCap(key, cap)) {
      this.take(key);
      return Promise.resolve(this.releaser(key));
    }
    return new Promise((resolve, reject) => {
      const queue = lane === "urgent" ? this.urgent : this.normal;
      const waiter: Waiter = {
        key,
        cap,
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve(this.releaser(key));
        },
      };
      const onAbort = () => {
        queue.remove(waiter);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      queue.push(waiter);
      this.dispatch();
    });
  }

  /** Runs fn while holding a slot. */
  async run<T>(
    fn: () => Promise<T>,
    signal?: AbortSignal,
    lane: Lane = "normal",
    claim: SlotClaim = {},
  ): Promise<T> {
    const release = await this.acquire(signal, lane, claim);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private underCap(key: string, cap: ((limit: number) => number) | undefined): boolean {
    return cap === undefined || this.heldBy(key) < Math.max(1, cap(this.current));
  }

  private take(key: string): void {
    this.active++;
    this.held.set(key, this.heldBy(key) + 1);
  }

  /** Grants free slots to eligible waiters: urgent lane first, round robin across keys. */
  private dispatch(): void {
    const eligible = (w: Waiter) => this.underCap(w.key, w.cap);
    while (this.active < this.current) {
      const next = this.urgent.take(eligible) ?? this.normal.take(eligible);
      if (!next) break;
      this.take(next.key);
      next.grant();
    }
  }

  private releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      const left = this.heldBy(key) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
      this.dispatch();
    };
  }
}
