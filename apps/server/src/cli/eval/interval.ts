/**
 * The 95 % interval of a mean score (Student's t over the examples), used by
 * `eval` to report how precisely a run measured a prompt and by the gates
 * that require the interval's lower bound.
 */

/** Two-sided 95 % quantiles of Student's t for 1..30 degrees of freedom. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/** The t quantile for `df` degrees of freedom (the normal 1.96 beyond the table, within 2 %). */
export function t95(df: number): number {
  return T95[df - 1] ?? (df <= 60 ? 2.0 : df <= 120 ? 1.98 : 1.96);
}

/** Mean and 95 % interval (clipped to [0, 1]) of `scores`; null interval below two scores. */
export function meanInterval(scores: readonly number[]): {
  mean: number;
  interval: { low: number; high: number } | null;
} {
  const n = scores.length;
  const mean = n ? scores.reduce((a, b) => a + b, 0) / n : 0;
  if (n < 2) return { mean, interval: null };
  const variance = scores.reduce((a, s) => a + (s - mean) ** 2, 0) / (n - 1);
  const half = t95(n - 1) * Math.sqrt(variance / n);
  return {
    mean,
    interval: { low: Math.max(0, mean - half), high: Math.min(1, mean + half) },
  };
}
