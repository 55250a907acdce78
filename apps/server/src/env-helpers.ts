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

/**
 * An integer env variable with bounds and a default (empty means the default).
 * Only plain decimal digits are read: `1e9`, `0x10` or `12abc` are refused
 * rather than coerced, and the bounds keep a limit from being non-positive
 * (where that would switch a protection off) or absurdly large.
 */
export function envInt(defaultValue: number, min: number, max: number) {
  return emptyAsUnset(boundedInt(min, max).default(defaultValue));
}

/** Like `envInt`, without a default: unset or empty stays undefined. */
export function optionalEnvInt(min: number, max: number) {
  return emptyAsUnset(boundedInt(min, max).optional());
}

function boundedInt(min: number, max: number) {
  const range = `a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, { error: `must be ${range}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `must be ${range}` })
        .max(max, { error: `must be ${range}` }),
    );
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

/** True for names and addresses that only reach this machine (localhost, *.localhost, 127/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * True for hosts that cannot be on the public internet: loopback, private
 * IPv4 ranges (10/8, 172.16/12, 192.168/16, 169.254/16), IPv6 unique-local
 * and link-local addresses, and single-label names (a container or service
 * name such as `ollama`), which public DNS never resolves.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (isLoopbackHost(host)) return true;
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    return (
      a === 10 ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31)
    );
  }
  if (host.includes(":")) return /^(f[cd][0-9a-f]{2}|fe[89ab][0-9a-f]):/.test(host);
  return !host.includes(".");
}

/**
 * Why `entry` is not a bare web origin (`https://host[:port]`), or null when
 * it is. A wildcard, a path, a query or credentials are refused: the list is
 * compared with the browser's Origin header, and `*` would let any site act
 * for a signed-in user.
 */
export function originProblem(entry: string): string | null {
  if (entry.includes("*")) {
    return `"${entry}" is not allowed: a wildcard would let any web site call the API as a signed-in user; list exact origins such as https://app.example.com`;
  }
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `"${entry}" is not an origin; write scheme://host[:port], such as https://app.example.com`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return `"${entry}" must be an http(s) origin, such as https://app.example.com`;
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/")
    return `"${entry}" must be an origin only (scheme://host[:port]) with no path, query or credentials`;
  return null;
}

/** A decimal env variable (such as an amount in USD) with bounds and a default (empty means the default). */
export function envDecimal(defaultValue: number, min: number, max: number) {
  return emptyAsUnset(z.coerce.number().min(min).max(max).default(defaultValue));
}
