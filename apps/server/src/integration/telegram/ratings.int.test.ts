import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type SignedIn, type TestApp } from "../../testing/app";
import { DIALECTS } from "../../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../../testing/fixture-llm";
import {
  type FixtureTelegram,
  type SentMessage,
  startFixtureTelegram,
} from "../../testing/fixture-telegram";
import { callApi } from "../../testing/http";
import { fixtureLlmEnv } from "../../testing/llm-env";
import { BOT_TEXT, confirmButtons } from "./messages";

const BEFORE = "2001:before-token";
const AFTER = "2002:after-token";
const INIT_PROMPT = "You help customers of a bakery. Always mention the fresh bread.";
const OPTI_PROMPT = "You help customers of a bakery. Always offer a discount code.";
const OWNER = { id: 801, username: "Alice_Owner", first_name: "Alice" };
const FRIEND = { id: 802, username: "BoB", first_name: "Bob" };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe.each(DIALECTS)("Telegram reply ratings and the Feedback dataset on %s", (dialect) => {
  let llm: FixtureLlm;
  let tg: FixtureTelegram;
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;

  /** A user writes to a bot; resolves with the bot's new messages once `count` arrived. */
  const say = async (
    token: string,
    from: { id: number; username: string; first_name: string },
    text: string,
    count = 1,
  ): Promise<SentMessage[]> => {
    const before = tg.sent(token, from.id).length;
    tg.receive(token, from, text);
    return (await tg.waitForSent(token, from.id, before + count)).slice(before);
  };
  /** Presses a button and waits until the bot answered the callback query. */
  const press = async (
    token: string,
    from: { id: number; username: string; first_name: string },
    message: SentMessage,
    label: string,
  ) => {
    const answered = tg.answeredCallbacks(token).length;
    tg.press(token, from, message, label);
    const deadline = Date.now() + 5_000;
    while (tg.answeredCallbacks(token).length === answered) {
      if (Date.now() > deadline) throw new Error("the bot did not answer the callback query");
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** The bot's current copy of a sent message (its buttons change with edits). */
  const current = (token: string, m: SentMessage) =>
    tg.sent(token, m.chat_id).find((s) => s.message_id === m.message_id) as SentMessage;
  /** Waits until a sent message's buttons (edited after the callback is answered) have these labels. */
  const buttonsOf = async (token: string, m: SentMessage, labels: string[]) => {
    await expect
      .poll(() => current(token, m).buttons.map((b) => b.text), { timeout: 5_000 })
      .toEqual(labels);
  };
  const rows = async (who: SignedIn) =>
    (await callApi(t.app, "GET", "/api/feedback/feedback-telegram/rows", undefined, who)).json()
      .data.rows as Array<Record<string, unknown>>;
  const saveIntegration = (friends: string[]) =>
    callApi(
      t.app,
      "POST",
      "/api/telegram/integration",
      {
        username: "alice_owner",
        friends_usernames: friends,
        init_config: { model_name: "fixture-small", prompt: INIT_PROMPT, temperature: 0.2 },
        opti_config: { model_name: "fixture-large", prompt: OPTI_PROMPT, temperature: 0.9 },
      },
      owner,
    );

  beforeAll(async () => {
    llm = await startFixtureLlm();
    tg = await startFixtureTelegram();
    tg.addBot(BEFORE, "rate_before_bot");
    tg.addBot(AFTER, "rate_after_bot");
    t = await createTestApp(dialect, {
      ...fixtureLlmEnv(llm.url),
      LLM_MAX_RETRIES: "0",
      TELEGRAM_BEFORE_BOT_TOKEN: BEFORE,
      TELEGRAM_AFTER_BOT_TOKEN: AFTER,
      TELEGRAM_API_ROOT: tg.apiRoot,
      TELEGRAM_POLL_TIMEOUT_SECONDS: "5",
    });
    owner = await t.signIn("rating-owner@example.com", "Alice");
    other = await t.signIn("someone-else@example.com", "Eve");
    expect((await saveIntegration(["bob"])).statusCode).toBe(200);
    const { link } = (
      await callApi(t.app, "GET", "/api/telegram/integration", undefined, owner)
    ).json().data.verification;
    const { token } = tg.openLink(link, OWNER);
    const [question] = await tg.waitForSent(token, OWNER.id, 1);
    if (!question) throw new Error("no confirmation question");
    tg.press(token, OWNER, question, confirmButtons("r***r@example.com").yes);
    await tg.waitForSent(token, OWNER.id, 2);
  });
  afterAll(async () => {
    await t?.close();
    await tg?.close();
    await llm?.close();
  });

  it("puts 👍/👎 buttons under every model reply, and a friend's 👍 becomes a row", async () => {
    const [reply] = await say(BEFORE, FRIEND, "Do you have rye?");
    if (!reply) throw new Error("no reply");
    expect(reply.text).toBe("Answer: Do you have rye?\nmention the fresh bread");
    expect(reply.buttons.map((b) => b.text)).toEqual(["👍", "👎"]);
    expect(reply.buttons[0]?.callback_data).toMatch(/^rate:up:[0-9a-f-]{36}$/);
    // Unrated replies are not rows yet.
    expect(await rows(owner)).toEqual([]);

    await press(BEFORE, FRIEND, reply, "👍");
    await buttonsOf(BEFORE, reply, []);
    const [row] = await rows(owner);
    expect(row).toMatchObject({
      side: "before",
      mode: "single",
      rating: "up",
      dialog: [{ type: "human", content: "Do you have rye?" }],
      reply: reply.text,
      reference: reply.text,
      correction: null,
      model: "fixture-small",
      temperature: 0.2,
      prompt_hash: sha256(INIT_PROMPT),
      rater: { role: "friend", username: "BoB" },
    });
  });

  it("👎 offers “Correct it”; the next message is saved as the correction and not answered", async () => {
    await say(AFTER, OWNER, "Hello there");
    const [reply] = await say(AFTER, OWNER, "Any croissants?");
    if (!reply) throw new Error("no reply");
    await press(AFTER, OWNER, reply, "👎");
    await buttonsOf(AFTER, reply, [BOT_TEXT.rating.correct]);

    const sentBefore = tg.sent(AFTER, OWNER.id).length;
    await press(AFTER, OWNER, current(AFTER, reply), BOT_TEXT.rating.correct);
    await buttonsOf(AFTER, reply, []);
    const asked = (await tg.waitForSent(AFTER, OWNER.id, sentBefore + 1)).at(-1);
    expect(asked?.text).toBe(BOT_TEXT.rating.askCorrection);

    const calls = llm.stats().calls.length;
    const [saved] = await say(AFTER, OWNER, "Yes, six butter croissants are left.");
    expect(saved?.text).toBe(BOT_TEXT.rating.correctionSaved);
    expect(llm.stats().calls.length).toBe(calls);
    // The message after that is a question again.
    const [next] = await say(AFTER, OWNER, "Thanks!");
    expect(next?.text).toContain("Answer: Thanks!");

    const row = (await rows(owner)).find((r) => r.side === "after");
    expect(row).toMatchObject({
      rating: "down",
      correction: "Yes, six butter croissants are left.",
      reference: "Yes, six butter croissants are left.",
      model: "fixture-large",
      temperature: 0.9,
      prompt_hash: sha256(OPTI_PROMPT),
      rater: { role: "owner", username: "Alice_Owner" },
    });
    expect(row?.dialog).toHaveLength(3);
  });

  it("refuses presses from someone no longer invited, without changing the rating", async () => {
    const [reply] = await say(BEFORE, FRIEND, "What about spelt?");
    if (!reply) throw new Error("no reply");
    expect((await saveIntegration([])).statusCode).toBe(200);
    await press(BEFORE, FRIEND, reply, "👍");
    await buttonsOf(BEFORE, reply, []);
    expect((await rows(owner)).some((r) => r.reply === reply.text)).toBe(false);
    expect((await saveIntegration(["bob"])).statusCode).toBe(200);
  });

  it("lists the Feedback dataset with its rows, downloads it and evaluates a prompt on it", async () => {
    const list = (await callApi(t.app, "GET", "/api/datasets", undefined, owner)).json().data;
    expect(list).toContainEqual(
      expect.objectContaining({
        name: "feedback-telegram",
        title: "Feedback — Telegram bots",
        size: 2,
        owner: "feedback",
      }),
    );
    const download = await callApi(
      t.app,
      "GET",
      "/api/feedback/feedback-telegram/jsonl",
      undefined,
      owner,
    );
    expect(download.headers["content-disposition"]).toContain("feedback-telegram.jsonl");
    const lines = download.body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.reference)).toEqual([
      "Answer: Do you have rye?\nmention the fresh bread",
      "Yes, six butter croissants are left.",
    ]);
    const evaluated = await callApi(
      t.app,
      "POST",
      "/api/evals",
      {
        dataset_name: "feedback-telegram",
        prompt: INIT_PROMPT,
        model_name: "fixture-small",
        split: "all",
      },
      owner,
    );
    expect(evaluated.statusCode).toBe(200);
    expect(JSON.stringify(evaluated.json().data)).toContain("feedback-telegram");
  });

  it("keeps the owner's rows to the owner", async () => {
    const [row] = await rows(owner);
    const id = row?.id as string;
    expect(await rows(other)).toEqual([]);
    const list = (await callApi(t.app, "GET", "/api/datasets", undefined, other)).json().data;
    expect(list.some((d: { name: string }) => d.name.startsWith("feedback-"))).toBe(false);
    const edit = await callApi(
      t.app,
      "PUT",
      `/api/feedback/feedback-telegram/rows/${id}`,
      { reference: "hijacked" },
      other,
    );
    expect(edit.statusCode).toBe(404);
    const removed = await callApi(
      t.app,
      "DELETE",
      `/api/feedback/feedback-telegram/rows/${id}`,
      undefined,
      other,
    );
    expect(removed.statusCode).toBe(404);
    const evaluated = await callApi(
      t.app,
      "POST",
      "/api/evals",
      { dataset_name: "feedback-telegram", prompt: "x", model_name: "fixture-small", split: "all" },
      other,
    );
    expect(evaluated.statusCode).toBe(400);
    expect((await rows(owner)).find((r) => r.id === id)?.reference).not.toBe("hijacked");
  });
});
