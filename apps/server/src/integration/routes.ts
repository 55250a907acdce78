import { timingSafeEqual } from "node:crypto";
import {
  type BotLinks,
  DEFAULTS,
  type Integration,
  TEMPERATURE,
  type TelegramVerification,
} from "@promptune/contracts";
import type { FastifyInstance } from "fastify";
import { VersionStore } from "../deploys/versions";
import { HttpError, notFound, unauthorized } from "../errors";
import { requireUser } from "../http/auth-guard";
import { IntegrationRepository } from "./repository";
import type { BotKind } from "./telegram/messages";
import { parseIntegration } from "./validation";
import { VerificationRepository, verifyLink } from "./verification";

/** The integration GET answers before anything is saved (spec §4 defaults). */
export function defaultIntegration(models: string[], gatewayDefault: string): Integration {
  const model = models.includes(DEFAULTS.model) ? DEFAULTS.model : gatewayDefault;
  const config = { model_name: model, prompt: "", temperature: TEMPERATURE.default };
  return { username: "", friends_usernames: [], init_config: config, opti_config: { ...config } };
}

const SECRET_HEADER = "x-telegram-bot-api-secret-token";

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET/POST /telegram/integration (one integration per signed-in user, spec
 * §7), GET /telegram/bots (the bot links, public) and, in webhook mode,
 * POST /telegram/webhook/:bot for Telegram.
 */
export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  const { db, env, llm } = app.deps;
  const repo = new IntegrationRepository(db);
  const verifications = new VerificationRepository(db);
  const versions = new VersionStore(db);

  /** t.me links of the two bots: configured usernames, else what getMe said. */
  const botLinks = (): BotLinks => {
    const link = (kind: BotKind, configured: string | undefined) => {
      const name = configured ?? app.deps.telegram?.username(kind);
      return name ? `https://t.me/${name}` : "";
    };
    return {
      before: link("before", env.TELEGRAM_BEFORE_BOT_USERNAME),
      after: link("after", env.TELEGRAM_AFTER_BOT_USERNAME),
    };
  };

  /** The page's verification state: verified, else the deep link through the before (or after) bot. */
  const verificationOf = async (userId: string): Promise<TelegramVerification> => {
    const state = await verifications.state(userId);
    if (!state) return { verified: false, link: "" };
    const bots = botLinks();
    return { verified: state.verified, link: verifyLink(bots.before || bots.after, state.code) };
  };

  app.get("/telegram/integration", async (request) => {
    const user = await requireUser(request);
    const stored = await repo.get(user.id);
    const integration = stored
      ? {
          username: stored.username,
          friends_usernames: stored.friends_usernames,
          init_config: stored.init_config,
          opti_config: stored.opti_config,
        }
      : defaultIntegration(llm.listModels(), llm.defaultModel);
    // The after configuration shown is what the after-bot serves: the active deployed version
    // (a deploy before the integration was ever saved has no row to mirror it into).
    const served = await versions.active(user.id);
    if (served) integration.opti_config = served.config;
    const verification = await verificationOf(user.id);
    return { success: true, data: { ...integration, bots: botLinks(), verification } };
  });

  // Public: the page shows the bot links to signed-out visitors too.
  app.get("/telegram/bots", async () => ({ success: true, data: botLinks() }));

  app.post("/telegram/integration", async (request) => {
    const user = await requireUser(request);
    const integration = parseIntegration(request.body);
    await repo.save(user.id, integration);
    // Saving a changed after configuration deploys it as a new version (no run, so no gate).
    await versions.recordSave(user.id, integration.opti_config, user.email);
    const verification = await verificationOf(user.id);
    return { success: true, data: { ...integration, bots: botLinks(), verification } };
  });

  app.post("/telegram/webhook/:bot", async (request, reply) => {
    const telegram = app.deps.telegram;
    const bot = (request.params as { bot: string }).bot;
    // Off bots (no token, TELEGRAM_DISABLED) have no webhook: 404, as for an unknown bot.
    if (
      telegram?.mode !== "webhook" ||
      (bot !== "before" && bot !== "after") ||
      !telegram.runs(bot)
    )
      throw notFound();
    if (!sameSecret(request.headers[SECRET_HEADER], telegram.webhookSecret ?? ""))
      throw unauthorized("Bad secret.");
    const update = request.body;
    if (update === null || typeof update !== "object" || !("update_id" in update)) {
      return reply.status(400).send({ ok: false, description: "Not a Telegram update" });
    }
    if (!(await telegram.handleUpdate(bot, update))) {
      throw new HttpError(503, "The bot is starting; please retry.", { code: "bot_not_ready" });
    }
    return { ok: true };
  });
}
