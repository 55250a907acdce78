/**
 * Scoring an accepted proposal on the validation set with an early stop:
 * the first half of the validation examples is scored first, and a proposal
 * clearly worse than its parent on those same examples is dropped without
 * paying for the second half. Paired comparison on the same examples keeps
 * the test sharp; the margin shrinks with the half's size.
 */
import type { DatasetExample } from "@promptune/contracts";
import { type ExampleEvaluation, evaluateCandidate, pairedMeans } from "./evaluate";
import type { IterationEnv } from "./iteration";

/** Validation sets smaller than this are always scored whole. */
export const EARLY_STOP_MIN_EXAMPLES = 10;

/**
 * Margin below the parent's first-half mean at which a proposal is stopped:
 * about 0.7 standard deviations of a paired difference of binary scores.
 */
export function earlyStopMargin(half: number): number {
  return 0.5 / Math.sqrt(Math.max(1, half));
}

/** Whether a first-half result is hopeless against the parent's (on the examples both have scored). */
export function isHopeless(child: readonly number[], parent: readonly number[]): boolean {
  const paired = pairedMeans(child, parent);
  return paired.n > 0 && paired.a + earlyStopMargin(paired.n) < paired.b;
}

/**
 * Scores `config` on the validation set; returns null (after the first
 * half) when it is hopeless against `parentScores`. `earlyStop` false
 * always scores everything in one stage.
 */
export async function scoreValidation<C>(
  env: IterationEnv<C>,
  config: C,
  parentScores: readonly number[],
  signal: AbortSignal,
): Promise<{ scores: number[] | null; depth: number; evaluations?: ExampleEvaluation[] }> {
  const all: readonly DatasetExample[] = env.split.validation;
  if (!env.earlyStop || all.length < EARLY_STOP_MIN_EXAMPLES) {
    const whole = await evaluateCandidate(env, config, all, signal);
    return {
      scores: whole.evaluations.map((e) => e.score),
      depth: whole.depth,
      evaluations: whole.evaluations,
    };
  }
  const half = Math.ceil(all.length / 2);
  const first = await evaluateCandidate(env, config, all.slice(0, half), signal);
  const firstScores = first.evaluations.map((e) => e.score);
  if (isHopeless(firstScores, parentScores.slice(0, half))) {
    return { scores: null, depth: first.depth, evaluations: first.evaluations };
  }
  const second = await evaluateCandidate(env, config, all.slice(half), signal);
  return {
    scores: [...firstScores, ...second.evaluations.map((e) => e.score)],
    depth: first.depth + second.depth,
    evaluations: [...first.evaluations, ...second.evaluations],
  };
}
