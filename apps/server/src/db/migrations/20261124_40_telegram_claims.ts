import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";

/**
 * Telegram username claims (issue 21, item 5): a username verified by one
 * integration cannot be verified by another until the first releases it.
 * The rule is a unique index on `integrations.verified_username_key` (NULLs
 * never collide, on SQLite and PostgreSQL alike), so two concurrent
 * confirmations cannot both win. Before the index, earlier duplicates (the
 * phishing this closes) are resolved in favour of the earliest verification;
 * the later ones go back to unverified with a fresh one-time code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ user_id: string; verified_username_key: string }>`
    SELECT user_id, verified_username_key FROM integrations
    WHERE verified_username_key IS NOT NULL
    ORDER BY verified_at ASC, user_id ASC`.execute(db);
  const kept = new Set<string>();
  for (const row of rows) {
    if (!kept.has(row.verified_username_key)) {
      kept.add(row.verified_username_key);
      continue;
    }
    const code = randomBytes(16).toString("base64url");
    await sql`UPDATE integrations SET verified_telegram_id = NULL, verified_username_key = NULL,
      verified_at = NULL, verify_code = ${code} WHERE user_id = ${row.user_id}`.execute(db);
  }
  await db.schema
    .createIndex("integrations_verified_username_key_idx")
    .unique()
    .on("integrations")
    .column("verified_username_key")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("integrations_verified_username_key_idx").execute();
}
