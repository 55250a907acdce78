import { z } from "zod";
import {
  envSwitch as flag,
  envInt as int,
  isLoopbackHost,
  optionalEnvString as optionalText,
} from "../env-helpers";

/** Shortest webhook secret accepted (Telegram itself accepts one character). */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;

const botUsername = optionalText.pipe(
  z
    .string()
    .transform((v) => v.replace(/^@/, ""))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_]{3,64}$/, { error: "a bot username has letters, digits and _ only" }),
    )
    .optional(),
);

/**
 * Environment of the Telegram integration, merged into the server's EnvSchema.
 * A bot runs when its token is set (and TELEGRAM_DISABLED is not); the page's
 * bot links come from the *_USERNAME variables, else from getMe. See docs/telegram.md.
 */
export const TelegramEnvSchema = z.object({
  /** BotFather token of the "before" bot (answers with the initial configuration). */
  TELEGRAM_BEFORE_BOT_TOKEN: optionalText,
  /** BotFather token of the "after" bot (answers with the optimized configuration). */
  TELEGRAM_AFTER_BOT_TOKEN: optionalText,
  /** Public usernames of the bots for the page's t.me links (read via getMe when unset). */
  TELEGRAM_BEFORE_BOT_USERNAME: botUsername,
  TELEGRAM_AFTER_BOT_USERNAME: botUsername,
  /** Bot API server root (a self-hosted Bot API server, or a test fixture). */
  TELEGRAM_API_ROOT: z
    .url({ error: "TELEGRAM_API_ROOT must be a URL such as https://api.telegram.org" })
    .default("https://api.telegram.org")
    .transform((v) => v.replace(/\/+$/, "")),
  /** Public base URL Telegram posts updates to (webhook mode); empty means long polling. */
  TELEGRAM_WEBHOOK_URL: optionalText.pipe(
    z
      .url({
        error: "TELEGRAM_WEBHOOK_URL must be an https URL such as https://promptune.example.com",
      })
      .refine((v) => new URL(v).protocol === "https:" || isLoopbackHost(new URL(v).hostname), {
        error:
          "TELEGRAM_WEBHOOK_URL must use https (Telegram only posts to https, and the secret header would travel in clear text); http is allowed on localhost only",
      })
      .optional(),
  ),
  /**
   * Secret Telegram sends with every webhook call: Telegram allows 1–256 of
   * A-Z, a-z, 0-9, _ and -; we require at least WEBHOOK_SECRET_MIN_LENGTH so
   * that it cannot be guessed.
   */
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(new RegExp(`^[A-Za-z0-9_-]{${WEBHOOK_SECRET_MIN_LENGTH},256}$`), {
        error: `TELEGRAM_WEBHOOK_SECRET must be ${WEBHOOK_SECRET_MIN_LENGTH}-256 characters of A-Z, a-z, 0-9, _ and - (e.g. the output of \`openssl rand -hex 32\`)`,
      })
      .optional(),
  ),
  /** Turns both bots off even when tokens are set (e.g. on all but one web instance). */
  TELEGRAM_DISABLED: flag,
  /** Messages of each chat's history kept and sent to the model (older ones are dropped). */
  TELEGRAM_HISTORY_MESSAGES: int(20, 0, 200),
  /** Long-polling timeout of getUpdates in seconds. */
  TELEGRAM_POLL_TIMEOUT_SECONDS: int(30, 0, 50),
});
export type TelegramEnv = z.infer<typeof TelegramEnvSchema>;

/** Webhook mode needs a secret, so that nobody else can post fake updates. */
export function telegramEnvProblems(
  env: Pick<TelegramEnv, "TELEGRAM_WEBHOOK_URL" | "TELEGRAM_WEBHOOK_SECRET">,
): string[] {
  return env.TELEGRAM_WEBHOOK_URL && !env.TELEGRAM_WEBHOOK_SECRET
    ? ["TELEGRAM_WEBHOOK_SECRET is required when TELEGRAM_WEBHOOK_URL is set"]
    : [];
}
