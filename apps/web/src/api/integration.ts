/** The Telegram integration calls (spec §7): read and save the user's integration. */
import type { BotLinks, Integration, TelegramVerification } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

/**
 * GET/POST /telegram/integration data: the integration plus the before/after
 * bot links and whether its Telegram username is verified.
 */
export type IntegrationWithBots = Integration & {
  bots: BotLinks;
  verification?: TelegramVerification;
};

const integrationWithBots = lazySchema((c) =>
  c.IntegrationSchema.extend({
    bots: c.BotLinksSchema,
    verification: c.TelegramVerificationSchema.optional(),
  }),
);
const botLinks = lazySchema((c) => c.BotLinksSchema);

/** GET /telegram/integration: the saved integration, or the server's defaults. */
export function fetchIntegration(): Promise<IntegrationWithBots> {
  return api.get("/telegram/integration", { schema: integrationWithBots });
}

/** POST /telegram/integration: saves (replaces) the integration; returns it normalised. */
export function saveIntegration(integration: Integration): Promise<IntegrationWithBots> {
  return api.post("/telegram/integration", integration, { schema: integrationWithBots });
}

/** GET /telegram/bots: the before/after bot links (public, for signed-out visitors). */
export function fetchBotLinks(): Promise<BotLinks> {
  return api.get("/telegram/bots", { schema: botLinks });
}
