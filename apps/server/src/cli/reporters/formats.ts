/**
 * `eval --output FILE` by the file's extension: `.json` (the report, or a
 * matrix of reports), `.csv` (one row per example and configuration), `.md`
 * (the comparison table and the failing examples, also what goes to
 * $GITHUB_STEP_SUMMARY) and `.html` (a self-contained page with the
 * per-example grid: one row per example, one column per configuration).
 */
import { extname } from "node:path";
import type { EvalReport } from "@promptune/contracts";
import { UsageError } from "../args-common";
import { percent } from "./progress";

/** Output formats `--output` accepts. */
export const OUTPUT_FORMATS = ["json", "csv", "md", "html"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The format of `path` from its extension; anything else is a usage error. */
export function outputFormat(path: string): OutputFormat {
  const ext = extname(path).slice(1).toLowerCase();
  const format = ext === "markdown" ? "md" : ext === "htm" ? "html" : ext;
  if ((OUTPUT_FORMATS as readonly string[]).includes(format)) return format as OutputFormat;
  throw new UsageError(`--output ${path}: the file must end in .json, .csv, .md or .html`);
}

/** A short label of a report's configuration: its model and the start of its prompt. */
export function cellLabel(report: EvalReport): string {
  const prompt = report.configuration.prompt.replace(/\s+/g, " ").trim();
  const short = prompt.length > 40 ? `${prompt.slice(0, 40)}…` : prompt;
  return `${report.model ?? "multi-agent"} · ${short}`;
}

function csvField(value: string | number | boolean): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(reports: EvalReport[]): string {
  const rows = [
    ["model", "prompt", "temperature", "example", "score", "passed", "feedback", "reply"],
  ];
  for (const r of reports)
    for (const e of r.results)
      rows.push([
        r.model ?? "",
        r.configuration.prompt,
        String(r.temperature ?? r.configuration.temperature),
        e.id,
        String(e.score),
        String(e.passed),
        e.feedback,
        e.reply,
      ]);
  return `${rows.map((row) => row.map(csvField).join(",")).join("\n")}\n`;
}

const mdCell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s+/g, " ");

function interval(r: EvalReport): string {
  return r.interval ? `${percent(r.interval.low)}–${percent(r.interval.high)}` : "n/a";
}

/** The Markdown summary: one row per configuration, then the failing examples. */
export function toMarkdown(reports: EvalReport[]): string {
  const first = reports[0];
  const lines = [
    `### promptune eval: ${first?.dataset.name ?? ""} (${first?.split ?? ""})`,
    "",
    "| model | prompt | temperature | score | 95 % interval | passed | status | calls | cost |",
    "| ----- | ------ | ----------- | ----- | ------------- | ------ | ------ | ----- | ---- |",
  ];
  for (const r of reports)
    lines.push(
      `| ${mdCell(r.model ?? "multi-agent")} | ${mdCell(r.configuration.prompt.slice(0, 60))} | ${r.temperature ?? r.configuration.temperature} | ${percent(r.score)} | ${interval(r)} | ${r.passed}/${r.examples} | ${r.status} | ${r.usage.calls} | $${r.usage.cost_usd.toFixed(4)} |`,
    );
  const failing = reports.flatMap((r) => r.results.filter((e) => !e.passed).map((e) => ({ r, e })));
  if (failing.length) {
    lines.push("", "| configuration | example | score | feedback |", "| --- | --- | --- | --- |");
    for (const { r, e } of failing.slice(0, 50))
      lines.push(
        `| ${mdCell(cellLabel(r))} | ${mdCell(e.id)} | ${percent(e.score)} | ${mdCell(e.feedback.slice(0, 120))} |`,
      );
    if (failing.length > 50) lines.push("", `… and ${failing.length - 50} more.`);
  }
  return `${lines.join("\n")}\n`;
}

const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Background colour of a score: red at 0, amber at 0.5, green at 1. */
function shade(score: number): string {
  return `hsl(${Math.round(score * 120)} 70% 85%)`;
}

function toHtml(reports: EvalReport[]): string {
  const ids: string[] = [];
  for (const r of reports) for (const e of r.results) if (!ids.includes(e.id)) ids.push(e.id);
  const byCell = reports.map((r) => new Map(r.results.map((e) => [e.id, e])));
  const head = reports
    .map((r) => `<th title="${html(r.configuration.prompt)}">${html(cellLabel(r))}</th>`)
    .join("");
  const summary = reports
    .map(
      (r) =>
        `<td style="background:${shade(r.score)}"><b>${percent(r.score)}</b><br><small>${interval(r)} · ${r.status}</small></td>`,
    )
    .join("");
  const rows = ids
    .map((id) => {
      const cells = byCell
        .map((m) => {
          const e = m.get(id);
          if (!e) return "<td>—</td>";
          return `<td style="background:${shade(e.score)}" title="${html(e.feedback)}"><b>${percent(e.score)}</b><details><summary>reply</summary><pre>${html(e.reply)}</pre><p>${html(e.feedback)}</p></details></td>`;
        })
        .join("");
      return `<tr><th>${html(id)}</th>${cells}</tr>`;
    })
    .join("\n");
  const first = reports[0];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>promptune eval ${html(first?.dataset.name ?? "")}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}pre{white-space:pre-wrap;max-width:40ch}</style></head>
<body><h1>promptune eval: ${html(first?.dataset.name ?? "")} (${html(first?.split ?? "")})</h1>
<table><thead><tr><th>example</th>${head}</tr></thead>
<tbody><tr><th>mean</th>${summary}</tr>
${rows}
</tbody></table></body></html>
`;
}

/** The text of `reports` in `format` (a single report's JSON is the report itself). */
export function renderReports(reports: EvalReport[], format: OutputFormat): string {
  if (format === "csv") return toCsv(reports);
  if (format === "md") return toMarkdown(reports);
  if (format === "html") return toHtml(reports);
  const body = reports.length === 1 ? reports[0] : { type: "eval-matrix", reports };
  return `${JSON.stringify(body, null, 2)}\n`;
}
