/** Texts of the run budget and of the held-out comparison, shared by both optimizer pages. */
import type { HeldOutComparison, RunEstimate } from "@promptune/contracts";

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

/** A share difference in signed whole points (0.123 → "+12", −0.04 → "−4", 0 → "0"). */
function signedPoints(share: number): string {
  const points = Math.round(share * 100);
  if (points === 0) return "0";
  return points > 0 ? `+${points}` : `−${Math.abs(points)}`;
}

/** "+12 points, 95 % CI +4…+19 on 22 held-out examples", or "No significant change …". */
export function describeHeldOut(c: HeldOutComparison): string {
  const examples = `${c.examples} held-out example${c.examples === 1 ? "" : "s"}`;
  const interval = `95 % CI ${signedPoints(c.ci_low)}…${signedPoints(c.ci_high)}`;
  if (!c.significant) {
    return `No significant change on ${examples} (${signedPoints(c.difference)} points, ${interval})`;
  }
  const points = signedPoints(c.difference);
  return `${points} point${Math.abs(Math.round(c.difference * 100)) === 1 ? "" : "s"}, ${interval} on ${examples}`;
}

/** "Held-out test score 45 % → 57 %". */
export function describeScores(c: HeldOutComparison): string {
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  return `Held-out test score ${pct(c.initial_score)} → ${pct(c.final_score)}`;
}
