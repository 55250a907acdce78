/**
 * The confirmation of a cheaper recommendation: 20 validation examples tell
 * a configuration 10 points worse from an equal one only now and then, so
 * before the frontier recommends a point cheaper than the dearest one that
 * is as good as the best-scoring one (the anchor: usually the primary
 * model's tuned configuration), both answer a few more examples (train
 * examples the sweep's reflection round did not use) and the paired
 * comparison is made again on all of their shared examples. That includes
 * a best-scoring point cheaper than the anchor: its lead on validation is
 * within the noise, and as the best of several noisy points it is the one
 * most likely to have drawn well. A candidate that fails gives way to the
 * next cheapest one, and finally to the anchor. Within the calls kept back
 * for it: when they run out the decision on validation stands. A candidate
 * that passes while scoring lower than the anchor is compared once more on
 * further examples when the calls the search left unspent pay for it: a
 * cheap model 15 points worse on a third of the questions passes 30 paired
 * examples about half the time, 50 less often. A candidate must hold
 * against every dearer candidate too: those are as good as the best, and
 * each step down the cost ladder is another chance for a cheaper model's
 * weakness to show (their answers then serve their own confirmation). When
 * the examples carry kinds (their `domain`), the comparison must hold within
 * every kind with enough examples too (`asGoodAsInEveryStratum`), and the
 * stages' examples are drawn to fill the kinds validation has fewest of.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { ModeAdapter } from "./adapter";
import { evaluateCandidate, meanScore } from "./evaluate";
import { asGoodAs, asGoodAsInEveryStratum, bestScoringIndex, type MeasuredPoint } from "./frontier";
import type { IterationEnv } from "./iteration-env";
import { BudgetExhaustedError } from "./meter";

/** More examples a cheaper candidate and the anchor answer before a cheaper recommendation. */
export const CONFIRM_EXAMPLES = 10;

/**
 * Both confirmation stages' examples (`extra`, then `further`, CONFIRM_EXAMPLES
 * each) from the train examples after the first `skip` (the reflection
 * round's). When the examples carry kinds (`domain`), each next one is the
 * first left of the kind with the fewest paired examples so far (validation
 * counted), so that as many kinds as the pool allows reach the size at which
 * the comparison within every kind tests them; without kinds (or with one)
 * they keep their order.
 */
