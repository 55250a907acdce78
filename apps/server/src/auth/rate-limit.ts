import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { tooManyRequests } from "../errors";
import type { AuthEnv } from "./env";
import { countRecentRequests } from "./login-tokens";

/** Messages of the sign-in rate limits. */
export const RATE_LIMIT_MESSAGES = {
  email:
    "Too many sign-in e-mails were requested for this address. Please wait a few minutes and try again.",
  ip: "Too many sign-in requests from your network. Please wait a few minutes and try again.",
  verify: "Too many sign-in attempts. Please wait a few minutes and try again.",
} as const;

/**
 * Refuses a sign-in mail (link or code) when the address or the client IP has
 * asked for too many within the window. Counting the stored pending-sign-in
 * rows makes the limit hold across every server instance sharing the database.
 */
export async function assertMailRequestAllowed(
  db: Kysely<Database>,
  env: AuthEnv,
  input: { email: string; ip: string },
): Promise<void> {
  const windowMs = env.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const { byEmail, byIp } = await countRecentRequests(db, {
    ...input,
    since: new Date(Date.now() - windowMs),
  });
  const retryAfter = env.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60;
  if (byIp >= env.AUTH_RATE_LIMIT_PER_IP) throw tooManyRequests(RATE_LIMIT_MESSAGES.ip, retryAfter);
  if (byEmail >= env.AUTH_RATE_LIMIT_PER_EMAIL) {
    throw tooManyRequests(RATE_LIMIT_MESSAGES.email, retryAfter);
  }
}
