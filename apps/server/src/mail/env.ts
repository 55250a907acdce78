import { z } from "zod";
import { envFlag, envInt, optionalEnvString } from "../env-helpers";

export { emptyAsUnset, envInt, optionalEnvString } from "../env-helpers";

/**
 * Mail variables: either `SMTP_URL` (e.g. smtps://user:pass@smtp.example.com:465)
 * or host/port/user/pass. With neither, development and tests print mails to
 * the log and production refuses to start.
 */
export const MailEnvSchema = z.object({
  SMTP_URL: optionalEnvString.refine((v) => !v || /^smtps?:\/\//.test(v), {
    error: "SMTP_URL must start with smtp:// or smtps://",
  }),
  SMTP_HOST: optionalEnvString,
  SMTP_PORT: envInt(587, 1, 65535),
  SMTP_SECURE: envFlag,
  SMTP_USER: optionalEnvString,
  SMTP_PASS: optionalEnvString,
  MAIL_FROM: optionalEnvString,
});
export type MailEnv = z.infer<typeof MailEnvSchema>;
