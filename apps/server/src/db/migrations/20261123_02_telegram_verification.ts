import type { Kysely } from "kysely";

/**
 * Telegram ownership verification (issue 14, item 8): an integration's
 * username counts as its owner's only after that Telegram account sent the
 * integration's one-time code to a bot. Existing integrations start
 * unverified (their owners verify once from the integration page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "verify_code",
    "verified_telegram_id",
    "verified_username_key",
    "verified_at",
  ]) {
    await db.schema.alterTable("integrations").addColumn(column, "text").execute();
  }
  await db.schema
    .createIndex("integrations_verify_code_idx")
    .unique()
    .on("integrations")
    .column("verify_code")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("integrations_verify_code_idx").execute();
  for (const column of [
    "verified_at",
    "verified_username_key",
    "verified_telegram_id",
    "verify_code",
  ]) {
    await db.schema.alterTable("integrations").dropColumn(column).execute();
  }
}
