/** The Telegram integration calls (spec §7): read and save the user's integration. */
import { BotLinksSchema, type Integration, IntegrationSchema } from "@promptune/contracts";
import type { z } from "zod";
import { api } from "./client";

/** GET/POST /telegram/integration data: the integration plus the before/after bot links. */
export const IntegrationWithBotsSchema = IntegrationSchema.extend({ bots: BotLinksSchema });
export type IntegrationWithBots = z.infer<typeof IntegrationWithBotsSchema>;

/** GET /telegram/integration: the saved integration, or the server's defaults. */
export function fetchIntegration(): Promise<IntegrationWithBots> {
  return api.get("/telegram/integration", { schema: IntegrationWithBotsSchema });
}

/** POST /telegram/integration: saves (replaces) the integration; returns it normalised. */
export function saveIntegration(integration: Integration): Promise<IntegrationWithBots> {
  return api.post("/telegram/integration", integration, { schema: IntegrationWithBotsSchema });
}

/** GET /telegram/bots: the before/after bot links (public, for signed-out visitors). */
export function fetchBotLinks(): Promise<z.infer<typeof BotLinksSchema>> {
  return api.get("/telegram/bots", { schema: BotLinksSchema });
}
