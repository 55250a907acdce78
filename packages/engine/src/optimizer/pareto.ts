/**
 * Per-example Pareto frontier over the candidate pool (the GEPA idea): a
 * candidate stays selectable as a parent while it is the best on at least one
 * validation example, so strategies that win different examples all survive
 * instead of the search collapsing onto the single best average.
 */
import type { Prng } from "../util/prng";
import { isScored, meanScore, pairedMeans } from "./evaluate";

const EPS = 1e-9;

/** A frontier member and on how many validation examples it is (jointly) best. */
export interface FrontierEntry {
  candidate: number;
  wins: number;
}

/**
 * Computes the frontier from per-candidate score vectors (same length each).
 * For every example the candidates reaching its best score form that
 * example's front. Candidates whose fronts are a subset of another remaining
 * candidate's fronts are dominated and removed, weakest mean first (ties:
 * later candidate first), so of two identical profiles the earlier survives.
 * An example unscored (NaN) for a candidate counts for no front of it.
 */
export function paretoFrontier(scores: readonly (readonly number[])[]): FrontierEntry[] {
  const n = scores.length;
  if (n === 0) return [];
  const examples = scores[0]?.length ?? 0;
  if (examples === 0) return [{ candidate: 0, wins: 0 }];
  const fronts: Set<number>[] = Array.from({ length: n }, () => new Set());
  for (let j = 0; j < examples; j++) {
    let best = -Infinity;
    for (const s of scores) {
      const x = s[j];
      if (isScored(x)) best = Math.max(best, x);
    }
    for (let c = 0; c < n; c++) {
      const s = scores[c]?.[j];
      if (isScored(s) && s >= best - EPS) fronts[c]?.add(j);
    }
  }
  const mean = (c: number): number => meanScore(scores[c] ?? []);
  const alive = new Set(
    Array.from({ length: n }, (_, c) => c).filter((c) => (fronts[c]?.size ?? 0) > 0),
  );
  const order = [...alive].sort((a, b) => mean(a) - mean(b) || b - a);
  for (const c of order) {
    const mine = fronts[c] as Set<number>;
    for (const other of alive) {
      if (other === c) continue;
      const theirs = fronts[other] as Set<number>;
      if ([...mine].every((j) => theirs.has(j))) {
        alive.delete(c);
        break;
      }
    }
  }
  return [...alive]
    .sort((a, b) => a - b)
    .map((c) => ({ candidate: c, wins: fronts[c]?.size ?? 0 }));
}

/**
 * One standard error of the best candidate's validation mean: the sample
 * standard deviation of its per-example scores over √n, at least `floor`
 * (so that a candidate perfect on every example still leaves a band).
 */
export function standardErrorOfBest(scores: readonly (readonly number[])[], floor = 0.02): number {
  const means = scores.map(meanScore);
  const bestIndex = bestCandidate(means);
  const best = (scores[bestIndex] ?? []).filter(isScored);
  const n = best.length;
  if (n < 2) return Number.POSITIVE_INFINITY;
  const mean = means[bestIndex] ?? 0;
  const variance = best.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  return Math.max(floor, Math.sqrt(variance / n));
}

/**
 * The frontier members whose validation mean is within one standard error
 * of the best mean (the one-standard-error rule). With a small pool and a
 * noisy validation set, a clearly weaker candidate often stays on the plain
 * frontier by winning a few examples through luck; drawing parents only
 * among candidates that cannot be told apart from the best keeps the
 * frontier's diversity where it is real and stops the search spending its
 * proposals on weak lineages. Never empty: the best candidate is always in
 * the band and on the frontier (ties aside, where an equal one stands in).
 */
export function nearBestFrontier(scores: readonly (readonly number[])[]): FrontierEntry[] {
  const frontier = paretoFrontier(scores);
  const means = scores.map(meanScore);
  const top = Math.max(...means);
  const margin = standardErrorOfBest(scores);
  const near = frontier.filter((f) => (means[f.candidate] ?? 0) >= top - margin - EPS);
  return near.length ? near : frontier;
}

/** Draws a parent from the frontier with probability proportional to its wins. */
export function selectParent(frontier: readonly FrontierEntry[], rng: Prng): number {
  if (frontier.length === 0) throw new Error("empty Pareto frontier");
  const index = rng.weighted(frontier.map((f) => f.wins));
  return (frontier[index] as FrontierEntry).candidate;
}

/**
 * Index of the best candidate by its per-example scores, each challenger
 * compared with the best so far on the examples both have scored (unscored
 * examples are left out, never counted as 0); the earliest wins ties. With
 * complete score vectors it is bestCandidate of the means.
 */
export function bestByScores(scores: readonly (readonly number[])[]): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) {
    const paired = pairedMeans(scores[i] ?? [], scores[best] ?? []);
    if (paired.n > 0 && paired.a > paired.b + EPS) best = i;
  }
  return best;
}

/** Index of the best candidate by mean score; the earliest wins ties. */
export function bestCandidate(means: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < means.length; i++) if ((means[i] ?? 0) > (means[best] ?? 0) + EPS) best = i;
  return best;
}
