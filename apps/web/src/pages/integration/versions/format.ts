/** Plain-text renderings of a deployed version's numbers (issue 25, items 3–4). */
import type { DeployVersion, HeldOutComparison, LiveEvidence } from "@promptune/contracts";

const pts = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} pts`;
const pct = (x: number) => `${Math.round(x * 100)} %`;

/** "+10.0 pts on 12 held-out examples (95 % CI −4.0 pts to +22.0 pts)", or why there is none. */
export function heldOutText(h: HeldOutComparison | null, source: DeployVersion["source"]): string {
  if (!h) return source === "run" ? "Not measured on held-out examples" : "No run measured it";
  return `${pts(h.difference)} on ${h.examples} held-out examples (95 % CI ${pts(h.ci_low)} to ${pts(h.ci_high)})`;
}

/** Where a version came from: "Run abc12345, iteration 3" or "Saved on the Integration page". */
export function originText(v: DeployVersion): string {
  if (v.source === "integration" || !v.run_id) return "Saved on the Integration page";
  const run = `Run ${v.run_id.slice(0, 8)}`;
  if (v.frontier_point !== null) return `${run}, frontier point ${v.frontier_point + 1}`;
  return v.iteration === null ? run : `${run}, iteration ${v.iteration}`;
}

/** "👍 67 % (95 % CI 30 %–90 %) of 6 rated · 9 replies in 3 conversations", or "No replies yet". */
export function evidenceText(e: LiveEvidence | undefined): string {
  if (!e || e.replies === 0) return "No replies yet";
  const talk = `${e.replies} ${e.replies === 1 ? "reply" : "replies"} in ${e.conversations} ${
    e.conversations === 1 ? "conversation" : "conversations"
  }`;
  if (e.up_rate === null || e.up_rate_low === null || e.up_rate_high === null)
    return `${talk} · no ratings yet`;
  const rated = e.up + e.down;
  return `👍 ${pct(e.up_rate)} (95 % CI ${pct(e.up_rate_low)}–${pct(e.up_rate_high)}) of ${rated} rated · ${talk}`;
}

/** A timestamp as the user's locale shows it. */
export function whenText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
