/** Validation intervals of iteration results, in graph units (percent), for error bars. */
import type { ScoreInterval } from "@promptune/contracts";

/** Iteration → the 95 % interval of its validation score in percent (results without one are left out). */
export function intervalsByIteration(
  results: readonly { iteration: number; validation_interval?: ScoreInterval | null | undefined }[],
): Map<number, { low: number; high: number }> {
  const map = new Map<number, { low: number; high: number }>();
  for (const r of results) {
    const iv = r.validation_interval;
    if (iv) map.set(r.iteration, { low: iv.low * 100, high: iv.high * 100 });
  }
  return map;
}
