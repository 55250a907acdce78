import type { FastifyBaseLogger } from "fastify";
import { Bot, type Context, GrammyError } from "grammy";
import type { Update } from "grammy/types";
import { answerConfirmation, isConfirmationAnswer } from "./confirm";
import { type ConversationDeps, handleMessage } from "./conversation";
import type { BotKind } from "./messages";
import { BOT_TEXT } from "./messages";
import type { ChatQueue } from "./queue";
import { answerRating, isRatingAnswer } from "./rating";

/** Settings of one bot. */
export interface BotOptions {
  kind: BotKind;
  token: string;
  apiRoot: string;
  mode: "polling" | "webhook";
  /** Full webhook address of this bot (webhook mode). */
  webhookUrl: string | undefined;
  webhookSecret: string | undefined;
  pollTimeoutSeconds: number;
  queue: ChatQueue;
  conversation: ConversationDeps;
  log: FastifyBaseLogger;
}

/** One running bot. */
export interface TelegramBot {
  /** Connects in the background (retrying) and starts answering. */
  start(): void;
  stop(): Promise<void>;
  username(): string | undefined;
  /** Handles a webhook update; false until the bot is initialised. */
  handleUpdate(update: unknown): Promise<boolean>;
}

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 300_000;
const STOP_TIMEOUT_MS = 3_000;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Resolves with `promise` or after `ms`, whichever is first; never rejects. */
async function bounded(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => undefined),
    new Promise((r) => (timer = setTimeout(r, ms))),
  ]);
  clearTimeout(timer);
}

/** Updates the bots receive: messages, and presses on their inline buttons. */
const UPDATES: Array<"message" | "callback_query"> = ["message", "callback_query"];

const COMMANDS = [
  { command: "start", description: "What I do and which configuration answers" },
  { command: "reset", description: "Forget our conversation" },
];

/**
 * Creates a grammY bot that hands every message to the per-chat queue (the
 * update loop never waits for a model) and answers through `handleMessage`.
 */
