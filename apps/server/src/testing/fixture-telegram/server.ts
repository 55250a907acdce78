/**
 * A Telegram Bot API server for tests, on 127.0.0.1, speaking the real HTTP
 * protocol (`POST /bot<token>/<method>`, JSON / form / query parameters,
 * `{ok, result}` or `{ok:false, error_code, description}`). Point grammY's
 * `apiRoot` (TELEGRAM_API_ROOT) at `apiRoot`, then drive bots with
 * `receive()` and read what they sent with `sent()` / `waitForSent()`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Update, User } from "grammy/types";
import type { FixtureTelegram, FixtureUser } from "./fixture";
import { visibleHtmlText } from "./html";
import { readParams } from "./params";
import { BotApiError, FixtureBot, inlineButtons } from "./state";

const MAX_TEXT = 4096;

/** Starts the fixture on 127.0.0.1 (random port unless one is given). */
export async function startFixtureTelegram(
  options: { port?: number } = {},
): Promise<FixtureTelegram> {
  const bots = new Map<string, FixtureBot>();
  const sockets = new Set<Socket>();
  let nextBotId = 7_000_000_000;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const l of listeners) l();
  };

  const pushToWebhook = (bot: FixtureBot, update: Update) => {
    const hook = bot.webhook;
    if (!hook) return;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (hook.secret_token) headers["x-telegram-bot-api-secret-token"] = hook.secret_token;
    void fetch(hook.url, { method: "POST", headers, body: JSON.stringify(update) }).catch(
      () => undefined,
    );
  };

  const methods: Record<
    string,
    (bot: FixtureBot, p: Record<string, unknown>, closed: Promise<void>) => unknown
  > = {
    getMe: (bot) => bot.me,
    getUpdates: (bot, p, closed) => bot.getUpdates(p, closed),
    deleteWebhook: (bot) => {
      bot.webhook = null;
      return true;
    },
    setWebhook: (bot, p) => {
      const url = String(p.url ?? "");
      if (url === "") {
        bot.webhook = null;
        return true;
      }
      if (!/^https?:\/\//.test(url))
        throw new BotApiError(
          400,
          "Bad Request: bad webhook: An HTTPS URL must be provided for webhook",
        );
      if (Array.isArray(p.allowed_updates)) bot.allowedUpdates = p.allowed_updates.map(String);
      bot.webhook = {
        url,
        secret_token: p.secret_token === undefined ? undefined : String(p.secret_token),
      };
      return true;
    },
    getWebhookInfo: (bot) => ({
      url: bot.webhook?.url ?? "",
      has_custom_certificate: false,
      pending_update_count: 0,
    }),
    setMyCommands: (bot, p) => {
      if (!Array.isArray(p.commands))
        throw new BotApiError(400, "Bad Request: commands must be an array");
      bot.commands = p.commands;
      return true;
    },
    getMyCommands: (bot) => bot.commands,
    deleteMyCommands: (bot) => {
      bot.commands = [];
      return true;
    },
    sendChatAction: (bot, p) => {
      const chat = bot.chat(p.chat_id);
      bot.actions.push({ chat_id: chat.id, action: String(p.action) });
      return true;
    },
    sendMessage: (bot, p) => {
      const chat = bot.chat(p.chat_id);
      const text = typeof p.text === "string" ? p.text : "";
      const parseMode = typeof p.parse_mode === "string" ? p.parse_mode : undefined;
      const visible = parseMode === "HTML" ? visibleHtmlText(text) : text;
      if (!visible.trim()) throw new BotApiError(400, "Bad Request: message text is empty");
      if (visible.length > MAX_TEXT) throw new BotApiError(400, "Bad Request: message is too long");
      const message = bot.recordSent(chat, text, parseMode, inlineButtons(p.reply_markup));
      changed();
      return message;
    },
    answerCallbackQuery: (bot, p) => {
      const id = String(p.callback_query_id ?? "");
      if (!bot.pendingCallbacks.delete(id))
        throw new BotApiError(
          400,
          "Bad Request: query is too old and response timeout expired or query ID is invalid",
        );
      bot.answeredCallbacks.push(id);
      return true;
    },
    editMessageReplyMarkup: (bot, p) => {
      const chat = bot.chat(p.chat_id);
      const sent = bot.sent.find(
        (m) => m.chat_id === chat.id && m.message_id === Number(p.message_id),
      );
      if (!sent) throw new BotApiError(400, "Bad Request: message to edit not found");
      const buttons = inlineButtons(p.reply_markup ?? { inline_keyboard: [] });
      if (JSON.stringify(buttons) === JSON.stringify(sent.buttons))
        throw new BotApiError(400, "Bad Request: message is not modified");
      sent.buttons = buttons;
      changed();
      return {
        message_id: sent.message_id,
        chat,
        date: Math.floor(Date.now() / 1000),
        text: sent.text,
      };
    },
    close: () => true,
    logOut: () => true,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const closed = new Promise<void>((resolve) => res.once("close", resolve));
    const send = (status: number, body: unknown) => {
      if (!res.writableEnded && !res.destroyed)
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const route = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    const bot = route ? bots.get(decodeURIComponent(route[1] as string)) : undefined;
    if (!route || !bot)
      return send(route ? 401 : 404, {
        ok: false,
        error_code: route ? 401 : 404,
        description: route ? "Unauthorized" : "Not Found",
      });
    const method = route[2] as string;
    try {
      const params = await readParams(req, url);
      bot.calls.push({ method, payload: params });
      const impl = methods[method];
      if (!impl) throw new BotApiError(404, "Not Found: method not found");
      send(200, { ok: true, result: await impl(bot, params, closed) });
    } catch (error) {
      const e =
        error instanceof BotApiError
          ? error
          : new BotApiError(500, `Internal Server Error: ${String(error)}`);
      send(e.code, {
        ok: false,
        error_code: e.code,
        description: e.description,
        ...(e.parameters ? { parameters: e.parameters } : {}),
      });
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const botOf = (token: string) => {
    const bot = bots.get(token);
    if (!bot) throw new Error(`fixture-telegram: unknown bot token ${token}`);
    return bot;
  };

  const fixture: FixtureTelegram = {
    apiRoot: `http://127.0.0.1:${port}`,
    addBot(token, username) {
      bots.set(token, new FixtureBot(token, nextBotId++, username, pushToWebhook));
    },
    receive(token, from, text, chat) {
      return botOf(token).receive(asUser(from), text, chat);
    },
    openLink(link, from) {
      const url = new URL(link);
      const username = url.pathname.replace(/^\//, "");
      const bot = [...bots.values()].find((b) => b.me.username === username);
      if (url.hostname !== "t.me" || !bot) {
        throw new Error(`fixture-telegram: ${link} is not a link to a bot of this fixture`);
      }
      const payload = url.searchParams.get("start");
      const text = payload ? `/start ${payload}` : "/start";
      return { token: bot.token, update: fixture.receive(bot.token, from, text) };
    },
    press(token, from, message, buttonText) {
      return botOf(token).press(asUser(from), message, buttonText);
    },
    answeredCallbacks: (token) => botOf(token).answeredCallbacks,
    sent: (token, chatId) =>
      botOf(token).sent.filter((m) => chatId === undefined || m.chat_id === chatId),
    waitForSent(token, chatId, count, timeoutMs = 10_000) {
      const current = () => botOf(token).sent.filter((m) => m.chat_id === chatId);
      return new Promise((resolve, reject) => {
        const check = () => {
          const list = current();
          if (list.length < count) return;
          cleanup();
          resolve(list);
        };
        const timer = setTimeout(() => {
          cleanup();
          const got = current().map((m) => m.text);
          reject(
            new Error(
              `fixture-telegram: expected ${count} messages to chat ${chatId}, got ${JSON.stringify(got)}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    actions: (token) => botOf(token).actions,
    calls: (token) => botOf(token).calls,
    webhook: (token) => botOf(token).webhook,
    commands: (token) => botOf(token).commands,
    async close() {
      for (const bot of bots.values()) bot.cancelPoll();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fixture;
}

/** A Telegram user as the Bot API describes one (a human, English by default). */
function asUser(from: FixtureUser): User {
  return {
    is_bot: false,
    first_name: from.first_name ?? from.username ?? "Friend",
    language_code: "en",
    ...from,
  } as User;
}
