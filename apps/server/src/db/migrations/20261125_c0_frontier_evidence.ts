import type { Kysely } from "kysely";

/**
 * Per-example evidence of a run's cost–quality frontier points (issue 26 §1:
 * any frontier point selectable in the evidence grid). One row per point,
 * split and example, the point being its index in the run's stored frontier
 * (`runs.frontier`, cheapest first); the columns are those of `run_evidence`
 * (the examples' inputs stay in `run_examples`). Kept apart from
 * `run_evidence`, whose key is a candidate iteration, so neither key is
 * overloaded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("run_frontier_evidence")
    .addColumn("run_id", "text", (c) => c.notNull().references("runs.id").onDelete("cascade"))
    .addColumn("point", "integer", (c) => c.notNull())
    .addColumn("split", "text", (c) => c.notNull())
    .addColumn("example_id", "text", (c) => c.notNull())
    .addColumn("score", "real", (c) => c.notNull())
    .addColumn("feedback", "text", (c) => c.notNull())
    .addColumn("rubric_met", "text")
    .addColumn("reply", "text", (c) => c.notNull())
    .addColumn("trace", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("run_frontier_evidence_pk", ["run_id", "point", "split", "example_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("run_frontier_evidence").execute();
}
