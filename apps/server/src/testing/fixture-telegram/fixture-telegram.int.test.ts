import { Api, GrammyError } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureTelegram, startFixtureTelegram } from "./index";

const TOKEN = "3001:fixture-token";

describe("Telegram Bot API fixture speaks the Bot API to grammY", () => {
  let tg: FixtureTelegram;
  let api: Api;
  beforeAll(async () => {
    tg = await startFixtureTelegram();
    tg.addBot(TOKEN, "fixture_bot");
    api = new Api(TOKEN, { apiRoot: tg.apiRoot });
  });
  afterAll(async () => {
    await tg?.close();
  });

  it("answers getMe, and 401 for an unknown token", async () => {
    expect(await api.getMe()).toMatchObject({ is_bot: true, username: "fixture_bot" });
    const stranger = new Api("1:nope", { apiRoot: tg.apiRoot });
    await expect(stranger.getMe()).rejects.toMatchObject({
      error_code: 401,
      description: "Unauthorized",
    });
  });

  it("serves updates by offset and limit, with command entities, and long-polls for new ones", async () => {
    const first = tg.receive(TOKEN, { id: 10, username: "u10" }, "/start now");
    tg.receive(TOKEN, { id: 10, username: "u10" }, "two");
    const batch = await api.getUpdates({ limit: 1 });
    expect(batch).toHaveLength(1);
    expect(batch[0]?.message?.entities).toEqual([{ type: "bot_command", offset: 0, length: 6 }]);
    const rest = await api.getUpdates({ offset: first.update_id + 1 });
    expect(rest.map((u) => u.message?.text)).toEqual(["two"]);
    const confirmed = (rest[0]?.update_id ?? 0) + 1;
    expect(await api.getUpdates({ offset: confirmed, timeout: 0 })).toEqual([]);

    const started = Date.now();
    const waiting = api.getUpdates({ offset: confirmed, timeout: 5 });
    setTimeout(() => tg.receive(TOKEN, { id: 11, username: "u11" }, "late"), 100);
    const late = await waiting;
    expect(late.map((u) => u.message?.text)).toEqual(["late"]);
    expect(Date.now() - started).toBeLessThan(3_000);
    const next = (late[0]?.update_id ?? 0) + 1;
    const empty = Date.now();
    expect(await api.getUpdates({ offset: next, timeout: 1 })).toEqual([]);
    expect(Date.now() - empty).toBeGreaterThanOrEqual(900);
  });

  it("ends an older long poll with 409 when another one starts", async () => {
    const older = api.getUpdates({ timeout: 5, offset: -1 }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    const newer = api.getUpdates({ timeout: 0 });
    const error = await older;
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).error_code).toBe(409);
    await newer;
  });

  it("checks sendMessage like Telegram: known chat, non-empty, at most 4096 characters, valid HTML", async () => {
    tg.receive(TOKEN, { id: 12, username: "u12" }, "hello");
    await expect(api.sendMessage(999, "hi")).rejects.toMatchObject({
      description: "Bad Request: chat not found",
    });
    await expect(api.sendMessage(12, "   ")).rejects.toMatchObject({
      description: "Bad Request: message text is empty",
    });
    await expect(api.sendMessage(12, "x".repeat(4097))).rejects.toMatchObject({
      description: "Bad Request: message is too long",
    });
    await expect(api.sendMessage(12, "a <script> b", { parse_mode: "HTML" })).rejects.toMatchObject(
      { error_code: 400 },
    );
    await expect(api.sendMessage(12, "<b>open", { parse_mode: "HTML" })).rejects.toMatchObject({
      error_code: 400,
    });
    await expect(api.sendMessage(12, "fish & chips", { parse_mode: "HTML" })).rejects.toMatchObject(
      { error_code: 400 },
    );
    const ok = await api.sendMessage(12, "<b>bold</b> &amp; <code>x &lt; y</code>", {
      parse_mode: "HTML",
    });
    expect(ok.chat.id).toBe(12);
    await api.sendMessage(12, "x".repeat(4096));
    await api.sendChatAction(12, "typing");
    expect(tg.sent(TOKEN, 12).map((m) => m.text.length)).toEqual([39, 4096]);
    expect(tg.actions(TOKEN)).toContainEqual({ chat_id: 12, action: "typing" });
  });

  it("refuses getUpdates while a webhook is set, until it is deleted", async () => {
    await api.setWebhook("https://bots.example.com/hook", { secret_token: "abc" });
    expect(tg.webhook(TOKEN)).toEqual({
      url: "https://bots.example.com/hook",
      secret_token: "abc",
    });
    await expect(api.getUpdates()).rejects.toMatchObject({ error_code: 409 });
    await api.deleteWebhook();
    expect(await api.getUpdates({ timeout: 0, offset: -1 })).toBeInstanceOf(Array);
    await expect(api.raw.getChatMenuButton({})).rejects.toMatchObject({ error_code: 404 });
  });
  it("sends inline buttons, delivers presses as callback queries and honours allowed_updates", async () => {
    const token = "3002:buttons-token";
    tg.addBot(token, "buttons_bot");
    const bot = new Api(token, { apiRoot: tg.apiRoot });
    const from = { id: 20, username: "u20" };
    tg.receive(token, from, "hi");
    const seen = await bot.getUpdates({ allowed_updates: ["message"] });
    const offset = (seen.at(-1)?.update_id ?? 0) + 1;
    await bot.sendMessage(20, "Sure?", {
      reply_markup: { inline_keyboard: [[{ text: "Yes", callback_data: "ok:1" }]] },
    });
    await expect(
      bot.sendMessage(20, "Bad", {
        reply_markup: { inline_keyboard: [[{ text: "X", callback_data: "x".repeat(65) }]] },
      }),
    ).rejects.toMatchObject({ error_code: 400, description: "Bad Request: BUTTON_DATA_INVALID" });
    const [question] = tg.sent(token, 20);
    if (!question) throw new Error("nothing sent");
    expect(question.buttons).toEqual([{ text: "Yes", callback_data: "ok:1" }]);
    expect(() => tg.press(token, from, question, "No")).toThrow(/has no button "No"/);

    // Not among the allowed updates: Telegram drops the press.
    tg.press(token, from, question, "Yes");
    expect(await bot.getUpdates({ offset, timeout: 0 })).toEqual([]);
    await bot.getUpdates({ offset, timeout: 0, allowed_updates: ["message", "callback_query"] });
    tg.press(token, from, question, "Yes");
    const [press] = await bot.getUpdates({ offset, timeout: 0 });
    expect(press?.callback_query).toMatchObject({
      data: "ok:1",
      from: { id: 20 },
      message: { message_id: question.message_id },
    });
    const id = press?.callback_query?.id ?? "";
    expect(await bot.answerCallbackQuery(id)).toBe(true);
    await expect(bot.answerCallbackQuery(id)).rejects.toBeInstanceOf(GrammyError);
    await bot.editMessageReplyMarkup(20, question.message_id, {
      reply_markup: { inline_keyboard: [] },
    });
    expect(tg.sent(token, 20)[0]?.buttons).toEqual([]);
  });
});