export function confirmationStages(
  train: readonly DatasetExample[],
  skip: number,
  validation: readonly DatasetExample[],
): { extra: DatasetExample[]; further: DatasetExample[] } {
  const counts = new Map<string | undefined, number>();
  const count = (e: DatasetExample) => counts.get(e.domain) ?? 0;
  for (const e of validation) counts.set(e.domain, count(e) + 1);
  const left = train.slice(skip);
  const chosen: DatasetExample[] = [];
  while (chosen.length < 2 * CONFIRM_EXAMPLES && left.length > 0) {
    let pick = 0;
    left.forEach((e, i) => {
      if (count(e) < count(left[pick] as DatasetExample)) pick = i;
    });
    const [e] = left.splice(pick, 1) as [DatasetExample];
    chosen.push(e);
    counts.set(e.domain, count(e) + 1);
  }
  return { extra: chosen.slice(0, CONFIRM_EXAMPLES), further: chosen.slice(CONFIRM_EXAMPLES) };
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
 * Chooses the recommended point among `points` (validation scores). Of each
 * model's best point (`variantLeaders`), those `asGoodAs` the best-scoring
 * point on validation (it included) are ranked by cost; the dearest is the
 * anchor. The recommendation is the cheapest of the others that stays as
 * good as the anchor, and as every dearer one of them, when they also answer
 * `extra` (paired on validation + extra; a dearer one whose pass the calls
 * do not pay for is left out); the anchor when none does. `adapterOf`
 * answers for a point's model(s). Each extra pass starts only while the
 * calls above `reserved` pay for it (else the validation decision stands);
 * `further` examples extend the comparison by one stage while the candidate
 * passes but scores lower than the anchor. Returns the index into `points`
 * and how many extra passes ran.
 */
export async function confirmRecommendation<C>(
  env: IterationEnv<C>,
  points: readonly MeasuredPoint<C>[],
  extra: readonly DatasetExample[],
  adapterOf: (p: MeasuredPoint<C>) => ModeAdapter<C>,
  reserved: number,
  signal: AbortSignal,
  further: readonly DatasetExample[] = [],
): Promise<{ index: number; passes: number }> {
  const best = bestScoringIndex(
    points.map((p) => ({ score: meanScore(p.scores), costPer1kUsd: p.costPer1kUsd })),
  );
  const top = points[best];
  if (!top) return { index: -1, passes: 0 };
  const leaders = variantLeaders(points as readonly MeasuredPoint<unknown>[]);
  // every model's best point as good as the best-scoring one on validation, cheapest first
  const asGood = points
    .map((p, i) => ({ p, i }))
    .filter(({ p, i }) => i === best || (leaders.has(i) && asGoodAs(p.scores, top.scores)))
    .sort((a, b) => a.p.costPer1kUsd - b.p.costPer1kUsd);
  // the dearest of them is the reference every cheaper one is confirmed against: the
  // best-scoring point itself is confirmed too when it is not the dearest (its lead on
  // validation is within the noise, and it won it by being the best of several draws)
  const anchor = asGood.at(-1) as { p: MeasuredPoint<C>; i: number };
  const candidates = asGood.filter(({ p }) => p.costPer1kUsd < anchor.p.costPer1kUsd);
  const first = candidates[0];
  if (!first) return { index: anchor.i, passes: 0 };
  if (extra.length === 0) return { index: first.i, passes: 0 };
  let passes = 0;
  let standing = first.i;
  const callsOf = (p: MeasuredPoint<C>, examples: readonly DatasetExample[]) =>
    examples.length * (adapterOf(p).callsPerRun(p.config) + env.scorerDepth);
  const pass = async (
    p: MeasuredPoint<C>,
    examples: readonly DatasetExample[],
  ): Promise<number[] | null> => {
    const adapter = adapterOf(p);
    if (env.meter.remaining() - reserved < callsOf(p, examples)) return null;
    const stage = await evaluateCandidate({ ...env, adapter }, p.config, examples, signal);
    passes += 1;
    return stage.evaluations.map((e) => e.score);
  };
  // The further stage runs only when the calls above the reserve pay for both
  // points' passes; otherwise the decision so far stands.
  const stages = further.length > 0 ? [extra, further] : [extra];
  // the kind (dataset `domain`) of every paired example: validation, then the stages'
  const strataOf = [...env.split.validation, ...stages.flat()].map((e) => e.domain);
  /** Each point's scores per stage, measured once (a reference's passes serve its own confirmation later). */
  const measured = new Map<MeasuredPoint<C>, number[][]>();
  /** `q`'s scores on stages 0..stage, measuring what is missing; null when a pass does not fit. */
  const through = async (q: MeasuredPoint<C>, stage: number): Promise<number[] | null> => {
    const done = measured.get(q) ?? [];
    measured.set(q, done);
    while (done.length <= stage) {
      const more = await pass(q, stages[done.length] ?? []);
      if (!more) return null;
      done.push(more);
    }
    return done.slice(0, stage + 1).flat();
  };
  const stageCost = (q: MeasuredPoint<C>, stage: number) =>
    (measured.get(q)?.length ?? 0) > stage ? 0 : callsOf(q, stages[stage] ?? []);
  try {
    for (const [k, { p, i }] of candidates.entries()) {
      standing = i;
      // every dearer point that passed on validation is as good as the best too, so a step
      // down the cost ladder must hold against each of them, not only against the best
      const dearer = asGood.slice(k + 1, -1).map((c) => c.p);
      let verdict: boolean | null = null;
      for (let stage = 0; stage < stages.length; stage++) {
        // a further stage starts only when both points' passes fit
        if (
          stage > 0 &&
          env.meter.remaining() - reserved < stageCost(anchor.p, stage) + stageCost(p, stage)
        )
          break;
        const anchorScores = await through(anchor.p, stage);
        if (!anchorScores) break;
        const mine = await through(p, stage);
        if (!mine) break;
        const b = [...anchor.p.scores, ...anchorScores];
        const refs = [b];
        for (const o of dearer) {
          if (env.meter.remaining() - reserved < stageCost(o, stage)) continue;
          const theirs = await through(o, stage);
          if (theirs) refs.push([...o.scores, ...theirs]);
        }
        const a = [...p.scores, ...mine];
        verdict = refs.every((r) => asGoodAsInEveryStratum(a, r, strataOf));
        if (!verdict || meanScore(a) >= meanScore(b)) break;
      }
      if (verdict === null || verdict) return { index: i, passes };
    }
  } catch (err) {
    if (err instanceof BudgetExhaustedError) return { index: standing, passes };
    throw err;
  }
  return { index: anchor.i, passes };
}
