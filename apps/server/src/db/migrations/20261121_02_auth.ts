import type { Kysely } from "kysely";

/**
 * Pending sign-ins: magic-link tokens and 6-digit e-mail codes, stored only as
 * SHA-256 hashes, single use, with an expiry and a wrong-guess counter. Rows
 * also carry the requester's e-mail and IP, which the rate limits count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("auth_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("auth_tokens_hash_idx")
    .on("auth_tokens")
    .columns(["token_hash"])
    .execute();
  await db.schema
    .createIndex("auth_tokens_email_idx")
    .on("auth_tokens")
    .columns(["email", "created_at"])
    .execute();
  await db.schema
    .createIndex("auth_tokens_ip_idx")
    .on("auth_tokens")
    .columns(["ip", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("auth_tokens").execute();
}
