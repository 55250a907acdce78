/**
 * Attack regressions (issue 21, item 10): the estimate route had no rate
 * limit (159 estimates a second from one account raised /healthz p99 to
 * 235 ms); it now counts per user in the shared counter table. And the
 * webhook of a bot that is switched off (no token) answered 503 "starting"
 * for ever, inviting Telegram to retry; it answers 404 like an unknown bot.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { type FixtureTelegram, startFixtureTelegram } from "../testing/fixture-telegram";
import { freePort } from "../testing/processes";
import { singleRequest } from "../testing/requests";
import { call, type HardeningApp, startHardeningApp } from "./harness";

/** Estimates per minute per user in this test. */
const LIMIT = 5;

describe.each(DIALECTS)("estimate rate limit on %s", (dialect) => {
  let h: HardeningApp;
  beforeAll(async () => {
    h = await startHardeningApp(dialect, { ESTIMATE_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await h?.close();
  });

  it(`answers ${LIMIT} estimates a minute per user, then 429 with Retry-After`, async () => {
    // Stay inside one fixed window of the counter.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50));
    const email = `estimator-${dialect}@example.com`;
    const sessions = [await h.t.signIn(email), await h.t.signIn(email)];
    const body = { mode: "single", ...singleRequest(3) };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(
          h.app,
          { cookie: sessions[i % 2]?.cookie },
          "POST",
          "/api/auto-tune/optimize/estimate",
          body,
        ),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    console.info(
      `[attack-regression] ${dialect}: 40 simultaneous estimates from 2 sessions of one account, limit ${LIMIT}/min → ${accepted} answered`,
    );
    expect(accepted).toBe(LIMIT);
    const limited = answers.find((a) => a.statusCode === 429);
    expect(limited?.json().error.message).toBe(
      "Too many run estimates. Please wait a moment and try again.",
    );
    expect(Number(limited?.headers["retry-after"])).toBeGreaterThan(0);
    const other = await h.t.signIn(`planner-${dialect}@example.com`);
    const own = await call(
      h.app,
      { cookie: other.cookie },
      "POST",
      "/api/auto-tune/optimize/estimate",
      body,
    );
    expect(own.statusCode).toBe(200);
  });
});

describe("webhook of a switched-off bot", () => {
  const SECRET = "s3cret_webhook-Token";
  let tg: FixtureTelegram;
  let t: TestApp;
  beforeAll(async () => {
    tg = await startFixtureTelegram();
    tg.addBot("3001:before-token", "only_before_bot");
    const port = await freePort();
    // Only the "before" bot has a token: the "after" bot is off.
    t = await createTestApp("sqlite", {
      TELEGRAM_BEFORE_BOT_TOKEN: "3001:before-token",
      TELEGRAM_API_ROOT: tg.apiRoot,
      TELEGRAM_WEBHOOK_URL: `http://127.0.0.1:${port}`,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    await t?.close();
    await tg?.close();
  });

  it("answers 404, not 503, for the bot that is off", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/telegram/webhook/after",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
      payload: JSON.stringify({ update_id: 1, message: { message_id: 1, date: 0, text: "x" } }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Not found.");
  });
});
