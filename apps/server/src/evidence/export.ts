/**
 * The evidence grid as a download: CSV (RFC 4180, one row per example,
 * cells that a spreadsheet would run as a formula are prefixed with an
 * apostrophe) or JSONL (one contract row per line).
 */
import { type EvidenceRow, type EvidenceSide, isFrontierSide } from "@promptune/contracts";

const CSV_COLUMNS = [
  "example_id",
  "split",
  "status",
  "change",
  "conversation",
  "reference",
  "rubric",
  "a_iteration",
  "a_score",
  "a_feedback",
  "a_rubric_met",
  "a_reply",
  "a_trace",
  "b_iteration",
  "b_score",
  "b_feedback",
  "b_rubric_met",
  "b_reply",
  "b_trace",
  "a_frontier_point",
  "b_frontier_point",
] as const;

/**
 * How a side is named in the download: an iteration's number in
 * `*_iteration`, a frontier point's index in `*_frontier_point` (the other
 * one empty in CSV, null in JSONL).
 */
function sideColumns(side: EvidenceSide): { iteration: number | null; point: number | null } {
  return isFrontierSide(side)
    ? { iteration: null, point: side.frontier_point }
    : { iteration: side.iteration, point: null };
}

/** One CSV cell: quoted when needed; a leading =, +, -, @, tab or CR is neutralised. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The conversation as plain text, one turn per line. */
function conversation(row: EvidenceRow): string {
  return row.dialog.map((d) => `${d.type}: ${d.content}`).join("\n");
}

/** The judge's per-item verdicts as "[x] item | [ ] item"; "" when it gave none. */
function checklist(items: readonly { item: string; met: boolean }[] | null | undefined): string {
  return (items ?? []).map((i) => `${i.met ? "[x]" : "[ ]"} ${i.item}`).join(" | ");
}

/** The rows as CSV with a header line. */
export function evidenceCsv(
  rows: readonly EvidenceRow[],
  sideA: EvidenceSide,
  sideB: EvidenceSide,
): string {
  const lines = [CSV_COLUMNS.join(",")];
  const [ca, cb] = [sideColumns(sideA), sideColumns(sideB)];
  const [a, b] = [ca.iteration ?? "", cb.iteration ?? ""];
  for (const r of rows) {
    const cells: (string | number)[] = [
      r.example_id,
      r.split,
      r.status,
      r.change,
      conversation(r),
      r.reference,
      r.rubric.join(" | "),
      a,
      r.a.score,
      r.a.feedback,
      checklist(r.a.rubric_items),
      r.a.reply,
      r.a.trace,
      b,
      r.b.score,
      r.b.feedback,
      checklist(r.b.rubric_items),
      r.b.reply,
      r.b.trace,
      ca.point ?? "",
      cb.point ?? "",
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * The rows as JSON lines, each with the compared iterations (and, when a
 * side is a frontier point, its index: `a_frontier_point`, `b_frontier_point`).
 */
export function evidenceJsonl(
  rows: readonly EvidenceRow[],
  sideA: EvidenceSide,
  sideB: EvidenceSide,
): string {
  const [ca, cb] = [sideColumns(sideA), sideColumns(sideB)];
  const sides = {
    a_iteration: ca.iteration,
    b_iteration: cb.iteration,
    ...(ca.point === null ? {} : { a_frontier_point: ca.point }),
    ...(cb.point === null ? {} : { b_frontier_point: cb.point }),
  };
  return rows.map((r) => `${JSON.stringify({ ...sides, ...r })}\n`).join("");
}
