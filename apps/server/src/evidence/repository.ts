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
import type { CandidateEvidence, ExampleEvidence, FrontierEvidence } from "@promptune/engine";
import { type Kysely, sql, type Transaction } from "kysely";
import type {
  Database,
  RunEvidenceTable,
  RunExamplesTable,
  RunFrontierEvidenceTable,
} from "../db/schema";
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

/** One stored answer of a compared configuration (an iteration's candidate or a frontier point). */
export type StoredAnswer = Omit<RunEvidenceTable, "run_id" | "candidate">;

/** Which configuration's answers to read: a candidate iteration or a frontier point. */
export type AnswerKey = { candidate: number } | { point: number };

/** The stored columns of one answer (texts cut to their limits). */
function answerColumns(split: string, e: ExampleEvidence): StoredAnswer {
  return {
    split,
    example_id: e.exampleId,
    score: e.score,
    feedback: clip(e.feedback, EVIDENCE_TEXT_LIMITS.feedback),
    rubric_met: encodeRubricMet(e.rubricMet),
    reply: clip(e.reply, EVIDENCE_TEXT_LIMITS.reply),
    trace: clip(e.trace, EVIDENCE_TEXT_LIMITS.trace),
  };
}

/** The stored inputs of the examples of `evidence` (looked up in `examples` by id). */
function inputsOf(
  runId: string,
  evidence: readonly { split: EvidenceSplit; examples: readonly ExampleEvidence[] }[],
  examples: readonly DatasetExample[],
): RunExamplesTable[] {
  const byId = new Map(examples.map((e) => [e.id, e]));
  return evidence.flatMap((c) =>
    c.examples.flatMap((e, position) => {
      const example = byId.get(e.exampleId);
      if (!example) return [];
      const input = {
        dialog: example.dialog,
        reference: example.reference,
        rubric: example.rubric,
      };
      return [
        {
          run_id: runId,
          example_id: e.exampleId,
          split: c.split,
          position,
          example: JSON.stringify(input),
        },
      ];
    }),
  );
}

/**
 * One row per (configuration, split, example), the latest measurement
 * winning: PostgreSQL refuses an upsert that meets the same key twice in one
 * statement (an example can be scored again when a failed call is filled in
 * later).
 */
function latestPerKey<T extends StoredAnswer>(
  rows: readonly T[],
  configuration: (row: T) => number,
): T[] {
  const latest = new Map(
    rows.map((a) => [`${configuration(a)}\u0000${a.split}\u0000${a.example_id}`, a] as const),
  );
  return [...latest.values()];
}

/** Stores the inputs of compared examples once per run (a repeat keeps the first). */
async function insertInputs(trx: Transaction<Database>, inputs: RunExamplesTable[]): Promise<void> {
  for (const rows of chunks(inputs)) {
    await trx
      .insertInto("run_examples")
      .values(rows)
      .onConflict((oc) => oc.columns(["run_id", "example_id"]).doNothing())
      .execute();
  }
}

/** The upsert's update of a stored answer: the new measurement replaces it. */
const replaceAnswer = {
  score: sql.ref<number>("excluded.score"),
  feedback: sql.ref<string>("excluded.feedback"),
  rubric_met: sql.ref<string | null>("excluded.rubric_met"),
  reply: sql.ref<string>("excluded.reply"),
  trace: sql.ref<string>("excluded.trace"),
};

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
    const answers: RunEvidenceTable[] = evidence.flatMap((c) =>
      c.examples.map((e) => ({
        run_id: runId,
        candidate: c.candidate,
        ...answerColumns(c.split, e),
      })),
    );
    const rows = latestPerKey(answers, (a) => a.candidate);
    await this.db.transaction().execute(async (trx) => {
      await insertInputs(trx, inputsOf(runId, evidence, examples));
      for (const chunk of chunks(rows)) {
        await trx
          .insertInto("run_evidence")
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(["run_id", "candidate", "split", "example_id"]).doUpdateSet(replaceAnswer),
          )
          .execute();
      }
    });
  }

  /**
   * Stores the answers of the run's frontier points (keyed by the point's
   * index in the run's frontier) with the inputs of their examples. A
   * repeated write replaces the answers.
   */
  async saveFrontier(
    runId: string,
    evidence: readonly FrontierEvidence[],
    examples: readonly DatasetExample[],
  ): Promise<void> {
    if (evidence.length === 0) return;
    const answers: RunFrontierEvidenceTable[] = evidence.flatMap((c) =>
      c.examples.map((e) => ({ run_id: runId, point: c.point, ...answerColumns(c.split, e) })),
    );
    const rows = latestPerKey(answers, (a) => a.point);
    await this.db.transaction().execute(async (trx) => {
      await insertInputs(trx, inputsOf(runId, evidence, examples));
      for (const chunk of chunks(rows)) {
        await trx
          .insertInto("run_frontier_evidence")
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(["run_id", "point", "split", "example_id"]).doUpdateSet(replaceAnswer),
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

  /** Answers of one configuration: a candidate iteration's or a frontier point's. */
  async answersOf(runId: string, key: AnswerKey): Promise<StoredAnswer[]> {
    const columns = [
      "split",
      "example_id",
      "score",
      "feedback",
      "rubric_met",
      "reply",
      "trace",
    ] as const;
    if ("point" in key) {
      return this.db
        .selectFrom("run_frontier_evidence")
        .select(columns)
        .where("run_id", "=", runId)
        .where("point", "=", key.point)
        .execute();
    }
    return this.db
      .selectFrom("run_evidence")
      .select(columns)
      .where("run_id", "=", runId)
      .where("candidate", "=", key.candidate)
      .execute();
  }

  /** The frontier points of a run with stored answers, in frontier order. */
  async frontierPoints(runId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom("run_frontier_evidence")
      .select("point")
      .distinct()
      .where("run_id", "=", runId)
      .orderBy("point")
      .execute();
    return rows.map((r) => r.point);
  }
}
