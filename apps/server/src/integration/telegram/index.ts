/**
 * The Telegram bots' lifecycle: `startTelegramBots` creates the "before" and
 * "after" bots (grammY) from their tokens, runs them by long polling or
 * webhook, and exposes the running runtime as `deps.telegram` for the webhook
 * routes and the page's bot links. See docs/telegram.md.
 */
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app";
import { VersionStore } from "../../deploys/versions";
import { RatingStore } from "../../feedback/ratings";
import { IntegrationRepository } from "../repository";
import { VerificationRepository } from "../verification";
import { createBot, type TelegramBot } from "./bot";
import { ChatHistoryStore } from "./history";
import { BOT_KINDS, type BotKind } from "./messages";
import { ChatQueue } from "./queue";

/** Running bots, as the routes see them. */
export interface TelegramRuntime {
  mode: "polling" | "webhook";
  /** Secret Telegram must send with webhook calls (webhook mode). */
  webhookSecret: string | undefined;
  /** Whether this bot is switched on (its token is set); a switched-off bot has no webhook. */
  runs(kind: BotKind): boolean;
  /** A running bot's username (from getMe), once known. */
  username(kind: BotKind): string | undefined;
  /** Feeds a webhook update to a bot; false when that bot does not run or is not ready yet. */
  handleUpdate(kind: BotKind, update: unknown): Promise<boolean>;
}

declare module "../../app" {
  interface AppDeps {
    /** The running Telegram bots; absent when they are off. */
    telegram?: TelegramRuntime;
  }
}

/** What buildApp keeps: how to stop the bots. */
export interface TelegramBotsHandle {
  stop(): Promise<void>;
}

/** How long stop() waits for replies in progress. */
const DRAIN_MS = 5_000;

/**
 * Starts the bots whose tokens are set, unless TELEGRAM_DISABLED (the
 * variables were checked by `loadEnv`, webhook secret included); logs
 * whether they run and how. Never blocks on Telegram: connecting (and
 * retrying) happens in the background.
 */
export async function startTelegramBots(
  deps: AppDeps,
  log: FastifyBaseLogger,
): Promise<TelegramBotsHandle> {
  const { env } = deps;
  const tokens: Partial<Record<BotKind, string>> = {
    before: env.TELEGRAM_BEFORE_BOT_TOKEN,
    after: env.TELEGRAM_AFTER_BOT_TOKEN,
  };
  const kinds = BOT_KINDS.filter((k) => tokens[k]);
  if (env.TELEGRAM_DISABLED || kinds.length === 0) {
    log.info(
      env.TELEGRAM_DISABLED
        ? "Telegram bots are off (TELEGRAM_DISABLED)"
        : "Telegram bots are off: set TELEGRAM_BEFORE_BOT_TOKEN and TELEGRAM_AFTER_BOT_TOKEN to turn them on",
    );
    return { stop: async () => undefined };
  }
  const mode = env.TELEGRAM_WEBHOOK_URL ? "webhook" : "polling";
  const queue = new ChatQueue();
  const conversation = {
    integrations: new IntegrationRepository(deps.db),
    verification: new VerificationRepository(deps.db),
    history: new ChatHistoryStore(deps.db, env.TELEGRAM_HISTORY_MESSAGES),
    ratings: new RatingStore(deps.db),
    versions: new VersionStore(deps.db),
    llm: deps.llm,
    log,
  };
  const bots = new Map<BotKind, TelegramBot>();
  for (const kind of kinds) {
    bots.set(
      kind,
      createBot({
        kind,
        token: tokens[kind] as string,
        apiRoot: env.TELEGRAM_API_ROOT,
        mode,
        webhookUrl: env.TELEGRAM_WEBHOOK_URL
          ? `${env.TELEGRAM_WEBHOOK_URL.replace(/\/+$/, "")}/api/telegram/webhook/${kind}`
          : undefined,
        webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
        pollTimeoutSeconds: env.TELEGRAM_POLL_TIMEOUT_SECONDS,
        queue,
        conversation,
        log,
      }),
    );
  }
  log.info({ bots: kinds, mode, apiRoot: env.TELEGRAM_API_ROOT }, "Telegram bots starting");
  for (const bot of bots.values()) bot.start();
  deps.telegram = {
    mode,
    webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
    runs: (kind) => bots.has(kind),
    username: (kind) => bots.get(kind)?.username(),
    handleUpdate: async (kind, update) => (await bots.get(kind)?.handleUpdate(update)) ?? false,
  };
  return {
    async stop() {
      delete deps.telegram;
      await Promise.all([...bots.values()].map((b) => b.stop()));
      await queue.drain(DRAIN_MS);
      log.info("Telegram bots stopped");
    },
  };
}
