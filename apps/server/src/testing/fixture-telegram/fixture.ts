/** What a test holds of a running Telegram fixture (server.ts). */
import type { Chat, Update } from "grammy/types";
import type { ApiCall, SentMessage } from "./state";

/** A user of the fixture's Telegram: who writes, opens a link or presses a button. */
export type FixtureUser = { id: number; username?: string; first_name?: string };

/** A running fixture. */
export interface FixtureTelegram {
  /** Base URL for grammY's `apiRoot`, e.g. http://127.0.0.1:41234 */
  apiRoot: string;
  /** Registers a bot token and its username (getMe answers with it). */
  addBot(token: string, username: string): void;
  /** A user writes to a bot: returns the Update (queued for getUpdates, or pushed to the webhook). */
  receive(token: string, from: FixtureUser, text?: string, chat?: Chat): Update;
  /**
   * A user opens a bot deep link (`https://t.me/<bot>?start=<payload>`) and
   * presses Start, as the Telegram app does: the bot with that username
   * receives `/start <payload>`. Returns the bot's token and the Update.
   */
  openLink(link: string, from: FixtureUser): { token: string; update: Update };
  /**
   * A user presses the inline button labelled `buttonText` under a message
   * the bot sent (a callback_query update, as the Telegram app sends).
   */
  press(token: string, from: FixtureUser, message: SentMessage, buttonText: string): Update;
  /** Callback query ids the bot answered with answerCallbackQuery. */
  answeredCallbacks(token: string): string[];
  /** Messages a bot sent, optionally only to one chat. */
  sent(token: string, chatId?: number): SentMessage[];
  /** Waits until a bot has sent at least `count` messages to a chat; returns them. */
  waitForSent(
    token: string,
    chatId: number,
    count: number,
    timeoutMs?: number,
  ): Promise<SentMessage[]>;
  /** Chat actions ("typing") a bot sent. */
  actions(token: string): Array<{ chat_id: number; action: string }>;
  /** Every API call of a bot, in order. */
  calls(token: string): ApiCall[];
  /** The bot's webhook, if one is set. */
  webhook(token: string): { url: string; secret_token: string | undefined } | null;
  /** Commands set with setMyCommands. */
  commands(token: string): unknown[];
  close(): Promise<void>;
}
