/**
 * Everything `eval` writes besides stdout: --output in the format its
 * extension names, --junit, and the Markdown summary appended to
 * $GITHUB_STEP_SUMMARY on GitHub Actions; plus the comparison table printed
 * when several configurations were scored.
 */
import { appendFile } from "node:fs/promises";
import type { EvalReport } from "@promptune/contracts";
import { UsageError } from "../args-common";
import { writeUserFile } from "../files";
import { outputFormat, renderReports, toMarkdown } from "./formats";
import { type CheckCase, toJunitXml } from "./junit";
import { percent } from "./progress";

/** Where the reports go. */
export interface OutputTargets {
  output?: string;
  junit?: string;
  /** True when --pass-score made every example a gate (see junit.ts). */
  examplesAreGates: boolean;
  /** $GITHUB_STEP_SUMMARY: a file the job summary is appended to. */
  stepSummary?: string;
}

/** Writes the reports (complete or partial) to every target. */
export async function writeEvalOutputs(
  runs: Array<{ report: EvalReport; checks: CheckCase[] }>,
  targets: OutputTargets,
): Promise<void> {
  if (!runs.length) return;
  const reports = runs.map((r) => r.report);
  if (targets.output)
    await writeUserFile(
      targets.output,
      renderReports(reports, outputFormat(targets.output)),
      "--output",
    );
  if (targets.junit)
    await writeUserFile(
      targets.junit,
      toJunitXml(runs, { examplesAreGates: targets.examplesAreGates }),
      "--junit",
    );
  if (targets.stepSummary) {
    try {
      await appendFile(targets.stepSummary, `${toMarkdown(reports)}\n`, "utf8");
    } catch (err) {
      throw new UsageError(
        `cannot append to GITHUB_STEP_SUMMARY ${targets.stepSummary}: ${(err as Error).message}`,
      );
    }
  }
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

/** The prompts × models comparison: one line per configuration, best score first marked. */
export function comparisonTable(runs: Array<{ report: EvalReport; checks: CheckCase[] }>): string {
  const best = Math.max(...runs.map((r) => r.report.score));
  const rows = runs.map(({ report: r, checks }, i) => {
    const prompt = r.configuration.prompt.replace(/\s+/g, " ").trim();
    const gate = checks.some((c) => c.failure) ? "FAILED" : checks.length ? "ok" : "";
    return [
      `${i + 1}${r.score === best ? "*" : ""}`,
      r.model ?? "multi-agent",
      prompt.length > 36 ? `${prompt.slice(0, 35)}…` : prompt,
      String(r.temperature ?? r.configuration.temperature),
      percent(r.score),
      r.interval ? `${percent(r.interval.low)}–${percent(r.interval.high)}` : "n/a",
      `${r.passed}/${r.examples}`,
      `${r.usage.calls} (${r.usage.cached_calls} cached)`,
      `$${r.usage.cost_usd.toFixed(4)}`,
      gate,
    ];
  });
  const header = [
    "#",
    "model",
    "prompt",
    "temp",
    "score",
    "95 % interval",
    "passed",
    "calls",
    "cost",
    "gates",
  ];
  const widths = header.map((h, c) =>
    Math.max(h.length, ...rows.map((row) => (row[c] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => pad(cell, widths[c] ?? 0))
      .join("  ")
      .trimEnd();
  const first = runs[0]?.report;
  const title = first
    ? `Comparison on ${first.examples} examples of ${first.dataset.name} (${first.split === "all" ? "all examples" : "held-out split"}); * marks the best score`
    : "";
  const failures = runs.flatMap(({ report, checks }) =>
    checks
      .filter((c) => c.failure)
      .map((c) => `FAILED (${report.model ?? "multi-agent"}): ${c.failure}`),
  );
  return [title, line(header), ...rows.map(line), ...failures].join("\n");
}
