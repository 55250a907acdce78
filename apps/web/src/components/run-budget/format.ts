/** Texts of the run budget and of the held-out comparison, shared by both optimizer pages. */
import type { HeldOutComparison, RunEstimate } from "@promptune/contracts";
import { pointsLabel, sharePercent, signedPoints } from "../../lib/format-score";

/** Compact count (12 345 → "12.3k", 2 100 000 → "2.1M"). */
function compact(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1)}k`;
  return String(n);
}

/** Dollars with sensible precision; "cost unknown" when a model has no price. */
function dollars(usd: number | null): string {
  if (usd === null) return "cost unknown";
  if (usd === 0) return "$0";
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** "≈ 357 model calls · 120.4k tokens · $0.07" for an estimate. */
export function describeEstimate(e: RunEstimate): string {
  return `≈ ${e.calls} model calls · ${compact(e.input_tokens + e.output_tokens)} tokens · ${dollars(e.cost_usd)}`;
}

/**
 * "+12.3 points, 95% CI +4.0…+19.2 on 22 held-out examples", or "No
 * significant change …" (one decimal everywhere, see lib/format-score).
 */
export function describeHeldOut(c: HeldOutComparison): string {
  const examples = `${c.examples} held-out example${c.examples === 1 ? "" : "s"}`;
  const interval = `95% CI ${signedPoints(c.ci_low)}…${signedPoints(c.ci_high)}`;
  if (!c.significant) {
    return `No significant change on ${examples} (${pointsLabel(c.difference)}, ${interval})`;
  }
  return `${pointsLabel(c.difference)}, ${interval} on ${examples}`;
}

/** "Held-out test score 45.0% → 57.3%". */
export function describeScores(c: HeldOutComparison): string {
  return `Held-out test score ${sharePercent(c.initial_score)} → ${sharePercent(c.final_score)}`;
}
