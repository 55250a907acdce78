/**
 * State of one bot inside the Telegram Bot API fixture: its identity, the
 * update queue getUpdates serves (offset confirmation, limit, long-poll
 * waiters, 409 when a newer poll or a webhook takes over), the chats that
 * wrote to it, and everything it sent.
 */
import type { Chat, Message, Update, User, UserFromGetMe } from "grammy/types";

/** A message the bot sent (sendMessage). */
export interface SentMessage {
  chat_id: number;
  text: string;
  parse_mode: string | undefined;
  message_id: number;
  /** Inline keyboard rows ({text, callback_data}); [] once removed with editMessageReplyMarkup. */
  buttons: Array<{ text: string; callback_data: string }>;
}

/** Inline keyboard buttons of a reply_markup parameter (others are ignored). */
export function inlineButtons(markup: unknown): Array<{ text: string; callback_data: string }> {
  const rows = (markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (markup !== undefined && !Array.isArray(rows))
    throw new BotApiError(400, "Bad Request: can't parse reply keyboard markup JSON object");
  const buttons: Array<{ text: string; callback_data: string }> = [];
  for (const row of (rows ?? []) as unknown[]) {
    if (!Array.isArray(row))
      throw new BotApiError(400, 'Bad Request: field "inline_keyboard" must be an Array of Array');
    for (const button of row as Array<{ text?: unknown; callback_data?: unknown }>) {
      const data = String(button.callback_data ?? "");
      if (Buffer.byteLength(data) < 1 || Buffer.byteLength(data) > 64)
        throw new BotApiError(400, "Bad Request: BUTTON_DATA_INVALID");
      buttons.push({ text: String(button.text ?? ""), callback_data: data });
    }
  }
  return buttons;
}

/** Any API call the bot made, in order. */
export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
}

/** A Bot API error the fixture answers with. */
export class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

interface Waiter {
  limit: number;
  settle(result: Update[] | BotApiError): void;
}

/** One bot of the fixture. */
export class FixtureBot {
  readonly me: UserFromGetMe;
  readonly calls: ApiCall[] = [];
  readonly sent: SentMessage[] = [];
  readonly actions: Array<{ chat_id: number; action: string }> = [];
  commands: unknown[] = [];
  webhook: { url: string; secret_token: string | undefined } | null = null;
  private readonly queue: Update[] = [];
  private readonly chats = new Map<number, Chat>();
  /** Callback queries delivered and not yet answered (answerCallbackQuery). */
  readonly pendingCallbacks = new Set<string>();
  readonly answeredCallbacks: string[] = [];
  /** The last allowed_updates a getUpdates or setWebhook named (Telegram keeps it); null: all. */
  allowedUpdates: string[] | null = null;
  private nextUpdateId = 500_000;
  private nextMessageId = 1;
  private waiter: Waiter | null = null;

  constructor(
    readonly token: string,
    id: number,
    username: string,
    private readonly onWebhookUpdate: (bot: FixtureBot, update: Update) => void,
  ) {
    this.me = {
      id,
      is_bot: true,
      first_name: username,
      username,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
    } as UserFromGetMe;
  }

  /** Queues (or, with a webhook, pushes) an incoming message as Telegram would. */
  receive(from: User, text: string | undefined, chat?: Chat): Update {
    const target: Chat =
      chat ??
      ({
        id: from.id,
        type: "private",
        first_name: from.first_name,
        username: from.username,
      } as Chat);
    this.chats.set(target.id, target);
    const message = {
      message_id: this.nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: target,
      from,
    } as Message;
    if (text !== undefined) {
      Object.assign(message, { text });
      const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
      if (command)
        Object.assign(message, {
          entities: [{ type: "bot_command", offset: 0, length: command[0].length }],
        });
    } else {
      Object.assign(message, { sticker: { file_id: "sticker", emoji: "👍" } });
    }
    return this.deliver({ update_id: this.nextUpdateId++, message } as Update);
  }

