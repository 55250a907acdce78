import type { Kysely } from "kysely";

/**
 * Runs keep their cost–quality frontier (JSON array, contracts
 * FrontierPointSchema) so history can show it; null for runs without
 * candidate models and for runs stored before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").addColumn("frontier", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").dropColumn("frontier").execute();
}
