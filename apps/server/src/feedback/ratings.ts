/**
 * Storing ratings of bot replies (issue 25, item 1). A web chat rating is
 * stored whole in one call; a Telegram reply is stored when the bot sends it
 * (unrated), so its inline buttons carry only the row id, and a button press
 * or a correction completes it.
 */
import { createHash, randomUUID } from "node:crypto";
import type { ChatRatingRequest, DialogEntry, RatingSide, RatingValue } from "@promptune/contracts";
import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database } from "../db/schema";

/** sha256 of a prompt (or a multi-agent configuration's JSON): the prompt version a rating names. */
export function promptHash(prompt: string): string {
  return createHash("sha256").update(prompt).digest("hex");
}

/** A Telegram bot reply as sent, before anyone rates it. */
export interface SentBotReply {
  ownerUserId: string;
  side: RatingSide;
  chatId: string;
  dialog: DialogEntry[];
  reply: string;
  prompt: string;
  model: string;
  temperature: number;
  /** The deployed version that answered (after-bot), else null. */
  versionId: string | null;
}

/** Who pressed a rating button in Telegram. */
export interface TelegramRater {
  role: "owner" | "friend";
  username: string;
  telegramId: number;
}

/** Longest stored dialog message; matches the bots' history bound. */
const MAX_STORED_CHARS = 8_000;

/** The dialog as stored: each message capped, JSON. */
function storedDialog(dialog: DialogEntry[]): string {
  return JSON.stringify(
    dialog.map((d) => ({ type: d.type, content: d.content.slice(0, MAX_STORED_CHARS) })),
  );
}

/** Ratings as rows of the `ratings` table. */
export class RatingStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the caller's rating of one of their web chat replies; returns its id. */
  async rateWebReply(userId: string, input: ChatRatingRequest): Promise<string> {
    const single = input.mode === "single" ? input.config : undefined;
    const master = input.mode === "multi" ? input.config["master-agent"] : undefined;
    const prompt = single ? single.prompt : JSON.stringify(input.config);
    const id = randomUUID();
    const now = nowIso();
    await this.db
      .insertInto("ratings")
      .values({
        id,
        user_id: userId,
        source: "web",
        side: input.side,
        chat_mode: input.mode,
        chat_id: null,
        dialog: storedDialog(input.dialog),
        reply: input.reply,
        prompt,
        prompt_hash: promptHash(prompt),
        model: single?.model_name ?? master?.model_name ?? "",
        temperature: single?.temperature ?? master?.temperature ?? 0,
        rating: input.rating,
        correction: input.rating === "down" && input.correction ? input.correction : null,
        note: input.note || null,
        reference: null,
        rubric: null,
        rater_role: "owner",
        rater_username: null,
        rater_telegram_id: null,
        awaiting_correction: 0,
        created_at: now,
        rated_at: now,
        version_id: null,
      })
      .execute();
    return id;
  }

  /** Records a reply a bot sent, unrated; returns the id its buttons carry. */
  async recordBotReply(sent: SentBotReply): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto("ratings")
      .values({
        id,
        user_id: sent.ownerUserId,
        source: "telegram",
        side: sent.side,
        chat_mode: "single",
        chat_id: sent.chatId,
        dialog: storedDialog(sent.dialog),
        reply: sent.reply,
        prompt: sent.prompt,
        prompt_hash: promptHash(sent.prompt),
        model: sent.model,
        temperature: sent.temperature,
        rating: null,
        correction: null,
        note: null,
        reference: null,
        rubric: null,
        rater_role: null,
        rater_username: null,
        rater_telegram_id: null,
        awaiting_correction: 0,
        created_at: nowIso(),
        rated_at: null,
        version_id: sent.versionId,
      })
      .execute();
    return id;
  }

  /** The owner and chat of a bot reply, for checking a button press. */
  async botReply(
    id: string,
  ): Promise<{ userId: string; side: string; chatId: string | null } | undefined> {
    const row = await this.db
      .selectFrom("ratings")
      .select(["user_id", "side", "chat_id"])
      .where("id", "=", id)
      .where("source", "=", "telegram")
      .executeTakeFirst();
    return row && { userId: row.user_id, side: row.side, chatId: row.chat_id };
  }

  /**
   * Rates a bot reply (a later press replaces an earlier one). 👎 keeps an
   * earlier correction; 👍 drops it, as the reply itself is then the reference.
   */
  async rateBotReply(id: string, rating: RatingValue, rater: TelegramRater): Promise<void> {
    await this.db
      .updateTable("ratings")
      .set({
        rating,
        rater_role: rater.role,
        rater_username: rater.username,
        rater_telegram_id: String(rater.telegramId),
        rated_at: nowIso(),
        ...(rating === "up" ? { correction: null, awaiting_correction: 0 } : {}),
      })
      .where("id", "=", id)
      .execute();
  }

  /** "Correct it": the chat's next message becomes this reply's correction (one waits per chat). */
  async awaitCorrection(id: string, side: RatingSide, chatId: string): Promise<void> {
    await this.db
      .updateTable("ratings")
      .set({ awaiting_correction: 0 })
      .where("source", "=", "telegram")
      .where("side", "=", side)
      .where("chat_id", "=", chatId)
      .where("awaiting_correction", "=", 1)
      .execute();
    await this.db
      .updateTable("ratings")
      .set({ awaiting_correction: 1, rating: "down" })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Takes `text` as the correction of the reply this chat's owner asked to
   * correct, if any; true when it was taken (the bot then does not answer it).
   */
  async takeCorrection(
    side: RatingSide,
    chatId: string,
    ownerUserId: string,
    text: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("ratings")
      .set({ correction: text.slice(0, MAX_STORED_CHARS), awaiting_correction: 0 })
      .where("source", "=", "telegram")
      .where("side", "=", side)
      .where("chat_id", "=", chatId)
      .where("user_id", "=", ownerUserId)
      .where("awaiting_correction", "=", 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