  /**
   * A user presses an inline button of a message the bot sent, as the
   * Telegram app does: only a button that is on the message can be pressed,
   * and the bot receives a callback_query carrying that message and the
   * button's callback_data.
   */
  press(from: User, sent: SentMessage, buttonText: string): Update {
    const button = sent.buttons.find((b) => b.text === buttonText);
    if (!button)
      throw new Error(`fixture-telegram: message ${sent.message_id} has no button "${buttonText}"`);
    const chat = this.chat(sent.chat_id);
    const id = `${this.me.id}${this.nextUpdateId}`;
    this.pendingCallbacks.add(id);
    const message = {
      message_id: sent.message_id,
      date: Math.floor(Date.now() / 1000),
      chat,
      from: this.me,
      text: sent.text,
      reply_markup: {
        inline_keyboard: sent.buttons.map((b) => [
          { text: b.text, callback_data: b.callback_data },
        ]),
      },
    } as Message;
    const callback_query = {
      id,
      from,
      message,
      chat_instance: String(chat.id),
      data: button.callback_data,
    };
    return this.deliver({ update_id: this.nextUpdateId++, callback_query } as Update);
  }

  /** Queues an update for getUpdates or pushes it to the webhook. */
  private deliver(update: Update): Update {
    const type = Object.keys(update).find((k) => k !== "update_id") ?? "";
    if (this.allowedUpdates && !this.allowedUpdates.includes(type)) return update;
    if (this.webhook) {
      this.onWebhookUpdate(this, update);
      return update;
    }
    this.queue.push(update);
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = null;
      waiter.settle(this.queue.slice(0, waiter.limit));
    }
    return update;
  }

  /** getUpdates: confirms updates below `offset`, then answers at once or after new updates / the timeout. */
  getUpdates(payload: Record<string, unknown>, closed: Promise<void>): Promise<Update[]> {
    if (this.webhook) {
      throw new BotApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    if (Array.isArray(payload.allowed_updates))
      this.allowedUpdates = payload.allowed_updates.map(String);
    const offset = Number(payload.offset ?? 0);
    const limit = Math.min(100, Math.max(1, Number(payload.limit ?? 100)));
    const timeout = Math.max(0, Number(payload.timeout ?? 0));
    if (offset > 0) {
      while (this.queue.length && (this.queue[0] as Update).update_id < offset) this.queue.shift();
    } else if (offset < 0) {
      this.queue.splice(0, Math.max(0, this.queue.length + offset));
    }
    if (this.waiter) {
      this.waiter.settle(
        new BotApiError(
          409,
          "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
        ),
      );
      this.waiter = null;
    }
    if (this.queue.length || timeout === 0) return Promise.resolve(this.queue.slice(0, limit));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        limit,
        settle: (result) => {
          clearTimeout(timer);
          if (result instanceof BotApiError) reject(result);
          else resolve(result);
        },
      };
      const timer = setTimeout(() => {
        if (this.waiter === waiter) this.waiter = null;
        resolve([]);
      }, timeout * 1000);
      this.waiter = waiter;
      void closed.then(() => {
        if (this.waiter === waiter) {
          this.waiter = null;
          clearTimeout(timer);
        }
      });
    });
  }

  /** A chat the bot may write to (one that wrote to it first), as Telegram requires. */
  chat(chatId: unknown): Chat {
    const chat = this.chats.get(Number(chatId));
    if (!chat) throw new BotApiError(400, "Bad Request: chat not found");
    return chat;
  }

  /** Records a sent message and returns it as the Message Telegram would. */
  recordSent(
    chat: Chat,
    text: string,
    parseMode: string | undefined,
    buttons: SentMessage["buttons"] = [],
  ): Message {
    const message_id = this.nextMessageId++;
    this.sent.push({ chat_id: chat.id, text, parse_mode: parseMode, message_id, buttons });
    return {
      message_id,
      date: Math.floor(Date.now() / 1000),
      chat,
      from: this.me,
      text,
    } as Message;
  }

  /** Ends a pending long poll (fixture shutdown). */
  cancelPoll(): void {
    this.waiter?.settle([]);
    this.waiter = null;
  }
}
