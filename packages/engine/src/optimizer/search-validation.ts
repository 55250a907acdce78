/**
 * How many validation examples the search scores candidates on. Every
 * accepted proposal answers the whole validation set, so under a call cap
 * set below what the run needs (a CLI `--max-calls`, a user's budget) a
 * large set (up to 50 examples on a big upload) leaves calls for only a few
 * iterations. Then the search uses a prefix of the set, as many examples as
 * the cap pays for with a pass per iteration, and never fewer than
 * `MIN_SEARCH_VALIDATION`. The split's order spreads the kinds over every
 * prefix (split.ts), so the prefix keeps their mix. At the product's own
 * cap (the announced estimate, which counts a pass per iteration) the whole
 * set is used. Measured in docs/optimiser.md, "Session 49".
 */
import type { DatasetSplit } from "../datasets/split";

/**
 * The fewest validation examples a tight cap cuts the search to: the size
 * the engine's mechanisms were chosen and measured at (bench/quality.ts
 * draws 20), below which a judged pass cannot rank candidates.
 */
export const MIN_SEARCH_VALIDATION = 20;

/** What the search's planned calls depend on, besides the validation size. */
export interface SearchShape {
  iterations: number;
  /** Train examples a minibatch holds. */
  minibatch: number;
  /** Calls one scored reply takes (the mode's and the judge's). */
  perRun: number;
  /** Train examples the seed's survey answers. */
  survey: number;
  /** Calls held back for the held-out test. */
  testReserve: number;
}

/**
 * Replies of the planned search with `validation` examples: the seed's pass
 * and survey, then per iteration the parent and the accepted proposal on a
 * minibatch and the proposal's pass. The announced estimate counts the same
 * (estimate.ts), so a run at its cap is never cut.
 */
export function searchReplies(
  validation: number,
  shape: Pick<SearchShape, "iterations" | "minibatch" | "survey">,
): number {
  const { iterations, minibatch, survey } = shape;
  return validation + survey + iterations * (2 * minibatch + validation);
}

/** Calls of the planned search with `validation` examples: its replies, a reflection per iteration and the held-out test. */
export function plannedSearchCalls(validation: number, shape: SearchShape): number {
  return searchReplies(validation, shape) * shape.perRun + shape.iterations + shape.testReserve;
}

/**
 * The number of validation examples the search uses under `maxCalls`: the
 * whole set when the cap pays for its planned search (or no cap is given),
 * else the largest smaller size it pays for, at least MIN_SEARCH_VALIDATION.
 */
export function searchValidationSize(
  validation: number,
  maxCalls: number | undefined,
  shape: SearchShape,
): number {
  if (maxCalls === undefined || validation <= MIN_SEARCH_VALIDATION) return validation;
  if (plannedSearchCalls(validation, shape) <= maxCalls) return validation;
  let size = validation - 1;
  while (size > MIN_SEARCH_VALIDATION && plannedSearchCalls(size, shape) > maxCalls) size--;
  return size;
}

/** The split with the first `size` validation examples (itself when that is all of them). */
export function withValidationSize(split: DatasetSplit, size: number): DatasetSplit {
  return size >= split.validation.length
    ? split
    : { ...split, validation: split.validation.slice(0, size) };
}
