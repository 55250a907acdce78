/**
 * Comparing two configurations of a run example by example: which
 * configurations exist (from the stored iterations), and the rows of the
 * grid with their status (fixed, broken, both pass, both fail), filtered,
 * searched and sorted.
 */
import {
  EVIDENCE_PASS_SCORE,
  type EvidenceAnswer,
  type EvidenceConfiguration,
  type EvidenceQuery,
  type EvidenceRow,
  type EvidenceStatus,
  type FinalResult,
} from "@promptune/contracts";
import type { RunIterationRow, RunRow } from "../runs/repository";
import { decodeRubricMet } from "./mapping";
import type { StoredAnswer, StoredExample } from "./repository";

/** Creating iteration of the presented configuration; null until the run completed. */
export function presentedOf(run: RunRow): number | null {
  if (!run.final_result) return null;
  const final = JSON.parse(run.final_result) as Partial<FinalResult>;
  return typeof final.best_iteration === "number" ? final.best_iteration : null;
}

/** The configurations a run reported, one per stored iteration (0 first). */
export function configurationsOf(
  run: RunRow,
  iterations: readonly RunIterationRow[],
): EvidenceConfiguration[] {
  const presented = presentedOf(run);
  return iterations.map((row) => {
    const d = JSON.parse(row.data) as {
      candidate_iteration?: number;
      accepted?: boolean;
      validation_score?: number;
    };
    const candidate = d.candidate_iteration ?? (d.accepted ? row.iteration : 0);
    return {
      iteration: row.iteration,
      candidate_iteration: candidate,
      validation_score: d.validation_score ?? 0,
      presented: presented !== null && candidate === presented,
    };
  });
}

/** The default B: the first iteration reporting the presented configuration, else the latest. */
export function defaultB(configurations: readonly EvidenceConfiguration[]): number {
  const presented = configurations.find((c) => c.presented && c.iteration > 0);
  if (presented) return presented.iteration;
  if (configurations.some((c) => c.presented)) return 0;
  return configurations[configurations.length - 1]?.iteration ?? 0;
}

function answer(row: StoredAnswer, rubric: readonly string[]): EvidenceAnswer {
  return {
    score: row.score,
    passed: row.score >= EVIDENCE_PASS_SCORE,
    feedback: row.feedback,
    rubric_items: decodeRubricMet(row.rubric_met ?? null, rubric),
    reply: row.reply,
    trace: row.trace,
  };
}

/** The status of an example from A's and B's answers. */
export function statusOf(a: EvidenceAnswer, b: EvidenceAnswer): EvidenceStatus {
  if (a.passed && b.passed) return "both_pass";
  if (!a.passed && !b.passed) return "both_fail";
  return b.passed ? "fixed" : "broken";
}

function matches(row: EvidenceRow, needle: string): boolean {
  if (!needle) return true;
  const text = [
    row.example_id,
    row.reference,
    ...row.rubric,
    ...row.dialog.map((d) => d.content),
    row.a.reply,
    row.b.reply,
    row.a.feedback,
    row.b.feedback,
  ]
    .join("\n")
    .toLowerCase();
  return text.includes(needle);
}

/** The rows of A vs B (each side's stored answers), filtered and sorted, with the status counts before the status filter. */
export function compareRows(input: {
  examples: readonly StoredExample[];
  a: readonly StoredAnswer[];
  b: readonly StoredAnswer[];
  query: Pick<EvidenceQuery, "status" | "split" | "q" | "sort">;
}): { rows: EvidenceRow[]; counts: Record<EvidenceStatus, number>; testCompared: boolean } {
  const key = (split: string, id: string) => `${split}\u0000${id}`;
  const byKey = (answers: readonly StoredAnswer[]) =>
    new Map(answers.map((r) => [key(r.split, r.example_id), r]));
  const answersA = byKey(input.a);
  const answersB = byKey(input.b);
  const all: EvidenceRow[] = [];
  const order = new Map<string, number>();
  let testCompared = false;
  for (const e of input.examples) {
    const ra = answersA.get(key(e.split, e.exampleId));
    const rb = answersB.get(key(e.split, e.exampleId));
    if (!ra || !rb) continue;
    if (e.split === "test") testCompared = true;
    const a = answer(ra, e.rubric);
    const b = answer(rb, e.rubric);
    order.set(`${e.split}:${e.exampleId}`, (e.split === "test" ? 1_000_000 : 0) + e.position);
    all.push({
      example_id: e.exampleId,
      split: e.split,
      dialog: e.dialog,
      reference: e.reference,
      rubric: e.rubric,
      a,
      b,
      status: statusOf(a, b),
      change: Math.round((b.score - a.score) * 10_000) / 10_000,
    });
  }
  const needle = input.query.q.trim().toLowerCase();
  const searched = all.filter(
    (r) => (input.query.split === "all" || r.split === input.query.split) && matches(r, needle),
  );
  const counts: Record<EvidenceStatus, number> = {
    fixed: 0,
    broken: 0,
    both_pass: 0,
    both_fail: 0,
  };
  for (const r of searched) counts[r.status]++;
  const rows = searched.filter(
    (r) => input.query.status === "all" || r.status === input.query.status,
  );
  const pos = (r: EvidenceRow) => order.get(`${r.split}:${r.example_id}`) ?? 0;
  const sign = input.query.sort === "change_asc" ? 1 : -1;
  rows.sort((x, y) =>
    input.query.sort === "example" || x.change === y.change
      ? pos(x) - pos(y)
      : sign * (x.change - y.change),
  );
  return { rows, counts, testCompared };
}
