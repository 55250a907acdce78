/**
 * Attack regression (issue 21, item 5): Telegram verification phishing.
 * Mallory saved Alice's verified `@alice_tg` in her own integration and sent
 * Alice her start link; Alice tapped Start once, the bot answered "Verified:
 * @alice_tg is now confirmed as the owner of this Promptune integration"
 * without naming whose, and Alice's later messages got Mallory's prompt (the
 * newest owner match won). Now the bot names the Promptune account (masked
 * e-mail) and asks for a second, explicit confirmation (an inline button);
 * a verified username cannot be saved by another account until released;
 * Alice's messages go to the integration she confirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usernameClaimedMessage } from "../integration/repository";
import { BOT_TEXT, confirmButtons } from "../integration/telegram/messages";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import {
  type FixtureTelegram,
  type SentMessage,
  startFixtureTelegram,
} from "../testing/fixture-telegram";
import { callApi } from "../testing/http";
import { fixtureLlmEnv } from "../testing/llm-env";

const BEFORE = "2101:phish-before";
const AFTER = "2102:phish-after";
const ALICE_TG = { id: 8101, username: "alice_tg", first_name: "Alice" };

type Session = { cookie: string; userId: string };

describe.each(DIALECTS)("Telegram verification phishing on %s", (dialect) => {
  let llm: FixtureLlm;
  let tg: FixtureTelegram;
  let t: TestApp;
  let alice: Session;
  let mallory: Session;

  const save = (who: Session, username: string, word: string) =>
    callApi(
      t.app,
      "POST",
      "/api/telegram/integration",
      {
        username,
        friends_usernames: [],
        init_config: { model_name: "fixture-small", prompt: `Always say ${word}.`, temperature: 0 },
        opti_config: { model_name: "fixture-small", prompt: `Always say ${word}.`, temperature: 0 },
      },
      who,
    );
  const page = async (who: Session) =>
    (await callApi(t.app, "GET", "/api/telegram/integration", undefined, who)).json().data
      .verification as { verified: boolean; link: string };
  /** Waits for the bot's next message to Alice after `count` earlier ones. */
  const nextToAlice = async (count: number): Promise<SentMessage> => {
    const all = await tg.waitForSent(BEFORE, ALICE_TG.id, count + 1);
    return all[count] as SentMessage;
  };
  const say = async (text: string) => {
    const count = tg.sent(BEFORE, ALICE_TG.id).length;
    tg.receive(BEFORE, ALICE_TG, text);
    return (await nextToAlice(count)).text;
  };
  /** Alice taps Start on a deep link: resolves with the bot's answer (text and buttons). */
  const open = async (link: string) => {
    const count = tg.sent(BEFORE, ALICE_TG.id).length;
    tg.openLink(link, ALICE_TG);
    return nextToAlice(count);
  };
  /** Alice presses a button under `message`; resolves with the bot's reply. */
  const press = async (message: SentMessage, button: string) => {
    const count = tg.sent(BEFORE, ALICE_TG.id).length;
    tg.press(BEFORE, ALICE_TG, message, button);
    return (await nextToAlice(count)).text;
  };

  beforeAll(async () => {
    llm = await startFixtureLlm();
    tg = await startFixtureTelegram();
    tg.addBot(BEFORE, "phish_before_bot");
    tg.addBot(AFTER, "phish_after_bot");
    t = await createTestApp(dialect, {
      ...fixtureLlmEnv(llm.url, "fixture-small"),
      LLM_MAX_RETRIES: "0",
      TELEGRAM_BEFORE_BOT_TOKEN: BEFORE,
      TELEGRAM_AFTER_BOT_TOKEN: AFTER,
      TELEGRAM_API_ROOT: tg.apiRoot,
      TELEGRAM_POLL_TIMEOUT_SECONDS: "2",
      TELEGRAM_BEFORE_BOT_USERNAME: "phish_before_bot",
    });
    alice = await t.signIn("alice@example.com", "Alice");
    mallory = await t.signIn("mallory@example.com", "Mallory");
  });
  afterAll(async () => {
    await t?.close();
    await tg?.close();
    await llm?.close();
  });

  it("one tap on Mallory's link only asks, naming Mallory's account; No voids the link", async () => {
    expect((await save(alice, "@alice_tg", "ALICE")).statusCode).toBe(200);
    expect((await save(mallory, "@Alice_TG", "MALLORY")).statusCode).toBe(200);
    const malloryLink = (await page(mallory)).link;

    const question = await open(malloryLink);
    console.info(
      `[attack-regression] ${dialect}: Start on Mallory's link -> ${JSON.stringify(question.text)}`,
    );
    expect(question.text).toContain("m***y@example.com");
    expect(question.text).not.toMatch(/^Verified/);
    expect(question.buttons.map((b) => b.text)).toEqual([
      confirmButtons("m***y@example.com").yes,
      confirmButtons("m***y@example.com").no,
    ]);
    expect((await page(mallory)).verified).toBe(false);
    expect(await say("hello")).toBe(BOT_TEXT.refusal);

    expect(await press(question, confirmButtons("m***y@example.com").no)).toBe(
      BOT_TEXT.verification.declined,
    );
    expect(tg.answeredCallbacks(BEFORE)).toHaveLength(1);
    const after = await page(mallory);
    expect(after.verified).toBe(false);
    expect(after.link).not.toBe(malloryLink);
    expect((await open(malloryLink)).text).toBe(BOT_TEXT.verification.unknown_code);
  });

  it("Alice confirms her own account with the second step, and then owns @alice_tg alone", async () => {
    const question = await open((await page(alice)).link);
    expect(question.text).toContain("a***e@example.com");
    const yes = confirmButtons("a***e@example.com").yes;
    expect(await press(question, yes)).toBe(
      "Verified: @alice_tg is now confirmed as the owner of the Promptune integration of a***e@example.com. Send me a message to chat; /start shows which configuration answers.",
    );
    expect((await page(alice)).verified).toBe(true);
    // The buttons are gone from the answered question.
    expect(
      tg.sent(BEFORE, ALICE_TG.id).find((m) => m.message_id === question.message_id)?.buttons,
    ).toEqual([]);
    expect(await say("ping")).toBe("Answer: ping\nsay ALICE");

    // Mallory's pending link for the same username cannot be confirmed any more.
    const claimed = await open((await page(mallory)).link);
    expect(claimed.text).toBe(BOT_TEXT.verification.claimed);
    expect(claimed.buttons).toEqual([]);
  });

  it("Mallory cannot save Alice's verified username, and Alice keeps getting her own prompt", async () => {
    await new Promise((r) => setTimeout(r, 5));
    const refused = await save(mallory, "@alice_tg", "MALLORY AGAIN");
    console.info(
      `[attack-regression] ${dialect}: Mallory saves Alice's verified username -> ${refused.statusCode}`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      message: usernameClaimedMessage("@alice_tg"),
      code: "username_claimed",
    });
    // Mallory's integration, updated later under another name, never wins Alice's messages.
    expect(await save(mallory, "@mallory_tg", "MALLORY")).toMatchObject({ statusCode: 200 });
    expect(await say("still mine?")).toBe("Answer: still mine?\nsay ALICE");
  });

  it("a username is free again once its holder releases it", async () => {
    expect((await save(alice, "@alice_other", "ALICE")).statusCode).toBe(200);
    expect((await save(mallory, "@alice_tg", "MALLORY")).statusCode).toBe(200);
    expect(await say("who now?")).toBe(BOT_TEXT.refusal);
  });
});
