import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hitSharedLimit } from "../http/shared-rate-limit";
import type { AuthEnv } from "./env";

/** Messages of the sign-in rate limits. */
export const RATE_LIMIT_MESSAGES = {
  email:
    "Too many sign-in e-mails were requested for this address. Please wait a few minutes and try again.",
  ip: "Too many sign-in requests from your network. Please wait a few minutes and try again.",
  verify: "Too many sign-in attempts. Please wait a few minutes and try again.",
} as const;

/**
 * Counts a sign-in mail request (link or code) against the client IP's and
 * the address's limits and throws 429 once either is used up. Both counters
 * are shared database rows incremented atomically (one upsert each, see
 * hitSharedLimit), so concurrent requests and every server instance sharing
 * the database see every hit: counting the stored pending-sign-in rows and
 * then inserting one let concurrent requests all read the same count.
 * The IP is counted first, so a request refused for its IP does not use up
 * the address's allowance.
 */
export async function assertMailRequestAllowed(
  db: Kysely<Database>,
  env: AuthEnv,
  input: { email: string; ip: string },
): Promise<void> {
  const windowMs = env.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  await hitSharedLimit(
    db,
    { name: "mail-ip", max: env.AUTH_RATE_LIMIT_PER_IP, windowMs, message: RATE_LIMIT_MESSAGES.ip },
    input.ip,
  );
  await hitSharedLimit(
    db,
    {
      name: "mail-email",
      max: env.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMs,
      message: RATE_LIMIT_MESSAGES.email,
    },
    input.email,
  );
}
