/**
 * The cost–quality frontier as the CLI prints it: one row per measured
 * configuration (cheapest first) with its score, 95 % interval, cost of
 * 1,000 replies, calls per reply and held-out score, the recommended row
 * marked, then the one-sentence summary.
 */
import { type FrontierPoint, formatUsd, frontierSummary } from "@promptune/contracts";

const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;

/** The frontier table and summary; "" for no frontier. */
export function formatFrontier(frontier: readonly FrontierPoint[] | undefined): string {
  if (!frontier || frontier.length === 0) return "";
  const header = [
    "",
    "model",
    "temp",
    "score",
    "95 % interval",
    "$ / 1,000 replies",
    "calls/reply",
    "test",
  ];
  const rows = frontier.map((p) => [
    p.recommended ? "*" : p.on_frontier ? "·" : "",
    p.model_name,
    p.temperature.toFixed(2),
    pct(p.score),
    `${pct(p.ci_low)} – ${pct(p.ci_high)}`,
    formatUsd(p.cost_per_1k_usd),
    String(p.calls_per_reply),
    p.test_score === null || p.test_score === undefined ? "—" : pct(p.test_score),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [
    "Cost vs quality (* recommended, · on the frontier):",
    line(header),
    ...rows.map(line),
    frontierSummary(frontier) ?? "",
    "",
  ].join("\n");
}
