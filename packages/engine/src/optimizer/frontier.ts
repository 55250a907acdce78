/**
 * The cost–quality frontier: every configuration measured at the end of a
 * run (prompt × model × temperature) with its validation score, the 95 %
 * interval of that score and the measured cost of 1,000 replies. The
 * recommended point is the cheapest one whose score lies within the interval
 * of the best-scoring one: as good as the best within the noise of the
 * measurement, for the least money.
 */
import { isScored, meanScore } from "./evaluate";

/** z of a two-sided 95 % normal interval. */
const Z95 = 1.96;
const EPS = 1e-9;

/** One measured configuration (before the recommendation is marked). */
export interface MeasuredPoint<C> {
  /** The model (multi-agent: a label naming the coordinator's and the workers' models). */
  modelName: string;
  /** Which sweep variant produced it (index into the run's variants; 0: the primary). */
  variant: number;
  config: C;
  temperature: number;
  prompt: string;
  /** Per-example validation scores (NaN: unscored). */
  scores: number[];
  /** Measured cost of 1,000 replies in USD. */
  costPer1kUsd: number;
  /** Model calls one reply took on average (all agent calls; the judge is not counted). */
  callsPerReply: number;
}

/** A frontier point as reported. */
export interface FrontierPoint<C> extends Omit<MeasuredPoint<C>, "scores"> {
  score: number;
  ciLow: number;
  ciHigh: number;
  /** The cheapest point as good as the best one (`asGoodAs`): the presented configuration. */
  recommended: boolean;
  /** No other point is at least as good and at most as expensive, with one of them strictly. */
  onFrontier: boolean;
  /** Held-out test score (measured for the recommended and the best-scoring point), else null. */
  testScore: number | null;
}

/** Normal-approximation 95 % interval of the mean of the scored values, clipped to [0, 1]. */
export function scoreInterval(scores: readonly number[]): {
  mean: number;
  low: number;
  high: number;
} {
  const xs = scores.filter(isScored);
  const mean = meanScore(xs);
  if (xs.length < 2) return { mean, low: mean, high: mean };
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
  const half = Z95 * Math.sqrt(variance / xs.length);
  return { mean, low: Math.max(0, mean - half), high: Math.min(1, mean + half) };
}

/**
 * Whether `scores` is not measurably worse than `best` on the same examples:
 * the upper end of the 95 % normal interval of the mean per-example
 * difference (examples scored in both) is at least 0. With fewer than two
 * paired examples (or lists of different lengths: not the same examples) it
 * falls back to the unpaired rule, the mean at least the lower end of the
 * best one's own interval. Paired, because both answered the very same
 * examples: what makes one example hard for one model makes it hard for the
 * other, and that shared part cancels in the difference.
 */
export function asGoodAs(scores: readonly number[], best: readonly number[]): boolean {
  const diffs =
    scores.length === best.length
      ? scores.flatMap((s, i) => {
          const b = best[i] as number;
          return isScored(s) && isScored(b) ? [s - b] : [];
        })
      : [];
  if (diffs.length < 2) return meanScore(scores.filter(isScored)) >= scoreInterval(best).low - EPS;
  const mean = diffs.reduce((a, b) => a + b, 0) / diffs.length;
  const variance = diffs.reduce((s, d) => s + (d - mean) ** 2, 0) / (diffs.length - 1);
  return mean + Z95 * Math.sqrt(variance / diffs.length) >= -EPS;
}

/** Paired examples a stratum needs before it is compared on its own. */
export const STRATUM_MIN = 5;

/**
 * `asGoodAs` overall and within every stratum (`strata[i]`: the dataset
 * `domain` of paired example i, undefined: none) holding at least
 * STRATUM_MIN paired examples. A cheaper model that is as good on average
 * can still fail one kind of request badly (half as good on a third of the
 * questions passes the overall comparison of 30–40 examples about a third
 * of the time); the per-kind comparison catches most of those, and a
 * dataset without kinds is compared as before.
 */
export function asGoodAsInEveryStratum(
  scores: readonly number[],
  best: readonly number[],
  strata: readonly (string | undefined)[],
): boolean {
  if (!asGoodAs(scores, best)) return false;
  if (scores.length !== best.length) return true;
  const groups = new Map<string, number[]>();
  strata.slice(0, scores.length).forEach((s, i) => {
    if (s !== undefined) groups.set(s, [...(groups.get(s) ?? []), i]);
  });
  if (groups.size < 2) return true;
  for (const idx of groups.values()) {
    if (idx.length < STRATUM_MIN) continue;
    const pick = (xs: readonly number[]) => idx.map((i) => xs[i] as number);
    if (!asGoodAs(pick(scores), pick(best))) return false;
  }
  return true;
}

/**
 * Marks the frontier and the recommendation. Points come back cheapest
 * first (ties: higher score first). The best-scoring point is the highest
 * mean (cheaper on ties); the recommended one is the cheapest that is
 * `asGoodAs` the best one on their paired validation scores, or the input
 * point `recommend` (an index into `points`) when the caller chose it
 * (confirm.ts: the choice confirmed on more examples).
 */
export function buildFrontier<C>(
  points: readonly MeasuredPoint<C>[],
  recommend?: number,
): FrontierPoint<C>[] {
  const chosen = recommend === undefined ? undefined : points[recommend];
  const rated = points.map((p) => {
    const { scores, ...rest } = p;
    const ci = scoreInterval(scores);
    return {
      scores,
      ...rest,
      score: ci.mean,
      ciLow: ci.low,
      ciHigh: ci.high,
      recommended: false,
      onFrontier: false,
      testScore: null,
      chosen: p === chosen,
    };
  });
  rated.sort((a, b) =>
    Math.abs(a.costPer1kUsd - b.costPer1kUsd) > EPS
      ? a.costPer1kUsd - b.costPer1kUsd
      : b.score - a.score,
  );
  const best = rated[bestScoringIndex(rated)];
  if (!best) return rated.map(withoutScores);
  const recommended = chosen
    ? rated.find((p) => p.chosen)
    : rated.find((p) => p === best || asGoodAs(p.scores, best.scores));
  if (recommended) recommended.recommended = true;
  let bestSoFar = Number.NEGATIVE_INFINITY;
  for (const p of rated) {
    // cheapest first: a point is on the frontier when it beats every cheaper (or equal) point
    if (p.score > bestSoFar + EPS) {
      p.onFrontier = true;
      bestSoFar = p.score;
    }
  }
  return rated.map(withoutScores);
}

/** A rated point without its per-example scores (the report carries the summary only). */
function withoutScores<C>(
  p: FrontierPoint<C> & { scores: number[]; chosen: boolean },
): FrontierPoint<C> {
  const { scores: _, chosen: __, ...rest } = p;
  return rest;
}

/** Index of the best-scoring point (cheaper first on ties), -1 for none. */
export function bestScoringIndex(points: readonly { score: number; costPer1kUsd: number }[]) {
  let best = -1;
  points.forEach((p, i) => {
    const b = points[best];
    if (
      !b ||
      p.score > b.score + EPS ||
      (Math.abs(p.score - b.score) <= EPS && p.costPer1kUsd < b.costPer1kUsd)
    )
      best = i;
  });
  return best;
}
