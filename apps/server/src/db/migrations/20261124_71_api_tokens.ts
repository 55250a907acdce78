import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Personal API tokens (issue 23): a user's long-lived Bearer tokens for
 * scripts and CI, stored as SHA-256 hashes only, each with its scopes
 * (`read`, `run`), a short prefix to recognise it in the list, and when it
 * was last used. Deleting the user deletes the tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("api_tokens_user_idx").on("api_tokens").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("api_tokens").execute();
}
