import type { Kysely } from "kysely";

/**
 * Runs keep the cost–quality frontier point their user chose (its index in
 * `runs.frontier`), so history, 'Load to integration' and a run opened in
 * another tab or on another device use it; null means the recommended point
 * (every run stored before this migration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").addColumn("frontier_choice", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").dropColumn("frontier_choice").execute();
}
