import { z } from "zod";
import { SingleAgentConfigSchema } from "./agents";

/** Most friends one integration may list. */
export const MAX_FRIENDS = 50;

const TelegramNameSchema = z
  .string({ error: "username must be text" })
  .trim()
  .max(64, { error: "a username must be at most 64 characters" });

/** POST /telegram/integration body and GET response data (spec §3 integration record). */
export const IntegrationSchema = z.object({
  username: TelegramNameSchema,
  friends_usernames: z
    .array(TelegramNameSchema)
    .max(MAX_FRIENDS, { error: `at most ${MAX_FRIENDS} friends are allowed` }),
  init_config: SingleAgentConfigSchema,
  opti_config: SingleAgentConfigSchema,
});
export type Integration = z.infer<typeof IntegrationSchema>;

/** Bot links the integration page shows (from server configuration). */
export const BotLinksSchema = z.object({ before: z.string(), after: z.string() });
export type BotLinks = z.infer<typeof BotLinksSchema>;
