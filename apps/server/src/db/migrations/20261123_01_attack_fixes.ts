import type { Kysely } from "kysely";

/**
 * Fixes of the attack audit (issue 14): a rate-limit counter table shared by
 * every process (one row per key and window, incremented atomically), and a
 * lease on runs, renewed by whichever process executes the run, so the
 * sweeper can tell a live run from one stuck as `running`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_hits_expires_idx")
    .on("rate_limit_hits")
    .column("expires_at")
    .execute();
  await db.schema.alterTable("runs").addColumn("lease_until", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").dropColumn("lease_until").execute();
  await db.schema.dropTable("rate_limit_hits").execute();
}
