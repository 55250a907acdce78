/**
 * How many validation examples the search scores candidates on. Every
 * accepted proposal answers the whole validation set, so under a call cap
 * set below what the run needs (a CLI `--max-calls`, a user's budget) a
 * large set (up to 50 examples on a big upload), or one whose examples
 * each cost a reply and a judge's grade, leaves calls for only a few
 * iterations. Then the search uses a prefix of the set, as many examples as
 * the cap pays for with a pass per iteration, and never fewer than the
 * mode's floor (`SEARCH_VALIDATION_FLOOR`). The split's order spreads the
 * kinds over every prefix (split.ts), so the prefix keeps their mix. The
 * examples after the prefix are not wasted: the final choice re-scores its
 * top candidates on them (`restOfValidation`, selection.ts). At the
 * product's own cap (the announced estimate, which counts a pass per
 * iteration) the whole set is used. Measured in docs/optimiser.md,
 * "Session 49" and "Session 56".
 */
import type { DatasetExample } from "@promptune/contracts";
import type { DatasetSplit } from "../datasets/split";

/**
 * The fewest validation examples a pass ranks candidates on by itself: the
 * size the engine's mechanisms were chosen and measured at (bench/quality.ts
 * draws 20), below which a judged pass cannot rank candidates alone.
 */
export const RANKING_VALIDATION = 20;

/**
 * The fewest validation examples a tight cap cuts the search to, by mode.
 * Single-agent: 10. A judged example costs two calls, so at 400 calls a
 * judged run's passes take most of its budget; a prefix of 10, with the
 * final choice made on the rest of the set, raised the four judged worlds'
 * mean share by 0.03 over 100 seeds and leaves the exact-answer runs, whose
 * cap pays for the whole set, unchanged. Multi-agent: 20, the size its
 * mechanisms were chosen at; a smaller prefix there is not measured.
 */
export const SEARCH_VALIDATION_FLOOR = { single: 10, multi: RANKING_VALIDATION } as const;

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
 * else the largest smaller size it pays for, at least `floor`.
 */
export function searchValidationSize(
  validation: number,
  maxCalls: number | undefined,
  shape: SearchShape,
  floor: number,
): number {
  if (maxCalls === undefined || validation <= floor) return validation;
  if (plannedSearchCalls(validation, shape) <= maxCalls) return validation;
  let size = validation - 1;
  while (size > floor && plannedSearchCalls(size, shape) > maxCalls) size--;
  return size;
}

/**
 * The validation examples after the search's prefix of `size` that the
 * final choice re-scores its top candidates on: as many as the prefix
 * holds, at most the rest of the set. Only a prefix too small to rank
 * candidates alone (below `RANKING_VALIDATION`) gets them: examples no
 * candidate answered judge the finalists afresh, where a second pass on
 * the prefix repeats the examples that chose them. A prefix of 20 or more
 * ranks well enough that the calls kept back for the rest cost more
 * proposals than the better choice wins (150 uploaded rows, exact answers:
 * docs/optimiser.md, "Session 56"); none either when the search used the
 * whole set.
 */
export function restOfValidation(full: DatasetSplit, size: number): DatasetExample[] {
  return size < RANKING_VALIDATION ? full.validation.slice(size, 2 * size) : [];
}

/** The split with the first `size` validation examples (itself when that is all of them). */
export function withValidationSize(split: DatasetSplit, size: number): DatasetSplit {
  return size >= split.validation.length
    ? split
    : { ...split, validation: split.validation.slice(0, size) };
}
