import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BudgetRepository } from "../../budgets/repository";
import { createTestApp, type TestApp } from "../../testing/app";
import { DIALECTS } from "../../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../../testing/fixture-llm";
import { type FixtureTelegram, startFixtureTelegram } from "../../testing/fixture-telegram";
import { callApi } from "../../testing/http";
import { fixtureLlmEnv } from "../../testing/llm-env";
import { TELEGRAM_MAX_MESSAGE } from "./format";
import { BOT_TEXT, confirmButtons } from "./messages";

const BEFORE = "1001:before-token";
const AFTER = "1002:after-token";

const INIT_PROMPT = "You help customers of a bakery. Always mention the fresh bread.";
const OPTI_PROMPT =
  "You help customers of a bakery. Always mention the fresh bread. Always offer a discount code.";

/** Users of the tests: Telegram id, username. */
const OWNER = { id: 501, username: "Alice_Owner", first_name: "Alice" };
const FRIEND = { id: 502, username: "BoB", first_name: "Bob" };
const STRANGER = { id: 503, username: "mallory", first_name: "Mallory" };
const NAMELESS = { id: 504, first_name: "Nameless" };

describe.each(DIALECTS)("Telegram before/after bots on %s", (dialect) => {
  let llm: FixtureLlm;
  let tg: FixtureTelegram;
  let t: TestApp;
  let owner: { cookie: string; userId: string };

  /** A user writes to a bot; resolves with the bot's new messages once `count` arrived. */
  const say = async (
    token: string,
    from: { id: number; username?: string; first_name: string },
    text: string,
    count = 1,
  ) => {
    const before = tg.sent(token, from.id).length;
    tg.receive(token, from, text);
    const all = await tg.waitForSent(token, from.id, before + count);
    return all.slice(before).map((m) => m.text);
  };
  const llmCalls = () => llm.stats().calls.filter((c) => c.kind === "plain");
  const save = (init: string, opti: string, friends = ["bob", "@carol"]) =>
    callApi(
      t.app,
      "POST",
      "/api/telegram/integration",
      {
        username: "alice_owner",
        friends_usernames: friends,
        init_config: { model_name: "fixture-small", prompt: init, temperature: 0.2 },
        opti_config: { model_name: "fixture-large", prompt: opti, temperature: 0.9 },
      },
      owner,
    );
  const storedHistory = async (bot: string, chatId: number) => {
    const row = await t.database.db
      .selectFrom("telegram_chats")
      .select("messages")
      .where("bot", "=", bot)
      .where("chat_id", "=", String(chatId))
      .executeTakeFirst();
    return row ? (JSON.parse(row.messages) as Array<{ type: string; content: string }>) : [];
  };

  beforeAll(async () => {
    llm = await startFixtureLlm();
    tg = await startFixtureTelegram();
    tg.addBot(BEFORE, "bakery_before_bot");
    tg.addBot(AFTER, "bakery_after_bot");
    t = await createTestApp(dialect, {
      ...fixtureLlmEnv(llm.url),
      LLM_MAX_RETRIES: "0",
      LLM_TIMEOUT_MS: "2000",
      TELEGRAM_BEFORE_BOT_TOKEN: BEFORE,
      TELEGRAM_AFTER_BOT_TOKEN: AFTER,
      TELEGRAM_API_ROOT: tg.apiRoot,
      TELEGRAM_POLL_TIMEOUT_SECONDS: "5",
      TELEGRAM_HISTORY_MESSAGES: "4",
    });
    owner = await t.signIn("bakery-owner@example.com", "Alice");
    expect((await save(INIT_PROMPT, OPTI_PROMPT)).statusCode).toBe(200);
    // The owner's Telegram account opens the page's verification link once.
    const { link } = (
      await callApi(t.app, "GET", "/api/telegram/integration", undefined, owner)
    ).json().data.verification;
    // The owner's Telegram account opens the link and confirms the named account.
    const { token } = tg.openLink(link, OWNER);
    const [question] = await tg.waitForSent(token, OWNER.id, 1);
    if (!question) throw new Error("no confirmation question");
    tg.press(token, OWNER, question, confirmButtons("b***r@example.com").yes);
    const verified = (await tg.waitForSent(token, OWNER.id, 2))[1];
    expect(verified?.text).toContain("Verified: @Alice_Owner");
  });
  afterAll(async () => {
    await t?.close();
    await tg?.close();
    await llm?.close();
  });

  it("starts both bots by long polling, registers the commands and shows getMe links", async () => {
    const started = await say(BEFORE, OWNER, "/start");
    expect(started[0]).toContain('I am the "before" assistant of @alice_owner');
    for (const token of [BEFORE, AFTER]) {
      const methods = tg.calls(token).map((c) => c.method);
      expect(methods).toEqual(
        expect.arrayContaining(["getMe", "setMyCommands", "deleteWebhook", "getUpdates"]),
      );
      expect(tg.commands(token)).toEqual([
        expect.objectContaining({ command: "start" }),
        expect.objectContaining({ command: "reset" }),
      ]);
      const poll = tg
        .calls(token)
        .find((c) => c.method === "getUpdates" && c.payload.timeout !== undefined);
      expect(poll?.payload.timeout).toBe(5);
    }
    const data = (await callApi(t.app, "GET", "/api/telegram/integration", undefined, owner)).json()
      .data;
    expect(data.bots).toEqual({
      before: "https://t.me/bakery_before_bot",
      after: "https://t.me/bakery_after_bot",
    });
  });

  it("answers the owner on the before bot with the initial configuration", async () => {
    const calls = llmCalls().length;
    const [reply] = await say(BEFORE, OWNER, "Do you have rye?");
    expect(reply).toBe("Answer: Do you have rye?\nmention the fresh bread");
    const call = llmCalls().slice(calls);
    expect(call).toEqual([expect.objectContaining({ model: "fixture-small", temperature: 0.2 })]);
    expect(tg.actions(BEFORE)).toContainEqual({ chat_id: OWNER.id, action: "typing" });
  });

  it("answers a friend (any letter case) on the after bot with the optimized configuration", async () => {
    const calls = llmCalls().length;
    const [reply] = await say(AFTER, FRIEND, "Any croissants left?");
    expect(reply).toBe(
      "Answer: Any croissants left?\nmention the fresh bread\noffer a discount code",
    );
    expect(llmCalls().slice(calls)).toEqual([
      expect.objectContaining({ model: "fixture-large", temperature: 0.9 }),
    ]);
    const [onBefore] = await say(BEFORE, FRIEND, "And on the before bot?");
    expect(onBefore).toBe("Answer: And on the before bot?\nmention the fresh bread");
  });

  it("politely refuses strangers and users without a username, without calling the model or leaking anything", async () => {
    const calls = llmCalls().length;
    for (const token of [BEFORE, AFTER]) {
      for (const text of ["Hello?", "/start", "/reset"]) {
        const [reply] = await say(token, STRANGER, text);
        expect(reply).toBe(BOT_TEXT.refusal);
        expect(reply).not.toMatch(/alice|bakery|bread|bob|carol/i);
      }
      const [nameless] = await say(token, NAMELESS, "Hi");
      expect(nameless).toBe(BOT_TEXT.noUsername);
    }
    expect(llmCalls().length).toBe(calls);
    expect(await storedHistory("before", STRANGER.id)).toEqual([]);
  });

  it("keeps a bounded per-chat history and /reset clears it", async () => {
    const chat = { id: 601, username: "carol", first_name: "Carol" };
    await say(AFTER, chat, "first question");
    await say(AFTER, chat, "second question");
    await say(AFTER, chat, "third question");
    const history = await storedHistory("after", chat.id);
    // TELEGRAM_HISTORY_MESSAGES=4: the last two exchanges.
    expect(history.map((m) => m.type)).toEqual(["human", "ai", "human", "ai"]);
    expect(history[0]?.content).toBe("second question");
    expect(history[3]?.content).toContain("Answer: third question");
    expect(await storedHistory("before", chat.id)).toEqual([]);

    const [reset] = await say(AFTER, chat, "/reset");
    expect(reset).toBe(BOT_TEXT.reset);
    expect(await storedHistory("after", chat.id)).toEqual([]);
    await say(AFTER, chat, "fresh start");
    expect((await storedHistory("after", chat.id)).map((m) => m.content)[0]).toBe("fresh start");
  });

  it("applies a changed integration to the very next message", async () => {
    expect(
      (await save(INIT_PROMPT, "You are terse. Always sign as the night baker.")).statusCode,
    ).toBe(200);
    const [after] = await say(AFTER, OWNER, "What now?");
    expect(after).toBe("Answer: What now?\nsign as the night baker");
    // Bob is dropped from the friends: he is refused from now on.
    expect((await save(INIT_PROMPT, OPTI_PROMPT, ["carol"])).statusCode).toBe(200);
    const [bob] = await say(AFTER, FRIEND, "Still there?");
    expect(bob).toBe(BOT_TEXT.refusal);
    expect((await save(INIT_PROMPT, OPTI_PROMPT)).statusCode).toBe(200);
  });

  it("says so when the optimized prompt is empty, and greets with /start", async () => {
    expect((await save(INIT_PROMPT, "")).statusCode).toBe(200);
    const [reply] = await say(AFTER, OWNER, "Hello");
    expect(reply).toBe(BOT_TEXT.notReady.after);
    const [greeting] = await say(AFTER, OWNER, "/start");
    expect(greeting).toContain(
      "optimized (after optimization) configuration: model fixture-large, temperature 0.90",
    );
    expect(greeting).toContain(BOT_TEXT.notReady.after);
    expect((await save(INIT_PROMPT, OPTI_PROMPT)).statusCode).toBe(200);
  });

  it("answers provider failures with a friendly message and keeps them out of the history", async () => {
    const chat = { id: 701, username: "carol", first_name: "Carol" };
    llm.setConfig({ faults: [{ status: 500, count: 1 }] });
    const [failed] = await say(BEFORE, chat, "Will this fail?");
    llm.setConfig({ faults: [] });
    expect(failed).toBe(BOT_TEXT.providerError);
    expect(await storedHistory("before", chat.id)).toEqual([]);
    const [ok] = await say(BEFORE, chat, "And now?");
    expect(ok).toBe("Answer: And now?\nmention the fresh bread");
  });

  it("splits long replies at Telegram's limit, as plain text", async () => {
    const directives = Array.from(
      { length: 120 },
      (_, i) => `Always add remark number ${i} about our sourdough starter.`,
    );
    expect((await save(INIT_PROMPT, directives.join(" "))).statusCode).toBe(200);
    const parts = await say(AFTER, OWNER, "Tell me everything", 2);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(TELEGRAM_MAX_MESSAGE);
    const joined = parts.join("\n");
    expect(joined).toContain("add remark number 0 about our sourdough starter");
    expect(joined).toContain("add remark number 119 about our sourdough starter");
    expect(tg.sent(AFTER, OWNER.id).every((m) => m.parse_mode === undefined)).toBe(true);
    expect((await save(INIT_PROMPT, OPTI_PROMPT)).statusCode).toBe(200);
  });

  it("answers non-text messages and group chats without calling the model", async () => {
    const calls = llmCalls().length;
    const before = tg.sent(BEFORE, OWNER.id).length;
    tg.receive(BEFORE, OWNER);
    const [sticker] = (await tg.waitForSent(BEFORE, OWNER.id, before + 1)).slice(before);
    expect(sticker?.text).toBe(BOT_TEXT.textOnly);
    const group = { id: -900, type: "group", title: "Bakers" } as const;
    tg.receive(BEFORE, OWNER, "hello group", group);
    const [inGroup] = await tg.waitForSent(BEFORE, group.id, 1);
    expect(inGroup?.text).toBe(BOT_TEXT.privateOnly);
    expect(llmCalls().length).toBe(calls);
  });

  it("charges bot replies to the integration's owner and stops answering once their budget is spent", async () => {
    const usedCalls = async () =>
      (await callApi(t.app, "GET", "/api/profile/usage", undefined, owner)).json().data.day.used
        .calls as number;
    const before = await usedCalls();
    await say(AFTER, FRIEND, "Is there rye today?");
    expect(await usedCalls()).toBe(before + 1);

    const budgets = new BudgetRepository(t.database.db);
    await budgets.setOverride(owner.userId, { daily: { calls: before + 1 } });
    // The gateway trusts a user's cached totals for up to a second.
    await new Promise((r) => setTimeout(r, 1_100));
    const calls = llmCalls().length;
    const [refused] = await say(AFTER, FRIEND, "And tomorrow?");
    expect(refused).toBe(BOT_TEXT.budgetSpent);
    expect(llmCalls().length).toBe(calls);
    await budgets.clearOverride(owner.userId);
  });
});
