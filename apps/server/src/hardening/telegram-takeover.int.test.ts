/**
 * Attack regressions (issue 14, item 8): Telegram username takeover. Any
 * user could save someone else's `@username`, and the most recent save won:
 * the bots answered the victim with the attacker's prompts. A username now
 * counts as an integration owner's only after that Telegram account sent the
 * integration's one-time code (the page's `t.me/<bot>?start=<code>` link);
 * until then the page says "not verified" and the bots treat the account as
 * a stranger.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_TEXT, confirmButtons } from "../integration/telegram/messages";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { type FixtureTelegram, startFixtureTelegram } from "../testing/fixture-telegram";
import { callApi } from "../testing/http";
import { fixtureLlmEnv } from "../testing/llm-env";

const BEFORE = "2001:before-token";
const AFTER = "2002:after-token";

/** Telegram accounts of the story. */
const VICTIM_TG = { id: 7001, username: "Victim_TG", first_name: "Victor" };
const ATTACKER_TG = { id: 7002, username: "attacker_tg", first_name: "Mallory" };
const NEWCOMER_TG = { id: 7003, username: "newcomer_tg", first_name: "Nina" };

type Session = { cookie: string; userId: string };

describe.each(DIALECTS)("Telegram username takeover on %s", (dialect) => {
  let llm: FixtureLlm;
  let tg: FixtureTelegram;
  let t: TestApp;
  let victim: Session;
  let attacker: Session;

  /** Saves an integration for `who` answering with "Always say <word>." on both bots. */
  const save = (who: Session, username: string, word: string, friends: string[] = []) =>
    callApi(
      t.app,
      "POST",
      "/api/telegram/integration",
      {
        username,
        friends_usernames: friends,
        init_config: { model_name: "fixture-small", prompt: `Always say ${word}.`, temperature: 0 },
        opti_config: { model_name: "fixture-small", prompt: `Always say ${word}.`, temperature: 0 },
      },
      who,
    );
  const page = async (who: Session) =>
    (await callApi(t.app, "GET", "/api/telegram/integration", undefined, who)).json().data
      .verification as { verified: boolean; link: string };
  /** A Telegram account writes to the before bot; resolves with the bot's next reply. */
  const say = async (from: { id: number; username: string }, text: string) => {
    const count = tg.sent(BEFORE, from.id).length;
    tg.receive(BEFORE, from, text);
    const all = await tg.waitForSent(BEFORE, from.id, count + 1);
    return all[count]?.text;
  };
  /** A Telegram account opens a deep link; resolves with the bot's reply. */
  const open = async (link: string, from: { id: number; username: string }) => {
    const count = tg.sent(BEFORE, from.id).length;
    const { token } = tg.openLink(link, from);
    expect(token).toBe(BEFORE);
    const all = await tg.waitForSent(BEFORE, from.id, count + 1);
    return all[count]?.text;
  };

  /** Opens a link and presses the confirmation's "Yes" (the two steps of issue 21); resolves with the reply. */
  const confirm = async (link: string, from: { id: number; username: string }, email: string) => {
    const count = tg.sent(BEFORE, from.id).length;
    tg.openLink(link, from);
    const question = (await tg.waitForSent(BEFORE, from.id, count + 1))[count];
    if (!question) throw new Error("no confirmation question");
    tg.press(BEFORE, from, question, confirmButtons(email).yes);
    return (await tg.waitForSent(BEFORE, from.id, count + 2))[count + 1]?.text;
  };

  beforeAll(async () => {
    llm = await startFixtureLlm();
    tg = await startFixtureTelegram();
    tg.addBot(BEFORE, "takeover_before_bot");
    tg.addBot(AFTER, "takeover_after_bot");
    t = await createTestApp(dialect, {
      ...fixtureLlmEnv(llm.url, "fixture-small"),
      LLM_MAX_RETRIES: "0",
      TELEGRAM_BEFORE_BOT_TOKEN: BEFORE,
      TELEGRAM_AFTER_BOT_TOKEN: AFTER,
      TELEGRAM_API_ROOT: tg.apiRoot,
      TELEGRAM_POLL_TIMEOUT_SECONDS: "2",
      TELEGRAM_BEFORE_BOT_USERNAME: "takeover_before_bot",
    });
    victim = await t.signIn("victim@example.com", "Victim");
    attacker = await t.signIn("attacker@example.com", "Attacker");
  });
  afterAll(async () => {
    await t?.close();
    await tg?.close();
    await llm?.close();
  });

  it("does not answer a Telegram account as the owner of an integration someone else saved", async () => {
    expect((await save(attacker, "@newcomer_tg", "ATTACKER", ["@victim_tg"])).statusCode).toBe(200);
    expect(await say(NEWCOMER_TG, "hello")).toBe(BOT_TEXT.refusal);
    // An unverified integration answers nobody, friends included.
    expect(await say(VICTIM_TG, "hello")).toBe(BOT_TEXT.refusal);
    const state = await page(attacker);
    expect(state.verified).toBe(false);
    expect(state.link).toMatch(/^https:\/\/t\.me\/takeover_before_bot\?start=[A-Za-z0-9_-]{22}$/);
  });

  it("keeps the victim's verified integration when the attacker saves the victim's username later", async () => {
    expect((await save(victim, "@victim_tg", "VICTIM")).statusCode).toBe(200);
    const before = await page(victim);
    expect(before.verified).toBe(false);
    expect(await confirm(before.link, VICTIM_TG, "v***m@example.com")).toContain(
      "Verified: @Victim_TG",
    );
    expect(await page(victim)).toEqual({ verified: true, link: "" });
    expect(await say(VICTIM_TG, "ping")).toBe("Answer: ping\nsay VICTIM");

    // The attack: the most recent save of the same username used to win; a
    // verified username cannot even be saved by another account now (issue 21).
    await new Promise((r) => setTimeout(r, 5));
    expect((await save(attacker, "@VICTIM_TG", "ATTACKER")).statusCode).toBe(409);
    expect(await say(VICTIM_TG, "ping again")).toBe("Answer: ping again\nsay VICTIM");
    const attackerState = await page(attacker);
    expect(attackerState.verified).toBe(false);

    // The attacker cannot verify from their own Telegram account, nor reuse a used code.
    expect(await open(attackerState.link, ATTACKER_TG)).toBe(BOT_TEXT.verification.wrong_account);
    expect(await open(before.link, VICTIM_TG)).toBe(BOT_TEXT.verification.unknown_code);
    expect((await page(attacker)).verified).toBe(false);
    expect(await say(VICTIM_TG, "still mine?")).toBe("Answer: still mine?\nsay VICTIM");
    expect(await say(ATTACKER_TG, "let me in")).toBe(BOT_TEXT.refusal);
  });

  it("a verified username answers only the Telegram account that verified it", async () => {
    // Someone else holding the username later (a changed username on Telegram) is a stranger.
    expect(await say({ id: 7999, username: "victim_tg" }, "hi")).toBe(BOT_TEXT.refusal);
  });

  it("changing the saved username starts unverified with a new link; re-saving keeps it", async () => {
    const kept = await save(victim, "@Victim_tg", "VICTIM TWO");
    expect(kept.json().data.verification).toEqual({ verified: true, link: "" });
    expect(await say(VICTIM_TG, "same")).toBe("Answer: same\nsay VICTIM TWO");
    const changed = await save(victim, "@victim_new", "VICTIM");
    expect(changed.json().data.verification.verified).toBe(false);
    expect(changed.json().data.verification.link).toMatch(/\?start=/);
    expect(await say(VICTIM_TG, "and now?")).toBe(BOT_TEXT.refusal);
  });
});
