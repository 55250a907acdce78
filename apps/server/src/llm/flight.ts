/**
 * Single flight over the response cache: one in-flight request per cache key;
 * identical deterministic calls made meanwhile wait for it instead of paying
 * again, and later ones read the cache. The cache lookup is part of the
 * flight, so no window exists in which two callers both miss and both call.
 */
import type { ResponseCache } from "./cache";
import type { ProviderTokens } from "./providers/types";
import { allowSharedSignal } from "./slots";

/** What the cache keeps for a call: the answer and the tokens it cost. */
export interface Stored<V> extends ProviderTokens {
  value: V;
}

/** One request in flight for a cache key and the callers waiting for it. */
interface Flight {
  promise: Promise<{ stored: Stored<unknown>; fromCache: boolean }>;
  /** Aborts the request once no caller is left waiting for it. */
  controller: AbortController;
  waiting: number;
  /** A caller without a signal cannot leave, so the request always completes. */
  pinned: boolean;
}

/** Coalesces identical deterministic calls and fills the cache. */
export class CachedFlights {
  private readonly inflight = new Map<string, Flight>();

  constructor(
    private readonly cache: ResponseCache,
    private readonly log?: { warn: (obj: object, msg?: string) => void },
  ) {}

  /**
   * The answer for `key`: from the flight already running, the cache, or
   * `produce`. One caller leaving does not fail the others; the request is
   * aborted (and never sent if it still waits for a slot) only when every
   * caller waiting for it has aborted, so a cancelled run stops its calls at
   * once. `paid` is true only for the caller whose request was made.
   */
  async run<V>(
    key: string,
    signal: AbortSignal | undefined,
    produce: (signal: AbortSignal) => Promise<Stored<V>>,
  ): Promise<{ stored: Stored<V>; paid: boolean }> {
    let flight = this.inflight.get(key);
    let leader = false;
    if (!flight) {
      leader = true;
      const controller = new AbortController();
      const created: Flight = {
        controller,
        waiting: 0,
        pinned: false,
        promise: this.fly(key, () => produce(controller.signal)),
      };
      flight = created;
      this.inflight.set(key, created);
      const forget = () => {
        if (this.inflight.get(key) === created) this.inflight.delete(key);
      };
      created.promise.then(forget, forget);
    }
    const joined = flight;
    allowSharedSignal(signal);
    joined.waiting++;
    if (!signal) joined.pinned = true;
    const leave = () => {
      joined.waiting--;
      if (joined.waiting === 0 && !joined.pinned) {
        if (this.inflight.get(key) === joined) this.inflight.delete(key);
        joined.controller.abort(signal?.reason);
      }
    };
    signal?.addEventListener("abort", leave, { once: true });
    try {
      const result = await untilAborted(joined.promise, signal);
      return { stored: result.stored as Stored<V>, paid: leader && !result.fromCache };
    } finally {
      if (!signal?.aborted) {
        signal?.removeEventListener("abort", leave);
        joined.waiting--;
      }
    }
  }

  private async fly<V>(key: string, produce: () => Promise<Stored<V>>) {
    const hit = await this.cache.get(key).catch((error: unknown) => {
      this.log?.warn({ error: String(error) }, "LLM cache read failed");
      return undefined;
    });
    if (hit !== undefined) return { stored: JSON.parse(hit) as Stored<unknown>, fromCache: true };
    const stored = await produce();
    await this.cache.set(key, JSON.stringify(stored)).catch((error: unknown) => {
      this.log?.warn({ error: String(error) }, "LLM cache write failed");
    });
    return { stored: stored as Stored<unknown>, fromCache: false };
  }
}

/** Resolves with the promise, or rejects with the signal's reason as soon as it aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}
