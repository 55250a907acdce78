/**
 * Single flight over the response cache: one in-flight request per cache key;
 * identical deterministic calls made meanwhile wait for it instead of paying
 * again, and later ones read the cache. The cache lookup is part of the
 * flight, so no window exists in which two callers both miss and both call.
 */
import type { ResponseCache } from "./cache";
import type { ProviderTokens } from "./providers/types";

/** What the cache keeps for a call: the answer and the tokens it cost. */
export interface Stored<V> extends ProviderTokens {
  value: V;
}

/** Coalesces identical deterministic calls and fills the cache. */
export class CachedFlights {
  private readonly inflight = new Map<
    string,
    Promise<{ stored: Stored<unknown>; fromCache: boolean }>
  >();

  constructor(
    private readonly cache: ResponseCache,
    private readonly log?: { warn: (obj: object, msg?: string) => void },
  ) {}

  /**
   * The answer for `key`: from the flight already running, the cache, or
   * `produce` (run without the caller's signal, so one caller leaving does not
   * fail the others). `paid` is true only for the caller whose request was made.
   */
  async run<V>(
    key: string,
    signal: AbortSignal | undefined,
    produce: () => Promise<Stored<V>>,
  ): Promise<{ stored: Stored<V>; paid: boolean }> {
    let flight = this.inflight.get(key);
    let leader = false;
    if (!flight) {
      leader = true;
      flight = this.fly(key, produce);
      this.inflight.set(key, flight);
      flight.then(
        () => this.inflight.delete(key),
        () => this.inflight.delete(key),
      );
    }
    const result = await untilAborted(flight, signal);
    return { stored: result.stored as Stored<V>, paid: leader && !result.fromCache };
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
