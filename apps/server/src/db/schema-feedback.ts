/**
 * Kysely row type for feedback: rateable bot replies (web and Telegram) and
 * their ratings, which form a user's Feedback dataset. Split out of
 * `schema.ts` (which re-exports it and maps the table) to keep the schema
 * readable by feature.
 */

/** A rateable bot reply and its rating (issue 25); see migration 20261124_b0_ratings. */
export interface RatingsTable {
  id: string;
  /** Whose Feedback dataset the row belongs to (the chat's user, or the integration owner). */
  user_id: string;
  /** "web" | "telegram" */
  source: string;
  /** "before" | "after": the pane or the bot that replied. */
  side: string;
  /** "single" | "multi" */
  chat_mode: string;
  /** The Telegram chat (null for web chats). */
  chat_id: string | null;
  /** JSON DialogEntry[]: the conversation up to the rated reply, ending with the human turn. */
  dialog: string;
  reply: string;
  /** The prompt (for multi-agent chats: the configuration as JSON) and its sha256. */
  prompt: string;
  prompt_hash: string;
  model: string;
  temperature: number;
  /** "up" | "down"; null while unrated. */
  rating: string | null;
  correction: string | null;
  note: string | null;
  /** The owner's edited reference / rubric (JSON string[]); null: derived from the rating. */
  reference: string | null;
  rubric: string | null;
  /** "owner" | "friend" (Telegram), "owner" for web chats. */
  rater_role: string | null;
  rater_username: string | null;
  rater_telegram_id: string | null;
  /** 1 while the Telegram chat's next message is taken as this reply's correction. */
  awaiting_correction: number;
  created_at: string;
  rated_at: string | null;
  /** The deployed version that produced a Telegram after-bot reply (migration 20261124_e0). */
  version_id: string | null;
}
