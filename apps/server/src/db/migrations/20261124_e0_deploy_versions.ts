import type { Kysely } from "kysely";

/**
 * Deployed versions of the after-bot (issue 25, item 3): each deploy (from a
 * run, or by saving the integration) adds a numbered row per user; exactly
 * one row per user is active and the after-bot answers with it. A rollback
 * re-activates an earlier row (no copy): `activated_at`/`activated_by` say
 * when and by whom it last became active. Ratings of bot replies name the
 * version that produced them (`ratings.version_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("deploy_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("prompt", "text", (c) => c.notNull())
    .addColumn("model_name", "text", (c) => c.notNull())
    .addColumn("temperature", "real", (c) => c.notNull())
    .addColumn("run_id", "text")
    .addColumn("iteration", "integer")
    .addColumn("frontier_point", "integer")
    .addColumn("held_out", "text")
    .addColumn("override_confirmed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("gate_reason", "text")
    .addColumn("deployed_by", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("activated_at", "text", (c) => c.notNull())
    .addColumn("activated_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("deploy_versions_user_number_uq", ["user_id", "number"])
    .execute();
  await db.schema
    .createIndex("deploy_versions_user_active_idx")
    .on("deploy_versions")
    .columns(["user_id", "active"])
    .execute();
  await db.schema.alterTable("ratings").addColumn("version_id", "text").execute();
  await db.schema
    .createIndex("ratings_version_idx")
    .on("ratings")
    .columns(["version_id", "rating"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("ratings_version_idx").execute();
  await db.schema.alterTable("ratings").dropColumn("version_id").execute();
  await db.schema.dropTable("deploy_versions").execute();
}
