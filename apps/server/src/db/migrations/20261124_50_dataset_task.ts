import type { Kysely } from "kysely";

/**
 * Uploaded datasets keep the user's task text (what the assistant is for),
 * which the optimiser's reflection and judge read next to the title and
 * description. Null for datasets stored before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user_datasets").addColumn("task", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user_datasets").dropColumn("task").execute();
}
