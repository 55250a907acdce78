/**
 * Scoring an accepted proposal on the validation set with an early stop:
 * the first half of the validation examples is scored first, and a proposal
 * clearly worse than its parent on those same examples is dropped without
 * paying for the second half. Paired comparison on the same examples keeps
 * the test sharp; the margin shrinks with the half's size.
 */
import type { DatasetExample } from "@promptune/contracts";
import { type ExampleEvaluation, evaluateCandidate, pairedMeans } from "./evaluate";
import type { IterationEnv } from "./iteration-env";

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

/** What `scoreInHalves` measured: the halves scored, and whether the first stopped it. */
export interface HalvesOutcome<S> {
  /** The halves scored: none (no calls for the first), one (stopped or out of calls) or both. */
  stages: S[];
  /** True when the first half showed the configuration clearly worse (the second was not scored). */
  hopeless: boolean;
}

/**
 * Scores `examples` in two halves through `scoreHalf` (null: the calls do not
 * pay for that half) and leaves the second out when the first is hopeless
 * against `against` on the same examples (`against` null: never, both halves
 * are scored whatever the first shows). Shared by the search's validation
 * of proposals and the end's temperature probes, which differ only in how a
 * half is paid for.
 */
export async function scoreInHalves<S extends { evaluations: readonly ExampleEvaluation[] }>(
  examples: readonly DatasetExample[],
  against: readonly number[] | null,
  scoreHalf: (half: readonly DatasetExample[]) => Promise<S | null>,
): Promise<HalvesOutcome<S>> {
  const half = Math.ceil(examples.length / 2);
  const first = await scoreHalf(examples.slice(0, half));
  if (!first) return { stages: [], hopeless: false };
  const firstScores = first.evaluations.map((e) => e.score);
  if (against && isHopeless(firstScores, against.slice(0, half)))
    return { stages: [first], hopeless: true };
  const second = await scoreHalf(examples.slice(half));
  return { stages: second ? [first, second] : [first], hopeless: false };
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
  const { stages, hopeless } = await scoreInHalves(all, parentScores, (half) =>
    evaluateCandidate(env, config, half, signal),
  );
  const evaluations = stages.flatMap((s) => s.evaluations);
  return {
    scores: hopeless ? null : evaluations.map((e) => e.score),
    depth: stages.reduce((sum, s) => sum + s.depth, 0),
    evaluations,
  };
}
