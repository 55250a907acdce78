/**
 * What one optimisation run of the quality benchmark reports (`RunOutcome`)
 * and the shares the tables print from it: of the possible gain, the run
 * found (`share`) and its best proposal held (`ceilingShare`). Shared by
 * every runner and by the report.
 */

/** The outcome of one run. */
export interface RunOutcome {
  initial: number;
  best: number;
  final: number;
  presentedValidation: number;
  calls: number;
  tokens: number;
  /** Words of the presented prompt over words of the shortest prompt reaching its score. */
  lengthRatio: number;
  /** The presented prompt and temperature (rule worlds; for inspection). */
  prompt?: string;
  temperature?: number;
  /**
   * The best expected score among every configuration the run proposed (any
   * of its prompts at the best temperature of a 0–1 grid): what a perfect
   * final pick could have presented, so a row shows how much of the gap to
   * the world's best is lost to proposals and how much to the pick.
   */
  ceiling?: number;
  /** The presented prompt's expected score at the best temperature of the same grid. */
  presentedAtBestTemperature?: number;
}

/** The share of the possible gain a run found. */
export function share(o: RunOutcome): number {
  return o.best - o.initial > 1e-9 ? (o.final - o.initial) / (o.best - o.initial) : 1;
}

/** The share of the possible gain the run's best proposed configuration holds (its ceiling). */
export function ceilingShare(
  o: RunOutcome,
  score: number | undefined = o.ceiling,
): number | undefined {
  if (score === undefined) return undefined;
  return o.best - o.initial > 1e-9 ? (score - o.initial) / (o.best - o.initial) : 1;
}
