/**
 * Minibatches that find what is still failing. Uniform epochs rarely show the
 * reflection a kind of example that has 2–6 rows, and keep showing examples
 * the parent already answers. Here each train example is drawn (without
 * replacement) with a weight that grows when the parent is known to fail it,
 * shrinks when the parent is known to pass it, and grows when its stratum
 * (the dataset's `domain` field) has been in fewer minibatches than the
 * average stratum. The counts of strata seen ride in the checkpoint.
 */
import type { DatasetExample } from "@promptune/contracts";
import { type MinibatchState, nextMinibatch } from "../datasets/minibatch";
import type { Prng } from "../util/prng";
import { type RunState, trainKey } from "./state";
import type { TrainEvaluation } from "./types";

/** Weight factor of an example the parent is known to fail / to pass. */
export const FAILING_WEIGHT = 3;
export const PASSING_WEIGHT = 0.5;

const EPS = 1e-9;

/** The stratum of an example: its `domain`, or one shared stratum. */
function stratum(e: DatasetExample): string {
  return e.domain ?? "";
}

/**
 * Draw weights of the train examples for `parent`: failure evidence from the
 * train cache and under-covered strata (`seen`: minibatch appearances per stratum).
 */
export function targetWeights(
  train: readonly DatasetExample[],
  parentScore: (example: number) => number | undefined,
  seen: Readonly<Record<string, number>>,
): number[] {
  const strata = [...new Set(train.map(stratum))];
  const mean = strata.reduce((a, s) => a + (seen[s] ?? 0), 0) / Math.max(1, strata.length);
  return train.map((e, i) => {
    const score = parentScore(i);
    const evidence = score === undefined ? 1 : score < 1 - EPS ? FAILING_WEIGHT : PASSING_WEIGHT;
    const coverage = strata.length > 1 ? (mean + 1) / ((seen[stratum(e)] ?? 0) + 1) : 1;
    return evidence * coverage;
  });
}

/** Draws `size` distinct indices with probability proportional to `weights`. */
export function weightedSample(weights: readonly number[], size: number, rng: Prng): number[] {
  const left = weights.map((w, i) => ({ w: Math.max(w, EPS), i }));
  const out: number[] = [];
  while (out.length < size && left.length > 0) {
    const k = rng.weighted(left.map((x) => x.w));
    out.push((left[k] as { i: number }).i);
    left.splice(k, 1);
  }
  return out;
}

/**
 * The next targeted minibatch for `parent`; records the strata it covers in
 * `state.strataSeen`.
 */
export function nextTargetedMinibatch(
  state: MinibatchState,
  train: readonly DatasetExample[],
  cache: ReadonlyMap<string, TrainEvaluation>,
  keyOf: (example: number) => string,
  size: number,
  rng: Prng,
): number[] {
  if (!state.strataSeen) state.strataSeen = {};
  const seen = state.strataSeen;
  const weights = targetWeights(train, (i) => cache.get(keyOf(i))?.score, seen);
  const batch = weightedSample(weights, Math.min(size, train.length), rng);
  for (const i of batch) {
    const s = stratum(train[i] as DatasetExample);
    seen[s] = (seen[s] ?? 0) + 1;
  }
  return batch;
}

/**
 * The minibatch a proposal from `parent` reflects on: targeted when the run
 * says so, else the next examples of the shuffled epochs.
 */
export function parentMinibatch<C>(
  env: { split: { train: readonly DatasetExample[] }; targetedMinibatch: boolean },
  state: RunState<C>,
  parent: number,
  size: number,
): number[] {
  const { train } = env.split;
  if (!env.targetedMinibatch) return nextMinibatch(state.minibatch, train.length, size, state.rng);
  const keyOf = (i: number) => trainKey(parent, i);
  return nextTargetedMinibatch(state.minibatch, train, state.trainCache, keyOf, size, state.rng);
}
