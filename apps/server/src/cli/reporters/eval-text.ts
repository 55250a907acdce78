/** Human-readable output of `promptune eval`: the failing examples, the score and the gates. */
import type { EvalReport } from "@promptune/contracts";
import type { CheckCase } from "./junit";
import { percent } from "./progress";

function clip(text: string, n: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > n ? `${flat.slice(0, n)}…` : flat;
}

/** The lines printed after an evaluation (no trailing newline). */
export function evalReportText(report: EvalReport, checks: CheckCase[]): string {
  const failed = report.results.filter((r) => !r.passed);
  const lines: string[] = [];
  for (const r of failed) {
    lines.push(`FAIL ${r.id}  ${percent(r.score)}  ${clip(r.feedback, 200)}`);
    lines.push(`     reply: ${clip(r.reply, 160)}`);
  }
  if (failed.length) lines.push("");
  const split = report.split === "all" ? "all examples" : "held-out split";
  lines.push(
    `Score: ${percent(report.score)} on ${report.examples} examples of ${report.dataset.name} (${split}); ${report.passed} passed, ${failed.length} failed (pass mark ${percent(report.pass_score)})`,
  );
  const u = report.usage;
  lines.push(
    `Usage: ${u.calls} calls (${u.cached_calls} cached), ${u.input_tokens} input / ${u.output_tokens} output tokens, $${u.cost_usd.toFixed(4)}`,
  );
  for (const c of checks) lines.push(c.failure ? `FAILED: ${c.failure}` : `ok: ${c.name}`);
  return lines.join("\n");
}
