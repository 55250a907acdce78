import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app";
import { type FixtureLlm, startFixtureLlm } from "../../testing/fixture-llm";
import { type FixtureTelegram, startFixtureTelegram } from "../../testing/fixture-telegram";
import { callApi } from "../../testing/http";
import { fixtureLlmEnv } from "../../testing/llm-env";
import { freePort } from "../../testing/processes";
import { BOT_TEXT, confirmButtons } from "./messages";

const BEFORE = "2001:before-token";
const AFTER = "2002:after-token";
const SECRET = "s3cret_webhook-Token";

describe("Telegram bots in webhook mode", () => {
  let llm: FixtureLlm;
  let tg: FixtureTelegram;
  let t: TestApp;
  let owner: { cookie: string };
  let base: string;

  beforeAll(async () => {
    llm = await startFixtureLlm();
    tg = await startFixtureTelegram();
    tg.addBot(BEFORE, "hook_before_bot");
    tg.addBot(AFTER, "hook_after_bot");
    // The app must know its webhook address before it listens.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp("sqlite", {
      ...fixtureLlmEnv(llm.url, "fixture-small"),
      TELEGRAM_BEFORE_BOT_TOKEN: BEFORE,
      TELEGRAM_AFTER_BOT_TOKEN: AFTER,
      TELEGRAM_API_ROOT: tg.apiRoot,
      TELEGRAM_WEBHOOK_URL: base,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    });
    await t.app.listen({ host: "127.0.0.1", port });
    owner = await t.signIn("hook-owner@example.com");
    await callApi(
      t.app,
      "POST",
      "/api/telegram/integration",
      {
        username: "hook_owner",
        friends_usernames: [],
        init_config: { model_name: "fixture-small", prompt: "Always say webhook.", temperature: 0 },
        opti_config: {
          model_name: "fixture-small",
          prompt: "Always say optimized webhook.",
          temperature: 0,
        },
      },
      owner,
    );
  });
  afterAll(async () => {
    await t?.close();
    await tg?.close();
    await llm?.close();
  });

  it("registers each bot's webhook with the secret and never polls", async () => {
    await expect.poll(() => tg.webhook(AFTER), { timeout: 5_000 }).not.toBeNull();
    await expect.poll(() => tg.webhook(BEFORE), { timeout: 5_000 }).not.toBeNull();
    expect(tg.webhook(BEFORE)).toEqual({
      url: `${base}/api/telegram/webhook/before`,
      secret_token: SECRET,
    });
    expect(tg.webhook(AFTER)).toEqual({
      url: `${base}/api/telegram/webhook/after`,
      secret_token: SECRET,
    });
    expect(tg.calls(BEFORE).some((c) => c.method === "getUpdates")).toBe(false);
  });

  it("answers updates Telegram posts to the webhook", async () => {
    await expect.poll(() => tg.webhook(AFTER), { timeout: 5_000 }).not.toBeNull();
    await expect.poll(() => tg.webhook(BEFORE), { timeout: 5_000 }).not.toBeNull();
    // The owner verifies once through the page's deep link (answered via the webhook too).
    const page = await callApi(t.app, "GET", "/api/telegram/integration", undefined, owner);
    const hookOwner = { id: 42, username: "HOOK_OWNER" };
    const { token } = tg.openLink(page.json().data.verification.link, hookOwner);
    const [question] = await tg.waitForSent(token, 42, 1);
    if (!question) throw new Error("no confirmation question");
    // The confirmation button's callback query reaches the bot through the webhook too.
    tg.press(token, hookOwner, question, confirmButtons("h***r@example.com").yes);
    expect((await tg.waitForSent(token, 42, 2))[1]?.text).toContain("Verified: @HOOK_OWNER");
    tg.receive(AFTER, { id: 42, username: "HOOK_OWNER" }, "ping");
    const [reply] = await tg.waitForSent(AFTER, 42, 1);
    expect(reply?.text).toBe("Answer: ping\nsay optimized webhook");
    tg.receive(BEFORE, { id: 43, username: "someone_else" }, "ping");
    const [refusal] = await tg.waitForSent(BEFORE, 43, 1);
    expect(refusal?.text).toBe(BOT_TEXT.refusal);
  });

  it("refuses webhook calls without the right secret or for an unknown bot", async () => {
    const update = {
      update_id: 1,
      message: { message_id: 1, date: 0, chat: { id: 1, type: "private" }, text: "x" },
    };
    const post = (path: string, secret?: string) =>
      t.app.inject({
        method: "POST",
        url: path,
        headers: {
          "content-type": "application/json",
          ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}),
        },
        payload: JSON.stringify(update),
      });
    expect((await post("/api/telegram/webhook/before")).statusCode).toBe(401);
    expect((await post("/api/telegram/webhook/before", "wrong")).statusCode).toBe(401);
    expect((await post("/api/telegram/webhook/middle", SECRET)).statusCode).toBe(404);
  });
});

describe("Telegram bots switched off", () => {
  it("stay off with TELEGRAM_DISABLED even when tokens are set, and never call Telegram", async () => {
    const tg = await startFixtureTelegram();
    tg.addBot(BEFORE, "off_before_bot");
    const t = await createTestApp("sqlite", {
      TELEGRAM_BEFORE_BOT_TOKEN: BEFORE,
      TELEGRAM_API_ROOT: tg.apiRoot,
      TELEGRAM_DISABLED: "true",
    });
    try {
      expect(t.app.deps.telegram).toBeUndefined();
      await new Promise((r) => setTimeout(r, 200));
      expect(tg.calls(BEFORE)).toEqual([]);
    } finally {
      await t.close();
      await tg.close();
    }
  });

  it("a rejected token leaves that bot off while the other one answers", async () => {
    const llm = await startFixtureLlm();
    const tg = await startFixtureTelegram();
    tg.addBot(AFTER, "good_after_bot");
    const t = await createTestApp("sqlite", {
      ...fixtureLlmEnv(llm.url, "fixture-small"),
      TELEGRAM_BEFORE_BOT_TOKEN: "9999:unknown-token",
      TELEGRAM_AFTER_BOT_TOKEN: AFTER,
      TELEGRAM_API_ROOT: tg.apiRoot,
      LOG_LEVEL: "silent",
    });
    try {
      tg.receive(AFTER, { id: 77, username: "nobody_known" }, "hi");
      const [reply] = await tg.waitForSent(AFTER, 77, 1);
      expect(reply?.text).toBe(BOT_TEXT.refusal);
      expect(t.app.deps.telegram?.username("before")).toBeUndefined();
      expect(t.app.deps.telegram?.username("after")).toBe("good_after_bot");
    } finally {
      await t.close();
      await tg.close();
      await llm.close();
    }
  });

  it("refuses to start in webhook mode without a secret", async () => {
    await expect(
      createTestApp("sqlite", {
        TELEGRAM_BEFORE_BOT_TOKEN: BEFORE,
        TELEGRAM_WEBHOOK_URL: "https://promptune.example.com",
      }),
    ).rejects.toThrow("TELEGRAM_WEBHOOK_SECRET is required when TELEGRAM_WEBHOOK_URL is set");
  });
});
