import { z } from "zod";

/** An optional env string where an empty value counts as unset. */
export const optionalEnvString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** Treats an empty env value as unset, so `VAR=` in a .env file means "use the default". */
export function emptyAsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);
}

/** An integer env variable with bounds and a default (empty means the default). */
export function envInt(defaultValue: number, min: number, max: number) {
  return emptyAsUnset(z.coerce.number().int().min(min).max(max).default(defaultValue));
}

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
  SMTP_SECURE: optionalEnvString.transform((v) =>
    v === undefined ? undefined : ["1", "true", "yes", "on"].includes(v.toLowerCase()),
  ),
  SMTP_USER: optionalEnvString,
  SMTP_PASS: optionalEnvString,
  MAIL_FROM: optionalEnvString,
});
export type MailEnv = z.infer<typeof MailEnvSchema>;
