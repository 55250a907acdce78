/**
 * The final pick, robust to noise. The best validation mean of many noisy
 * candidates is biased upwards (the winner's curse): the top candidates are
 * scored once more on the validation set, each is judged by the mean of both
 * measurements, and the best of them is presented with that mean.
 * Candidates whose replies are deterministic are not scored again (a second
 * measurement would repeat the first).
 */
import { evaluateCandidate, meanScore } from "./evaluate";
import type { IterationEnv } from "./iteration";
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
}

/** Pool indices by validation mean, best first; earlier candidates first on ties. */
export function rankByScore(means: readonly number[]): number[] {
  return means
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (Math.abs(b.m - a.m) > EPS ? b.m - a.m : a.i - b.i))
    .map((x) => x.i);
}

/**
 * Picks the final candidate: scores the `rescores` best candidates again
 * (when the pool has a choice to make) and takes the best mean of both
 * measurements. Falls back to the single measurement when the budget runs out.
 */
export async function selectFinal<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  rescores: number,
  signal: AbortSignal,
): Promise<FinalPick> {
  const means = state.candidates.map((c) => c.score);
  const plain = bestCandidate(means);
  if (rescores <= 0 || state.candidates.length < 2) {
    return { index: plain, score: means[plain] ?? 0, rescored: 0 };
  }
  const top = rankByScore(means).slice(0, rescores);
  try {
    const second = await Promise.all(
      top.map(async (index) => {
        const c = state.candidates[index] as { config: C; score: number };
        if (env.adapter.deterministic?.(c.config)) return c.score;
        const stage = await evaluateCandidate(env, c.config, env.split.validation, signal);
        return meanScore(stage.evaluations.map((e) => e.score));
      }),
    );
    let pick = { index: plain, score: -1, rescored: top.length };
    top.forEach((index, k) => {
      const combined = ((means[index] ?? 0) + (second[k] ?? 0)) / 2;
      if (
        combined > pick.score + EPS ||
        (Math.abs(combined - pick.score) <= EPS && index < pick.index)
      )
        pick = { index, score: combined, rescored: top.length };
    });
    return pick;
  } catch (err) {
    if (!(err instanceof BudgetExhaustedError)) throw err;
    state.budgetExhausted = true;
    return { index: plain, score: means[plain] ?? 0, rescored: 0 };
  }
}
