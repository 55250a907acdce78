import type { Kysely } from "kysely";

/**
 * Runs keep their honest numbers and their budget: the held-out comparison of
 * the initial and the presented configuration (JSON, contracts
 * HeldOutComparisonSchema) and the estimate the run was started with (JSON,
 * RunEstimateSchema; its `max_calls` caps the run's model calls). Both are
 * null for runs stored before this migration. One column per statement, so
 * SQLite's ALTER TABLE accepts it as well as PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").addColumn("held_out", "text").execute();
  await db.schema.alterTable("runs").addColumn("estimate", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").dropColumn("estimate").execute();
  await db.schema.alterTable("runs").dropColumn("held_out").execute();
}
