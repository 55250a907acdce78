/**
 * The final pick, robust to noise. The best validation mean of many noisy
 * candidates is biased upwards (the winner's curse): the top candidates are
 * scored once more on the validation set, each is judged by both
 * measurements, and the best of them is presented with the fresh second
 * measurement alone, which its selection from the whole pool did not see.
 * When a tight cap cut the search to a prefix of the validation set, the
 * second measurement is on the examples after it (`rest`): examples no
 * candidate answered judge the finalists afresh. Candidates whose replies
 * are deterministic are not scored again on the prefix (a second
 * measurement would repeat the first).
 */

import type { DatasetExample } from "@promptune/contracts";
import { mapAll } from "../util/limit";
import { type ExampleEvaluation, evaluateCandidate, meanScore } from "./evaluate";
import type { IterationEnv } from "./iteration-env";
import { BudgetExhaustedError } from "./meter";
import { bestCandidate } from "./pareto";
import type { RunState } from "./state";

const EPS = 1e-9;

/** The chosen pool index and its (re-measured) validation mean. */
export interface FinalPick {
  index: number;
  score: number;
  /** Candidates measured a second time. */
  rescored: number;
  /** The pick's per-example scores of the fresh measurement (first one when not re-measured). */
  scores: number[];
  /** The fresh measurement's evaluations, in validation order (absent when not re-measured). */
  evaluations?: ExampleEvaluation[];
}

/** Pool indices by validation mean, best first; earlier candidates first on ties. */
export function rankByScore(means: readonly number[]): number[] {
  return means
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (Math.abs(b.m - a.m) > EPS ? b.m - a.m : a.i - b.i))
    .map((x) => x.i);
}

/**
 * A candidate's mean over every unbiased measurement the run has of it: its
 * validation scores (`validationMeans`, one mean per measurement of the
 * whole set) pooled with the train examples it answered as a parent.
 */
export function pooledMean(
  validationMeans: readonly number[],
  validationSize: number,
  evidence: { sum: number; count: number } | undefined,
): number {
  const sum = validationMeans.reduce((a, m) => a + m * validationSize, 0) + (evidence?.sum ?? 0);
  const count = validationMeans.length * validationSize + (evidence?.count ?? 0);
  return count > 0 ? sum / count : 0;
}

/**
 * Picks the final candidate by its pooled mean (validation plus the train
 * examples it answered as a parent: the candidates the search kept building
 * on carry more evidence, so their rank is less of a lucky draw): scores the
 * `rescores` best candidates again (when the pool has a choice to make) and
 * takes the best pooled mean with the second measurement, on `rest` when
 * the search left examples after its prefix. The pick's score is the
 * second measurement's mean. Falls back to the single measurement when the
 * budget runs out.
 */
export async function selectFinal<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  rescores: number,
  signal: AbortSignal,
  rest: readonly DatasetExample[] = [],
): Promise<FinalPick> {
  const means = state.candidates.map((c) => c.score);
  const n = env.split.validation.length;
  // the second measurement: on the examples after the search's prefix when it left any
  const again = rest.length > 0 ? rest : env.split.validation;
  const evidence = (c: { trainEvidence?: { sum: number; count: number } } | undefined) =>
    env.pooledFinalPick === false ? undefined : c?.trainEvidence;
  const pooled = state.candidates.map((c) => pooledMean([c.score], n, evidence(c)));
  const plain = bestCandidate(pooled);
  const scoresOf = (i: number) => (state.candidates[i] as { scores: number[] }).scores.slice();
  if (rescores <= 0 || state.candidates.length < 2) {
    return { index: plain, score: means[plain] ?? 0, rescored: 0, scores: scoresOf(plain) };
  }
  const top = rankByScore(pooled).slice(0, rescores);
  try {
    const second = await mapAll(top, async (index) => {
      const c = state.candidates[index] as { config: C; score: number; scores: number[] };
      if (rest.length === 0 && env.adapter.deterministic?.(c.config)) return { scores: c.scores };
      const stage = await evaluateCandidate(env, c.config, again, signal);
      return { scores: stage.evaluations.map((e) => e.score), evaluations: stage.evaluations };
    });
    let pick: FinalPick = { index: plain, score: -1, rescored: top.length, scores: [] };
    let pickPooled = -1;
    top.forEach((index, k) => {
      const c = state.candidates[index];
      const first = means[index] ?? 0;
      const measured = second[k];
      const fresh = measured?.scores ?? [];
      const secondMean = meanScore(fresh);
      // both passes weighted by their examples (the rest may hold fewer than the prefix)
      const m = again.length;
      const both = (first * n + secondMean * m) / (n + m);
      const rank = pooledMean([both], n + m, evidence(c));
      if (rank > pickPooled + EPS || (Math.abs(rank - pickPooled) <= EPS && index < pick.index)) {
        pickPooled = rank;
        pick = { index, score: secondMean, rescored: top.length, scores: fresh };
        if (measured?.evaluations) pick.evaluations = measured.evaluations;
      }
    });
    return pick;
  } catch (err) {
    if (!(err instanceof BudgetExhaustedError)) throw err;
    state.budgetExhausted = true;
    return { index: plain, score: means[plain] ?? 0, rescored: 0, scores: scoresOf(plain) };
  }
}
