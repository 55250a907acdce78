/**
 * The confirmation of a cheaper recommendation: 20 validation examples tell
 * a configuration 10 points worse from an equal one only now and then, so
 * before the frontier recommends a point cheaper than the best-scoring one,
 * both answer a few more examples (train examples the sweep's reflection
 * round did not use) and the paired comparison is made again on all of
 * their shared examples. A candidate that fails it gives way to the next
 * cheapest one that passed on validation, and finally to the best-scoring
 * point. Within the calls kept back for it: when they run out the decision
 * on validation stands.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { ModeAdapter } from "./adapter";
import { evaluateCandidate, meanScore } from "./evaluate";
import { asGoodAs, type MeasuredPoint } from "./frontier";
import type { IterationEnv } from "./iteration";
import { BudgetExhaustedError } from "./meter";

/** More examples the recommended and the best-scoring point answer before a cheaper recommendation. */
export const CONFIRM_EXAMPLES = 10;

/** The confirmation's examples: train examples after the first `skip` (the reflection round's). */
export function confirmationExamples(
  train: readonly DatasetExample[],
  skip: number,
): DatasetExample[] {
  return train.slice(skip, skip + CONFIRM_EXAMPLES);
}

/** Index of the highest mean (cheaper on ties), -1 for none. */
function bestIndex(points: readonly MeasuredPoint<unknown>[]): number {
  let best = -1;
  points.forEach((p, i) => {
    const b = points[best];
    const m = meanScore(p.scores);
    if (
      !b ||
      m > meanScore(b.scores) + 1e-9 ||
      (Math.abs(m - meanScore(b.scores)) <= 1e-9 && p.costPer1kUsd < b.costPer1kUsd)
    )
      best = i;
  });
  return best;
}

/**
 * Indices of each variant's best point (highest mean, cheaper on ties): a
 * model's configurations differ only in prompt and temperature, so their
 * costs differ by the length of the prompt, and recommending a cheaper but
 * lower-scoring one of the same model would trade quality for noise.
 */
export function variantLeaders(points: readonly MeasuredPoint<unknown>[]): Set<number> {
  const leaders = new Map<number, number>();
  points.forEach((p, i) => {
    const j = leaders.get(p.variant);
    const b = j === undefined ? undefined : points[j];
    const m = meanScore(p.scores);
    if (
      !b ||
      m > meanScore(b.scores) + 1e-9 ||
      (Math.abs(m - meanScore(b.scores)) <= 1e-9 && p.costPer1kUsd < b.costPer1kUsd)
    )
      leaders.set(p.variant, i);
  });
  return new Set(leaders.values());
}

/**
 * Chooses the recommended point among `points` (validation scores): of
 * each model's best point (`variantLeaders`), the cheapest one `asGoodAs` the best-scoring point on validation that stays so
 * when both also answer `extra` (paired on validation + extra); the
 * best-scoring point when none does. `adapterOf` answers for a point's
 * model(s). Each extra pass starts only while the calls above `reserved`
 * pay for it (else the validation decision stands). Returns the index into
 * `points` and how many extra passes ran.
 */
export async function confirmRecommendation<C>(
  env: IterationEnv<C>,
  points: readonly MeasuredPoint<C>[],
  extra: readonly DatasetExample[],
  adapterOf: (p: MeasuredPoint<C>) => ModeAdapter<C>,
  reserved: number,
  signal: AbortSignal,
): Promise<{ index: number; passes: number }> {
  const best = bestIndex(points as readonly MeasuredPoint<unknown>[]);
  const top = points[best];
  if (!top) return { index: -1, passes: 0 };
  const leaders = variantLeaders(points as readonly MeasuredPoint<unknown>[]);
  const candidates = points
    .map((p, i) => ({ p, i }))
    .filter(
      ({ p, i }) =>
        leaders.has(i) && p.costPer1kUsd < top.costPer1kUsd && asGoodAs(p.scores, top.scores),
    )
    .sort((a, b) => a.p.costPer1kUsd - b.p.costPer1kUsd);
  const first = candidates[0];
  if (!first) return { index: best, passes: 0 };
  if (extra.length === 0) return { index: first.i, passes: 0 };
  let passes = 0;
  let standing = first.i;
  const pass = async (p: MeasuredPoint<C>): Promise<number[] | null> => {
    const adapter = adapterOf(p);
    const perReply = adapter.callsPerRun(p.config) + env.scorerDepth;
    if (env.meter.remaining() - reserved < extra.length * perReply) return null;
    const stage = await evaluateCandidate({ ...env, adapter }, p.config, extra, signal);
    passes += 1;
    return stage.evaluations.map((e) => e.score);
  };
  try {
    const topExtra = await pass(top);
    if (!topExtra) return { index: first.i, passes };
    for (const { p, i } of candidates) {
      standing = i;
      const more = await pass(p);
      if (!more) return { index: i, passes };
      if (asGoodAs([...p.scores, ...more], [...top.scores, ...topExtra]))
        return { index: i, passes };
    }
  } catch (err) {
    if (err instanceof BudgetExhaustedError) return { index: standing, passes };
    throw err;
  }
  return { index: best, passes };
}
