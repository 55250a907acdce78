/**
 * Set-up shared by the deploy tests that talk to the real bots: a fixture
 * LLM and a fixture Telegram Bot API with a before- and an after-bot, the
 * app wired to them, the owner's integration confirmed from Telegram, and
 * small readers of what the after-bot answered and how its replies were
 * rated. Test-only.
 */
import { chatMessages } from "../autotune/chat";
import type { DialectName } from "../db/database";
import { confirmButtons } from "../integration/telegram/messages";
import { createTestApp, type SignedIn, type TestApp } from "../testing/app";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { assistantReply } from "../testing/fixture-llm/behaviour";
import {
  type FixtureTelegram,
  type SentMessage,
  startFixtureTelegram,
} from "../testing/fixture-telegram";
import { callApi } from "../testing/http";
import { fixtureRunEnv } from "../testing/llm-env";

/** A Telegram user as the fixture sends them. */
export interface TelegramUser {
  id: number;
  username: string;
  first_name: string;
}

/** What the fixture model answers `question` under `prompt` (the bot's own framing). */
export const expectedReply = (prompt: string, question: string) =>
  assistantReply(chatMessages(prompt, [{ type: "human", content: question }]));

/** The app with both bots on the fixtures. */
export interface BotsApp {
  llm: FixtureLlm;
  tg: FixtureTelegram;
  t: TestApp;
  close(): Promise<void>;
}

/** Starts the fixtures and the app with bots `before`/`after` (tokens) named `names`. */
export async function startBotsApp(
  dialect: DialectName,
  tokens: { before: string; after: string },
  names: { before: string; after: string },
): Promise<BotsApp> {
  const llm = await startFixtureLlm();
  const tg = await startFixtureTelegram();
  tg.addBot(tokens.before, names.before);
  tg.addBot(tokens.after, names.after);
  const t = await createTestApp(dialect, {
    ...fixtureRunEnv(llm.url),
    LLM_MAX_RETRIES: "0",
    TELEGRAM_BEFORE_BOT_TOKEN: tokens.before,
    TELEGRAM_AFTER_BOT_TOKEN: tokens.after,
    TELEGRAM_API_ROOT: tg.apiRoot,
    TELEGRAM_POLL_TIMEOUT_SECONDS: "5",
  });
  return {
    llm,
    tg,
    t,
    async close() {
      await t.close();
      await tg.close();
      await llm.close();
    },
  };
}

/** Opens the owner's verification link from Telegram and confirms it (masked e-mail `masked`). */
export async function confirmOwnerFromTelegram(
  app: BotsApp,
  owner: SignedIn,
  telegramOwner: TelegramUser,
  masked: string,
): Promise<void> {
  const page = await callApi(app.t.app, "GET", "/api/telegram/integration", undefined, owner);
  const { link } = page.json().data.verification;
  const { token } = app.tg.openLink(link, telegramOwner);
  const [question] = await app.tg.waitForSent(token, telegramOwner.id, 1);
  if (!question) throw new Error("no confirmation question");
  app.tg.press(token, telegramOwner, question, confirmButtons(masked).yes);
  await app.tg.waitForSent(token, telegramOwner.id, 2);
}

/** Sends `text` from `friend` to the bot `token` and returns the bot's answer. */
export async function botAnswer(
  app: BotsApp,
  token: string,
  friend: TelegramUser,
  text: string,
): Promise<SentMessage> {
  const before = app.tg.sent(token, friend.id).length;
  app.tg.receive(token, friend, text);
  const [reply] = (await app.tg.waitForSent(token, friend.id, before + 1)).slice(before);
  if (!reply) throw new Error("the bot did not answer");
  return reply;
}

/** The stored rating row of a reply, from its rating button's callback data. */
export function ratedReply(app: BotsApp, ratingData: string | undefined) {
  const id = String(ratingData).split(":")[2] ?? "";
  return app.t.database.db
    .selectFrom("ratings")
    .select(["version_id", "prompt"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}
