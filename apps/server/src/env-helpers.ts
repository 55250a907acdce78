/**
 * The one set of zod helpers every environment schema is written with (the
 * server shell's and each feature's), so that an empty value, a number or a
 * flag reads the same way whichever variable it is.
 */
import { z } from "zod";

/** An optional env string, trimmed; an empty value counts as unset. */
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

/** Words that turn a flag on ("1", "true", "yes", "on", any case). */
const TRUE_WORDS = ["1", "true", "yes", "on"];

/** A boolean flag: true for "1", "true", "yes", "on"; undefined when unset or blank. */
export const envFlag = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined || v.trim() === "" ? undefined : TRUE_WORDS.includes(v.trim().toLowerCase()),
  );

/** A boolean flag that is false when unset. */
export const envSwitch = envFlag.transform((v) => v ?? false);
