/**
 * An app instance with both Telegram bots live, for browser tests that follow
 * a prompt all the way to the bots: the Telegram Bot API fixture runs in the
 * test's process, and an extra app (its own database) polls it with a before-
 * and an after-bot, answering with the suite's fixture LLM. Helpers drive a
 * Telegram user the way the Telegram app would.
 */
import {
  type FixtureTelegram,
  type SentMessage,
  startFixtureTelegram,
} from "../../apps/server/src/testing/fixture-telegram";
import { type ExtraApp, startExtraApp } from "./extra-app";
import { E2E_PORTS } from "./ports";

/** A Telegram account as the fixture sends it. */
export interface TelegramUser {
  id: number;
  username: string;
  first_name: string;
}

/** The bots' tokens and usernames. */
export const BOTS = {
  before: { token: "7101:e2e-before-token", username: "e2e_before_bot" },
  after: { token: "7102:e2e-after-token", username: "e2e_after_bot" },
} as const;

/** The app with bots, the Bot API fixture it talks to, and a way to stop both. */
export interface BotsApp {
  app: ExtraApp;
  tg: FixtureTelegram;
  stop(): Promise<void>;
}

/** Starts the Bot API fixture and an app on `port` whose bots poll it. */
export async function startBotsApp(port: number): Promise<BotsApp> {
  const tg = await startFixtureTelegram();
  tg.addBot(BOTS.before.token, BOTS.before.username);
  tg.addBot(BOTS.after.token, BOTS.after.username);
  try {
    const app = await startExtraApp(port, {
      OPENAI_BASE_URL: `http://127.0.0.1:${E2E_PORTS.llm}/v1`,
      OPENAI_API_KEY: "fixture-key",
      AUTH_RATE_LIMIT_PER_IP: "100000",
      AUTH_VERIFY_LIMIT_PER_IP: "100000",
      TELEGRAM_API_ROOT: tg.apiRoot,
      TELEGRAM_BEFORE_BOT_TOKEN: BOTS.before.token,
      TELEGRAM_AFTER_BOT_TOKEN: BOTS.after.token,
      TELEGRAM_BEFORE_BOT_USERNAME: BOTS.before.username,
      TELEGRAM_AFTER_BOT_USERNAME: BOTS.after.username,
      TELEGRAM_POLL_TIMEOUT_SECONDS: "5",
    });
    return {
      app,
      tg,
      async stop() {
        await app.stop();
        await tg.close();
      },
    };
  } catch (error) {
    await tg.close();
    throw error;
  }
}

/**
 * The owner opens the verification deep link the Integration page shows and
 * presses the bot's "Yes, … is my account" button, as in the Telegram app.
 */
export async function confirmOwner(tg: FixtureTelegram, link: string, owner: TelegramUser) {
  const { token } = tg.openLink(link, owner);
  const [question] = await tg.waitForSent(token, owner.id, 1);
  const yes = question?.buttons.find((b) => b.text.startsWith("Yes, "));
  if (!question || !yes) throw new Error("the bot did not ask the owner to confirm");
  tg.press(token, owner, question, yes.text);
  await tg.waitForSent(token, owner.id, 2);
}

/** `friend` writes `text` to the after-bot; resolves with the bot's answer. */
export async function askAfterBot(
  tg: FixtureTelegram,
  friend: TelegramUser,
  text: string,
): Promise<SentMessage> {
  const token = BOTS.after.token;
  const before = tg.sent(token, friend.id).length;
  tg.receive(token, friend, text);
  const [reply] = (await tg.waitForSent(token, friend.id, before + 1, 30_000)).slice(before);
  if (!reply) throw new Error("the after-bot did not answer");
  return reply;
}
