/**
 * Persistence of per-example evidence: the inputs of compared examples (once
 * per run) and each candidate's answers, written before the iteration that
 * produced them is checkpointed so a resumed run never lacks them.
 */
import {
  type DatasetExample,
  EVIDENCE_TEXT_LIMITS,
  type EvidenceSplit,
} from "@promptune/contracts";
import type { CandidateEvidence } from "@promptune/engine";
import type { Kysely, Transaction } from "kysely";
import type { Database, RunEvidenceTable, RunExamplesTable } from "../db/schema";
import { clip, encodeRubricMet } from "./mapping";

/** Rows per insert statement (well under both dialects' parameter limits). */
const CHUNK = 200;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** The stored input of an example. */
export interface StoredExample {
  exampleId: string;
  split: EvidenceSplit;
  position: number;
  dialog: DatasetExample["dialog"];
  reference: string;
  rubric: string[];
}

/** Evidence rows of a run. */
export class EvidenceRepository {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /**
   * Stores the evaluations of `evidence` with the inputs of their examples
   * (looked up in `examples` by id). A repeated write (a resumed iteration)
   * replaces the answers.
   */
  async save(
    runId: string,
    evidence: readonly CandidateEvidence[],
    examples: readonly DatasetExample[],
  ): Promise<void> {
    if (evidence.length === 0) return;
    const byId = new Map(examples.map((e) => [e.id, e]));
    const inputs: RunExamplesTable[] = [];
    const answers: RunEvidenceTable[] = [];
    for (const c of evidence) {
      c.examples.forEach((e, position) => {
        const example = byId.get(e.exampleId);
        if (example) {
          inputs.push({
            run_id: runId,
            example_id: e.exampleId,
            split: c.split,
            position,
            example: JSON.stringify({
              dialog: example.dialog,
              reference: example.reference,
              rubric: example.rubric,
            }),
          });
        }
        answers.push({
          run_id: runId,
          candidate: c.candidate,
          split: c.split,
          example_id: e.exampleId,
          score: e.score,
          feedback: clip(e.feedback, EVIDENCE_TEXT_LIMITS.feedback),
          rubric_met: encodeRubricMet(e.rubricMet),
          reply: clip(e.reply, EVIDENCE_TEXT_LIMITS.reply),
          trace: clip(e.trace, EVIDENCE_TEXT_LIMITS.trace),
        });
      });
    }
    // One row per key, the latest measurement winning: PostgreSQL refuses an
    // upsert that meets the same key twice in one statement (a candidate's
    // example can be scored again when a failed call is filled in later).
    const latest = new Map(
      answers.map((a) => [`${a.candidate}\u0000${a.split}\u0000${a.example_id}`, a] as const),
    );
    await this.db.transaction().execute(async (trx) => {
      for (const rows of chunks(inputs)) {
        await trx
          .insertInto("run_examples")
          .values(rows)
          .onConflict((oc) => oc.columns(["run_id", "example_id"]).doNothing())
          .execute();
      }
      for (const rows of chunks([...latest.values()])) {
        await trx
          .insertInto("run_evidence")
          .values(rows)
          .onConflict((oc) =>
            oc.columns(["run_id", "candidate", "split", "example_id"]).doUpdateSet((eb) => ({
              score: eb.ref("excluded.score"),
              feedback: eb.ref("excluded.feedback"),
              rubric_met: eb.ref("excluded.rubric_met"),
              reply: eb.ref("excluded.reply"),
              trace: eb.ref("excluded.trace"),
            })),
          )
          .execute();
      }
    });
  }

  /** The stored inputs of a run's compared examples, by split then position. */
  async examples(runId: string): Promise<StoredExample[]> {
    const rows = await this.db
      .selectFrom("run_examples")
      .selectAll()
      .where("run_id", "=", runId)
      .orderBy("split", "desc")
      .orderBy("position")
      .execute();
    return rows.map((r) => {
      const e = JSON.parse(r.example) as Pick<StoredExample, "dialog" | "reference" | "rubric">;
      return {
        exampleId: r.example_id,
        split: r.split as EvidenceSplit,
        position: r.position,
        dialog: e.dialog,
        reference: e.reference,
        rubric: e.rubric,
      };
    });
  }

  /** Answers of the given candidates. */
  async answers(runId: string, candidates: readonly number[]): Promise<RunEvidenceTable[]> {
    if (candidates.length === 0) return [];
    return this.db
      .selectFrom("run_evidence")
      .selectAll()
      .where("run_id", "=", runId)
      .where("candidate", "in", [...new Set(candidates)])
      .execute();
  }
}
