import { sharePercent } from "../lib/format-score";
/** Scores as both optimizer pages present them: one unit (%) and one rule for "best". */

/** Formats a [0, 1] score as a percentage with one decimal. */
export const percent = (score: number): string => sharePercent(score);

/** Label of an iteration whose proposal was not accepted (it carries the best configuration so far). */
export const NOT_ACCEPTED_LABEL = "Not accepted — best so far shown";

/** Label of the iteration presented by default. */
export const BEST_LABEL = "best";

/**
 * Index of the best optimised iteration in `results`: the one numbered
 * `bestIteration` when given (the server's pick), else the highest
 * validation score (the latest on ties: a carried-forward best). This is what a page presents by
 * default; the user can still pick any other iteration.
 */
export function bestIndex(
  results: readonly { iteration: number; validation_score?: number }[],
  bestIteration?: number,
): number {
  if (bestIteration !== undefined && bestIteration > 0) {
    const i = results.findIndex((r) => r.iteration === bestIteration);
    if (i >= 0) return i;
  }
  let best = 0;
  results.forEach((r, i) => {
    if ((r.validation_score ?? -1) >= (results[best]?.validation_score ?? -1)) best = i;
  });
  return best;
}
