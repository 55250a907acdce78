/**
 * The explanation of the final pick: the pooled mean the presented
 * candidate was ranked by (selection.ts), the evidence behind it, and the
 * initial candidate's mean by the same rule, so a page can show the number
 * the pick used instead of a validation mean that may disagree with it.
 */
import type { IterationEnv } from "./iteration-env";
import { pooledMean } from "./selection";
import type { RunState } from "./state";
import type { PickExplanation } from "./types";

/**
 * Explains why pool candidate `index` was presented: `validationMean` is the
 * mean of its `measurements` validation passes (pooled with equal weight).
 */
export function explainPick<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  pick: { index: number; validationMean: number; measurements: number },
): PickExplanation {
  const { index, measurements } = pick;
  const n = env.split.validation.length;
  const evidence = (i: number) =>
    env.pooledFinalPick === false ? undefined : state.candidates[i]?.trainEvidence;
  const picked = state.candidates[index];
  const initial = state.candidates[0];
  return {
    iteration: picked?.iteration ?? 0,
    pooledScore: pooledMean(new Array(measurements).fill(pick.validationMean), n, evidence(index)),
    validationMeasurements: measurements,
    validationExamples: n,
    trainExamples: evidence(index)?.count ?? 0,
    initialPooledScore: pooledMean([initial?.score ?? 0], n, evidence(0)),
    beatInitial: index !== 0,
  };
}
