/**
 * Production rules on how the server talks to other services and which
 * browser origins it trusts (issue 21, item 7). `crossVariableProblems`
 * runs them with the other cross-variable rules, before the database is
 * opened, each problem one sentence naming its variable.
 */
import { isLoopbackHost, isPrivateHost } from "./env-helpers";

/** The parsed variables these rules read. */
export interface ProductionInput {
  NODE_ENV: string;
  PUBLIC_URL?: string | undefined;
  ALLOWED_ORIGINS?: string[] | undefined;
  SMTP_URL?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  TELEGRAM_API_ROOT?: string | undefined;
  LOCAL_MODEL_URL?: string | undefined;
}

/**
 * `smtp://user:pass@host` logs in over plain SMTP unless the server offers
 * STARTTLS, and a man in the middle can strip that offer: the password then
 * travels in clear text. Production needs `smtps://`, or `?requireTLS=true`
 * (nodemailer then refuses to log in without STARTTLS), or a loopback relay.
 */
export function smtpProblems(env: ProductionInput): string[] {
  if (!env.SMTP_URL) return [];
  const url = new URL(env.SMTP_URL);
  if (url.protocol !== "smtp:" || !url.password || isLoopbackHost(url.hostname)) return [];
  if (url.searchParams.get("requireTLS") === "true") return [];
  return [
    `SMTP_URL sends the SMTP password over plain smtp:// to ${url.hostname}: use smtps:// (port 465) or add ?requireTLS=true so that it is only sent after STARTTLS`,
  ];
}

/** Variables naming a service the server calls, and what travels to it. */
const SERVICE_URLS = [
  ["OPENAI_BASE_URL", "the API key and every prompt"],
  ["TELEGRAM_API_ROOT", "the bot tokens and every message"],
  ["LOCAL_MODEL_URL", "the model file the server will execute"],
] as const;

/**
 * An http:// service URL is refused in production unless its host cannot be
 * on the public internet (loopback, a private network address, or a
 * single-label container name such as `http://ollama:11434/v1`).
 */
export function serviceUrlProblems(env: ProductionInput): string[] {
  const problems: string[] = [];
  for (const [name, carries] of SERVICE_URLS) {
    const value = env[name];
    if (!value) continue;
    const url = new URL(value);
    if (url.protocol === "http:" && !isPrivateHost(url.hostname)) {
      problems.push(
        `${name} must use https in production (got ${value}): ${carries} would travel in clear text. http is allowed only on localhost and private-network hosts`,
      );
    }
  }
  return problems;
}

/** The parent domain sites of PUBLIC_URL share (app.example.com → example.com). */
function siteOf(hostname: string): string {
  const labels = hostname.toLowerCase().split(".");
  return labels.length > 2 ? labels.slice(1).join(".") : labels.join(".");
}

/**
 * In production, each ALLOWED_ORIGINS entry must be https on PUBLIC_URL's
 * own site (its host, or a sibling or child under the same parent domain):
 * a foreign origin would let another site's pages call the API with the
 * users' cookies. A loopback origin is allowed only when PUBLIC_URL is one.
 */
export function allowedOriginProblems(env: ProductionInput): string[] {
  if (!env.PUBLIC_URL || !env.ALLOWED_ORIGINS?.length) return [];
  const publicHost = new URL(env.PUBLIC_URL).hostname;
  const site = siteOf(publicHost);
  const problems: string[] = [];
  for (const origin of env.ALLOWED_ORIGINS) {
    const url = new URL(origin);
    const local = isLoopbackHost(url.hostname) && isLoopbackHost(publicHost);
    const host = url.hostname.toLowerCase();
    const sameSite = host === site || host.endsWith(`.${site}`);
    if (local) continue;
    if (url.protocol !== "https:") {
      problems.push(`ALLOWED_ORIGINS entry ${origin} must use https in production`);
    } else if (!sameSite) {
      problems.push(
        `ALLOWED_ORIGINS entry ${origin} is foreign to PUBLIC_URL (${env.PUBLIC_URL}): only origins under ${site} may call the API in production`,
      );
    }
  }
  return problems;
}

/** Every production transport and origin problem (none outside production). */
export function productionSafetyProblems(env: ProductionInput): string[] {
  if (env.NODE_ENV !== "production") return [];
  return [...smtpProblems(env), ...serviceUrlProblems(env), ...allowedOriginProblems(env)];
}