export function createBot(options: BotOptions): TelegramBot {
  const { kind, queue, conversation, log } = options;
  const bot = new Bot(options.token, { client: { apiRoot: options.apiRoot } });
  const lifetime = new AbortController();
  let running: Promise<void> | undefined;

  bot.on("message", (ctx: Context) => {
    const message = ctx.message;
    if (!message) return;
    const chatId = message.chat.id;
    const replier = {
      send: async (text: string) => void (await ctx.api.sendMessage(chatId, text)),
      ask: async (text: string, buttons: Array<{ text: string; data: string }>) =>
        void (await ctx.api.sendMessage(chatId, text, {
          reply_markup: {
            inline_keyboard: buttons.map((b) => [{ text: b.text, callback_data: b.data }]),
          },
        })),
      offer: async (text: string, buttons: Array<{ text: string; data: string }>) =>
        void (await ctx.api.sendMessage(chatId, text, {
          reply_markup: {
            inline_keyboard: [buttons.map((b) => ({ text: b.text, callback_data: b.data }))],
          },
        })),
      typing: async () => void (await ctx.api.sendChatAction(chatId, "typing")),
    };
    const incoming = {
      bot: kind,
      chatId: String(chatId),
      chatType: message.chat.type,
      username: message.from?.username,
      senderId: message.from?.id,
      firstName: message.from?.first_name,
      text: message.text,
    };
    const onError = (error: unknown) =>
      log.error({ err: error, bot: kind }, "telegram bot failed to answer a message");
    const queued = queue.run(
      `${kind}:${chatId}`,
      () => handleMessage(conversation, incoming, replier),
      onError,
    );
    if (!queued) void replier.send(BOT_TEXT.busy).catch(onError);
  });
  // A press on a rating button under a reply (rating.ts).
  bot.on("callback_query:data", async (ctx, next) => {
    const query = ctx.callbackQuery;
    const chat = query.message?.chat;
    if (!isRatingAnswer(query.data)) return next();
    if (chat?.type !== "private")
      return void (await ctx.answerCallbackQuery().catch(() => undefined));
    const outcome = await answerRating(conversation, {
      data: query.data,
      side: kind,
      chatId: String(chat.id),
      sender: { id: query.from.id, username: query.from.username },
    });
    await ctx.answerCallbackQuery({ text: outcome.notice }).catch(() => undefined);
    if (outcome.buttons && query.message) {
      await ctx.api
        .editMessageReplyMarkup(chat.id, query.message.message_id, {
          reply_markup: {
            inline_keyboard: outcome.buttons.length
              ? [outcome.buttons.map((b) => ({ text: b.text, callback_data: b.data }))]
              : [],
          },
        })
        .catch(() => undefined);
    }
    if (outcome.message) await ctx.api.sendMessage(chat.id, outcome.message);
  });
  // The second step of verification: a press on a confirmation button.
  bot.on("callback_query:data", async (ctx) => {
    const query = ctx.callbackQuery;
    const chat = query.message?.chat;
    await ctx.answerCallbackQuery().catch(() => undefined);
    if (chat?.type !== "private" || !isConfirmationAnswer(query.data)) return;
    if (!query.from.username) return void (await ctx.api.sendMessage(chat.id, BOT_TEXT.noUsername));
    const sender = { id: query.from.id, username: query.from.username };
    const text = await answerConfirmation(conversation.verification, query.data, sender);
    if (query.message) {
      await ctx.api
        .editMessageReplyMarkup(chat.id, query.message.message_id, {
          reply_markup: { inline_keyboard: [] },
        })
        .catch(() => undefined);
    }
    await ctx.api.sendMessage(chat.id, text);
  });
  bot.catch((error) =>
    log.error({ err: error.error, bot: kind }, "telegram bot middleware failed"),
  );

  /** getMe, commands, then polling or the webhook; retried with backoff until stopped. */
  const run = async () => {
    let delay = FIRST_RETRY_MS;
    while (!lifetime.signal.aborted) {
      try {
        // grammY types signals with its abort-controller shim; the native one works the same.
        await bot.init(lifetime.signal as unknown as Parameters<typeof bot.init>[0]);
        await bot.api
          .setMyCommands(COMMANDS)
          .catch((error: unknown) => log.warn({ err: error, bot: kind }, "setMyCommands failed"));
        const me = bot.botInfo.username;
        if (options.mode === "webhook") {
          await bot.api.setWebhook(options.webhookUrl as string, {
            secret_token: options.webhookSecret,
            allowed_updates: UPDATES,
          });
          log.info(
            { bot: kind, username: `@${me}`, url: options.webhookUrl },
            "Telegram bot answers via webhook",
          );
          return;
        }
        await bot.start({
          timeout: options.pollTimeoutSeconds,
          allowed_updates: UPDATES,
          onStart: () =>
            log.info({ bot: kind, username: `@${me}` }, "Telegram bot answers via long polling"),
        });
        if (lifetime.signal.aborted) return;
        log.warn({ bot: kind }, "Telegram long polling ended unexpectedly; restarting");
      } catch (error) {
        if (lifetime.signal.aborted) return;
        if (error instanceof GrammyError && error.error_code === 401) {
          log.error(
            { bot: kind },
            `Telegram rejected the ${kind} bot's token (401); the bot stays off`,
          );
          return;
        }
        log.error(
          { err: error, bot: kind, retryInMs: delay },
          "Telegram bot could not start; retrying",
        );
      }
      await pause(delay, lifetime.signal);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  };

  return {
    start() {
      running ??= run();
    },
    async stop() {
      lifetime.abort();
      if (bot.isRunning()) await bounded(bot.stop(), STOP_TIMEOUT_MS);
      if (running) await bounded(running, STOP_TIMEOUT_MS);
    },
    username: () => (bot.isInited() ? bot.botInfo.username : undefined),
    async handleUpdate(update) {
      if (!bot.isInited() || lifetime.signal.aborted) return false;
      await bot.handleUpdate(update as Update);
      return true;
    },
  };
}
