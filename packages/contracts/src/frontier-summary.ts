/**
 * The one-sentence summary of a cost–quality frontier, shared by the web
 * pages and the CLI so both say the same thing, e.g. "gpt-4o-mini with the
 * tuned prompt scores 82 % (±4) at $0.31 per 1,000 replies — 94 % cheaper
 * than gpt-4o at the same quality".
 */
import type { FrontierPoint } from "./optimize";

/** "$0.31", "$0.0042", "$12": enough digits to tell cheap points apart. */
export function formatUsd(x: number): string {
  if (x === 0) return "$0";
  if (x >= 10) return `$${x.toFixed(0)}`;
  if (x >= 0.1) return `$${x.toFixed(2)}`;
  return `$${x.toPrecision(2)}`;
}

/** The summary sentence of `frontier`; null when it has no recommended point. */
export function frontierSummary(frontier: readonly FrontierPoint[]): string | null {
  const r = frontier.find((p) => p.recommended);
  if (!r) return null;
  const best = frontier.reduce((b, p) => (p.score > b.score ? p : b));
  const plusMinus = Math.round(((r.ci_high - r.ci_low) / 2) * 100);
  const head = `${r.model_name} with the tuned prompt scores ${Math.round(r.score * 100)} % (±${plusMinus}) at ${formatUsd(r.cost_per_1k_usd)} per 1,000 replies`;
  const dearest = frontier
    .filter((p) => p.score >= best.ci_low - 1e-9)
    .reduce((d, p) => (p.cost_per_1k_usd > d.cost_per_1k_usd ? p : d), r);
  if (dearest === r || dearest.cost_per_1k_usd <= 0)
    return `${head} — the best measured configuration.`;
  const saving = Math.round((1 - r.cost_per_1k_usd / dearest.cost_per_1k_usd) * 100);
  return `${head} — ${saving} % cheaper than ${dearest.model_name} at the same quality.`;
}
