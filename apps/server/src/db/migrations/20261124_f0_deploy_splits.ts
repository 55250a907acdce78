import type { Kysely } from "kysely";

/**
 * An optional traffic split of the after-bot (issue 25, item 4): at most one
 * row per user. The user's active version serves `share_percent` (1–99) of
 * the people talking to the after-bot, `baseline_version_id` (another of the
 * user's versions) the rest. Any deploy or rollback deletes the row, ending
 * the split.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("deploy_splits")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("baseline_version_id", "text", (c) =>
      c.notNull().references("deploy_versions.id").onDelete("cascade"),
    )
    .addColumn("share_percent", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("deploy_splits").execute();
}
