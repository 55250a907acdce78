import type { DialogEntry } from "@promptune/contracts";
import type { Kysely } from "kysely";
import { nowIso } from "../../db/database";
import type { Database } from "../../db/schema";
import type { BotKind } from "./messages";

/** Longest single message kept in a chat's history (characters). */
const MAX_STORED_CHARS = 8_000;

/**
 * Per-chat history of the bots, kept in the database (table telegram_chats)
 * so it survives restarts and works when several web instances serve
 * webhooks. Bounded to the last `limit` messages; a history written under
 * another integration owner is not reused.
 */
export class ChatHistoryStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limit: number,
  ) {}

  /** The chat's dialog so far (oldest first), or [] when it belongs to another owner. */
  async load(bot: BotKind, chatId: string, ownerUserId: string): Promise<DialogEntry[]> {
    const row = await this.db
      .selectFrom("telegram_chats")
      .select(["messages", "owner_user_id"])
      .where("bot", "=", bot)
      .where("chat_id", "=", chatId)
      .executeTakeFirst();
    if (!row || row.owner_user_id !== ownerUserId) return [];
    return (JSON.parse(row.messages) as DialogEntry[]).slice(-this.limit);
  }

  /** Appends one exchange and drops the oldest messages beyond the limit. */
  async append(
    bot: BotKind,
    chatId: string,
    ownerUserId: string,
    entries: DialogEntry[],
  ): Promise<void> {
    const previous = await this.load(bot, chatId, ownerUserId);
    const all = [...previous, ...entries].map((e) => ({
      type: e.type,
      content: e.content.slice(0, MAX_STORED_CHARS),
    }));
    const kept = this.limit === 0 ? [] : all.slice(-this.limit);
    // A dialog sent to the model starts with the user's turn.
    if (kept[0]?.type === "ai") kept.shift();
    await this.write(bot, chatId, ownerUserId, kept);
  }

  /** Forgets the chat's history (/reset). */
  async clear(bot: BotKind, chatId: string): Promise<void> {
    await this.db
      .deleteFrom("telegram_chats")
      .where("bot", "=", bot)
      .where("chat_id", "=", chatId)
      .execute();
  }

  private async write(
    bot: BotKind,
    chatId: string,
    ownerUserId: string,
    messages: DialogEntry[],
  ): Promise<void> {
    const values = {
      owner_user_id: ownerUserId,
      messages: JSON.stringify(messages),
      updated_at: nowIso(),
    };
    await this.db
      .insertInto("telegram_chats")
      .values({ bot, chat_id: chatId, ...values })
      .onConflict((oc) => oc.columns(["bot", "chat_id"]).doUpdateSet(values))
      .execute();
  }
}
