import { type Kysely, sql } from "kysely";

/**
 * History that cannot exhaust memory (issue 21, item 1): each run records
 * `stored_chars`, the characters of its request plus its stored iterations
 * (what a history record is built from), so a history page can stop before
 * it grows too large without loading the runs, and the per-run cap can be
 * checked. Existing runs are measured once here (`length` counts characters
 * on both SQLite and PostgreSQL). The index serves the paged listing
 * (newest first by created_at, then id) of one user and mode, and covers
 * `stored_chars`, so sizing a page never reads the runs' large columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("runs")
    .addColumn("stored_chars", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE runs SET stored_chars = length(request) + COALESCE((SELECT SUM(length(i.data)) FROM run_iterations i WHERE i.run_id = runs.id), 0)`.execute(
    db,
  );
  await db.schema
    .createIndex("runs_user_mode_created_idx")
    .on("runs")
    .columns(["user_id", "mode", "created_at", "id", "stored_chars"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("runs_user_mode_created_idx").execute();
  await db.schema.alterTable("runs").dropColumn("stored_chars").execute();
}
