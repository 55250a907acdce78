/**
 * The seed's survey of the train set (`seedSurvey`): before the first
 * iteration the seed answers up to twice as many train examples as one
 * reflection can read, so that the first reflections — and, through the
 * failures inherited from ancestors (material.ts), every lineage's early
 * ones — see failures of every kind of request instead of the two or three
 * a single minibatch holds.
 *
 * Why: the search writes an instruction for a kind of request only when the
 * reflection sees it failing, and a young lineage has answered only its few
 * minibatch examples. The survey's answers are cached like any train answer
 * (a minibatch that draws them later costs nothing) and count as the seed's
 * train evidence for the final pick. Measured in bench/quality.ts over seven
 * worlds (docs/optimiser.md, "Session 23").
 */
import { evaluateTrain, type IterationEnv } from "./iteration-env";
import { BudgetExhaustedError } from "./meter";
import type { RunState } from "./state";

/** Train examples the survey covers per example one reflection reads (minibatch + extra slots). */
export const SURVEY_FACTOR = 2;

/** Most of the calls left above the reserves the survey may take, so it never starves the search. */
export const SURVEY_SHARE = 0.25;

/**
 * How many train examples the seed's survey answers: twice the examples one
 * reflection reads (its minibatch and its extra failure slots), at most the
 * whole train split.
 */
export function surveySize(trainLength: number, minibatchSize: number, extra: number): number {
  return Math.max(0, Math.min(trainLength, SURVEY_FACTOR * (minibatchSize + extra)));
}

/**
 * Train indices of a survey of `size` examples: spread evenly over the
 * split (all of it when `size` covers it), so no stretch of the file is
 * favoured.
 */
export function surveyIndices(trainLength: number, size: number): number[] {
  const n = Math.min(trainLength, Math.max(0, size));
  return Array.from({ length: n }, (_, i) => Math.floor((i * trainLength) / n));
}

/**
 * Replies the survey may pay for: `SURVEY_SHARE` of the calls left above the
 * reserves and, under a cost cap, of the money left at the cost per call
 * measured so far (the seed's validation pass).
 */
function affordableReplies<C>(env: IterationEnv<C>): number {
  const perRun = Math.max(1, env.perRun);
  const room = Math.max(0, env.meter.remaining() - env.testReserve - env.finalReserve);
  const byCalls = Math.floor((SURVEY_SHARE * room) / perRun);
  const { maxCostUsd, total } = env.meter;
  if (maxCostUsd === undefined || total.calls === 0 || total.costUsd <= 0) return byCalls;
  const perReplyUsd = (total.costUsd / total.calls) * perRun;
  const byMoney = Math.floor(
    (SURVEY_SHARE * Math.max(0, maxCostUsd - total.costUsd)) / perReplyUsd,
  );
  return Math.min(byCalls, byMoney);
}

/**
 * Has the seed (pool member 0) answer the survey's train examples, as many
 * as `SURVEY_SHARE` of the calls (and money) left pays for. A cost cap
 * reached on the way all the same ends the search (the run still finishes
 * with the seed, as when a proposal reaches it). Returns the longest chain
 * of dependent calls it took.
 */
export async function surveySeed<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  size: number,
  signal: AbortSignal,
): Promise<number> {
  const indices = surveyIndices(env.split.train.length, Math.min(size, affordableReplies(env)));
  if (indices.length === 0) return 0;
  try {
    const { depth } = await evaluateTrain(env, state, 0, indices, signal);
    return depth;
  } catch (err) {
    // the cost cap (or the call budget) reached: the run goes on to its end with what it has
    if (!(err instanceof BudgetExhaustedError)) throw err;
    state.budgetExhausted = true;
    return 0;
  }
}
