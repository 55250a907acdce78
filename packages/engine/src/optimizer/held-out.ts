/**
 * Honest numbers: the held-out test comparison of the initial and the
 * presented configuration. Both are scored on the same test examples, so the
 * per-example differences are paired; a percentile bootstrap over those
 * differences gives a 95 % interval of the mean gain that the user can trust
 * more than a single validation score picked as the best of many.
 */
import { Prng } from "../util/prng";

/** Held-out comparison of the initial and the presented configuration (shares in [0, 1]). */
export interface HeldOutComparison {
  /** Test examples both configurations were scored on. */
  examples: number;
  initialScore: number;
  finalScore: number;
  /** finalScore − initialScore. */
  difference: number;
  /** Lower end of the bootstrap 95 % interval of the difference. */
  ciLow: number;
  /** Upper end of the bootstrap 95 % interval of the difference. */
  ciHigh: number;
  /** True when the interval excludes 0. */
  significant: boolean;
}

/** Bootstrap resamples drawn for the interval (enough for stable 2.5 % / 97.5 % percentiles). */
export const BOOTSTRAP_RESAMPLES = 2000;

/** Offset mixed into the run seed so the bootstrap draws do not repeat the search's draws. */
const BOOTSTRAP_SEED_SALT = 0x5eed_b007;

const mean = (xs: readonly number[]): number =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;

/** The q-quantile (0..1) of sorted values, linearly interpolated. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/** Rounds away floating-point dust (e.g. 0.30000000000000004) so equal gains compare equal. */
const clean = (x: number): number => Math.round(x * 1e9) / 1e9;

/**
 * Compares per-example held-out scores of the initial and the final
 * configuration (same examples, same order) with a paired percentile
 * bootstrap: resample examples with replacement, take the mean difference,
 * and read the 2.5 % and 97.5 % percentiles. Deterministic given `seed` (the
 * run seed), so a run reports the same interval every time it is finished.
 * Examples unscored (NaN) for either configuration are left out: both are
 * compared on the examples both have scored. Returns null when there is
 * nothing to compare.
 */
export function compareHeldOut(
  allInitialScores: readonly number[],
  allFinalScores: readonly number[],
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): HeldOutComparison | null {
  if (allInitialScores.length !== allFinalScores.length)
    throw new Error("held-out scores of the initial and final configuration must be paired");
  const both = allInitialScores.flatMap((s, i) => {
    const f = allFinalScores[i];
    return Number.isFinite(s) && typeof f === "number" && Number.isFinite(f) ? [i] : [];
  });
  const initialScores = both.map((i) => allInitialScores[i] as number);
  const finalScores = both.map((i) => allFinalScores[i] as number);
  const n = initialScores.length;
  if (n === 0) return null;
  const diffs = initialScores.map((s, i) => (finalScores[i] as number) - s);
  const difference = clean(mean(diffs));
  let ciLow = difference;
  let ciHigh = difference;
  if (diffs.some((d) => d !== diffs[0])) {
    const rng = new Prng((seed ^ BOOTSTRAP_SEED_SALT) >>> 0);
    const means: number[] = new Array(resamples);
    for (let r = 0; r < resamples; r++) {
      let sum = 0;
      for (let k = 0; k < n; k++) sum += diffs[rng.int(n)] as number;
      means[r] = sum / n;
    }
    means.sort((a, b) => a - b);
    ciLow = clean(quantile(means, 0.025));
    ciHigh = clean(quantile(means, 0.975));
  }
  return {
    examples: n,
    initialScore: clean(mean(initialScores)),
    finalScore: clean(mean(finalScores)),
    difference,
    ciLow,
    ciHigh,
    significant: ciLow > 0 || ciHigh < 0,
  };
}
