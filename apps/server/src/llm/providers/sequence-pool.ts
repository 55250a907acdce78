/**
 * The local model's context sequences as a pool: each call takes a free one
 * and gives it back when done, so up to `sequences` calls are evaluated
 * together (node-llama-cpp batches the sequences of one context).
 */

/** A FIFO pool of reusable items; `take` waits while all are in use. */
export class Pool<T> {
  private readonly free: T[];
  private readonly waiters: Array<(item: T) => void> = [];

  constructor(items: T[]) {
    if (items.length === 0) throw new Error("A pool needs at least one item");
    this.free = [...items];
  }

  /** Items not in use. */
  get available(): number {
    return this.free.length;
  }

  /** A free item, or the next one given back (first come, first served). */
  take(): Promise<T> {
    const item = this.free.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Returns an item taken before, handing it straight to the oldest waiter if any. */
  give(item: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.free.push(item);
  }
}
