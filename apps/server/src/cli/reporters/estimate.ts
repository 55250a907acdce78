/** The line printed before a run says what it is expected to spend. */
import type { RunEstimate } from "@promptune/contracts";

/** Compact token count: 980 → "980", 12_400 → "12.4k", 3_100_000 → "3.1M". */
function compactTokens(n: number): string {
  if (n < 1_000) return String(n);
  if (n < 1_000_000) return `${(n / 1_000).toFixed(1).replace(/\.0$/, "")}k`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
}

/**
 * Summarises a run's estimate before it starts, so a CI log shows what the
 * run may spend and the call cap it is held to:
 * "Estimate: ≈ 412 model calls · 98.2k tokens · $0.12 (never more than 453 calls)".
 */
export function formatEstimate(e: RunEstimate, cap: number): string {
  const tokens = compactTokens(e.input_tokens + e.output_tokens);
  const cost = e.cost_usd === null ? "cost unknown" : `$${e.cost_usd.toFixed(2)}`;
  return `Estimate: ≈ ${e.calls} model calls · ${tokens} tokens · ${cost} (never more than ${cap} calls)`;
}
