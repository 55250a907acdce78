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

/**
 * Whether the integration's Telegram username is verified as the owner's
 * (GET/POST /telegram/integration `verification`). Until it is, `link` is
 * the one-time deep link (https://t.me/<bot>?start=<code>) the owner opens
 * from that Telegram account; "" when verified or when no bot link is known.
 */
export const TelegramVerificationSchema = z.object({ verified: z.boolean(), link: z.string() });
export type TelegramVerification = z.infer<typeof TelegramVerificationSchema>;

/** Bot links the integration page shows (from server configuration). */
export const BotLinksSchema = z.object({ before: z.string(), after: z.string() });
export type BotLinks = z.infer<typeof BotLinksSchema>;
