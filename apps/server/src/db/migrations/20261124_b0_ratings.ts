import type { Kysely } from "kysely";

/**
 * Ratings of replies (issue 25): one row per bot reply a user can rate. Web
 * chat replies get a row when rated; Telegram bot replies get one when sent
 * (unrated until a button is pressed), so the inline buttons only carry the
 * row id. Each row keeps the conversation up to the reply, the configuration
 * that produced it and who rated; rows with a reference form the owner's
 * "Feedback" datasets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ratings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("side", "text", (c) => c.notNull())
    .addColumn("chat_mode", "text", (c) => c.notNull())
    .addColumn("chat_id", "text")
    .addColumn("dialog", "text", (c) => c.notNull())
    .addColumn("reply", "text", (c) => c.notNull())
    .addColumn("prompt", "text", (c) => c.notNull())
    .addColumn("prompt_hash", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("temperature", "real", (c) => c.notNull())
    .addColumn("rating", "text")
    .addColumn("correction", "text")
    .addColumn("note", "text")
    .addColumn("reference", "text")
    .addColumn("rubric", "text")
    .addColumn("rater_role", "text")
    .addColumn("rater_username", "text")
    .addColumn("rater_telegram_id", "text")
    .addColumn("awaiting_correction", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("rated_at", "text")
    .execute();
  await db.schema
    .createIndex("ratings_user_source_idx")
    .on("ratings")
    .columns(["user_id", "source", "rated_at"])
    .execute();
  await db.schema
    .createIndex("ratings_chat_idx")
    .on("ratings")
    .columns(["source", "side", "chat_id", "awaiting_correction"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ratings").execute();
}
