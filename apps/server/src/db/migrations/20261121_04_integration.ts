import type { Kysely } from "kysely";

/**
 * Telegram integration: one integration per user (owner username, friends,
 * initial and optimized configurations), the lower-cased usernames the bots
 * match senders against, and each bot chat's bounded history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("integrations")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("friends_usernames", "text", (c) => c.notNull())
    .addColumn("init_config", "text", (c) => c.notNull())
    .addColumn("opti_config", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("integration_usernames")
    .addColumn("user_id", "text", (c) =>
      c.notNull().references("integrations.user_id").onDelete("cascade"),
    )
    .addColumn("username_key", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("integration_usernames_pk", ["user_id", "role", "username_key"])
    .execute();
  await db.schema
    .createIndex("integration_usernames_key_idx")
    .on("integration_usernames")
    .column("username_key")
    .execute();
  await db.schema
    .createTable("telegram_chats")
    .addColumn("bot", "text", (c) => c.notNull())
    .addColumn("chat_id", "text", (c) => c.notNull())
    .addColumn("owner_user_id", "text")
    .addColumn("messages", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("telegram_chats_pk", ["bot", "chat_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("telegram_chats").execute();
  await db.schema.dropTable("integration_usernames").execute();
  await db.schema.dropTable("integrations").execute();
}
