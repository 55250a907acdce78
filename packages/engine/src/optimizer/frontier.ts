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
  /** The cheapest point within the best one's interval: the presented configuration. */
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
 * Marks the frontier and the recommendation. Points come back cheapest
 * first (ties: higher score first). The best-scoring point is the highest
 * mean (cheaper on ties); the recommended one is the cheapest whose mean is
 * at least the lower end of the best one's interval.
 */
export function buildFrontier<C>(points: readonly MeasuredPoint<C>[]): FrontierPoint<C>[] {
  const rated = points.map((p) => {
    const { scores, ...rest } = p;
    const ci = scoreInterval(scores);
    return {
      ...rest,
      score: ci.mean,
      ciLow: ci.low,
      ciHigh: ci.high,
      recommended: false,
      onFrontier: false,
      testScore: null,
    };
  });
  rated.sort((a, b) =>
    Math.abs(a.costPer1kUsd - b.costPer1kUsd) > EPS
      ? a.costPer1kUsd - b.costPer1kUsd
      : b.score - a.score,
  );
  const best = bestScoringIndex(rated);
  if (best < 0) return rated;
  const floor = (rated[best]?.ciLow ?? 0) - EPS;
  const recommended = rated.findIndex((p) => p.score >= floor);
  if (recommended >= 0) (rated[recommended] as FrontierPoint<C>).recommended = true;
  let bestSoFar = Number.NEGATIVE_INFINITY;
  for (const p of rated) {
    // cheapest first: a point is on the frontier when it beats every cheaper (or equal) point
    if (p.score > bestSoFar + EPS) {
      p.onFrontier = true;
      bestSoFar = p.score;
    }
  }
  return rated;
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
