import type { Kysely } from "kysely";

/**
 * Pending account switches (issue 21, item 8): a magic link or Google
 * sign-in for another account, opened in a browser that is signed in, is
 * parked here, bound to that browser's session, until the user confirms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("account_switches")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("session_hash", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("account_switches").execute();
}
