import { z } from "zod";
import { emptyAsUnset, envInt, MailEnvSchema, optionalEnvString } from "../mail/env";

/**
 * Environment of accounts and mail, merged into the server's EnvSchema.
 * Google sign-in is on when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set;
 * OIDC_ISSUER points it at any other OpenID Connect provider.
 */
export const AuthEnvSchema = z.object({
  ...MailEnvSchema.shape,
  OIDC_ISSUER: emptyAsUnset(
    z
      .url({ error: "OIDC_ISSUER must be an absolute URL such as https://accounts.google.com" })
      .default("https://accounts.google.com"),
  ),
  GOOGLE_CLIENT_ID: optionalEnvString,
  GOOGLE_CLIENT_SECRET: optionalEnvString,
  /** Sign-in mails (links and codes) one address may receive per window. */
  AUTH_RATE_LIMIT_PER_EMAIL: envInt(5, 1, 1_000_000),
  /** Sign-in mails one client IP may request per window. */
  AUTH_RATE_LIMIT_PER_IP: envInt(20, 1, 1_000_000),
  /** Code checks and link/Google callbacks one client IP may make per window. */
  AUTH_VERIFY_LIMIT_PER_IP: envInt(30, 1, 1_000_000),
  /** Length of the rate-limit window in minutes. */
  AUTH_RATE_LIMIT_WINDOW_MINUTES: envInt(15, 1, 1440),
});
export type AuthEnv = z.infer<typeof AuthEnvSchema>;
