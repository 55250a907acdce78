import type { Kysely } from "kysely";

/**
 * Per-example evidence of a run, kept apart from the run row so the row
 * stays small: `run_examples` holds each compared example's input once
 * (conversation, reference, rubric as JSON) with its split and position;
 * `run_evidence` holds one row per candidate, split and example (score,
 * judge feedback, reply and multi-agent trace, each cut to a limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("run_examples")
    .addColumn("run_id", "text", (c) => c.notNull().references("runs.id").onDelete("cascade"))
    .addColumn("example_id", "text", (c) => c.notNull())
    .addColumn("split", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("example", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("run_examples_pk", ["run_id", "example_id"])
    .execute();
  await db.schema
    .createTable("run_evidence")
    .addColumn("run_id", "text", (c) => c.notNull().references("runs.id").onDelete("cascade"))
    .addColumn("candidate", "integer", (c) => c.notNull())
    .addColumn("split", "text", (c) => c.notNull())
    .addColumn("example_id", "text", (c) => c.notNull())
    .addColumn("score", "real", (c) => c.notNull())
    .addColumn("feedback", "text", (c) => c.notNull())
    .addColumn("reply", "text", (c) => c.notNull())
    .addColumn("trace", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("run_evidence_pk", ["run_id", "candidate", "split", "example_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("run_evidence").execute();
  await db.schema.dropTable("run_examples").execute();
}
