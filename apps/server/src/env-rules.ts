/**
 * Rules that span several variables of the environment (production safety,
 * the LLM providers, the Telegram webhook, mail). `loadEnv` checks them with
 * the rest of the environment, once, before the database is opened or
 * migrated, so a misconfigured deployment stops before doing anything.
 */
import { type BudgetsEnv, budgetEnvProblems } from "./budgets/env";
import { type ProductionInput, productionSafetyProblems } from "./env-production";
import { telegramEnvProblems } from "./integration/env";
import { parseLlmConfig } from "./llm/env";
import { MAIL_NOT_CONFIGURED } from "./mail/transport";

/** The parsed variables the rules read. */
interface RuleInput extends ProductionInput, Partial<BudgetsEnv> {
  NODE_ENV: string;
  PUBLIC_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  SMTP_HOST?: string | undefined;
  TELEGRAM_WEBHOOK_URL?: string | undefined;
  TELEGRAM_WEBHOOK_SECRET?: string | undefined;
}

/** Host names that only ever reach this machine (an http:// PUBLIC_URL is fine there). */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Production must say where it is served, over https: cookies, links in
 * e-mails, the CSRF and socket Origin checks and HSTS all derive from it.
 */
export function productionUrlProblems(env: RuleInput): string[] {
  if (env.NODE_ENV !== "production") return [];
  if (!env.PUBLIC_URL) {
    return [
      "PUBLIC_URL is required in production: set it to the https address users open, such as https://promptune.example.com",
    ];
  }
  const url = new URL(env.PUBLIC_URL);
  if (
    url.protocol === "http:" &&
    !LOOPBACK.has(url.hostname) &&
    !url.hostname.endsWith(".localhost")
  ) {
    return [
      `PUBLIC_URL must use https in production (got ${env.PUBLIC_URL}): session cookies and sign-in links would travel in clear text. Only http://localhost is allowed.`,
    ];
  }
  return [];
}

/**
 * Every cross-variable problem, each as one readable sentence: production
 * URL, LLM providers and roles, Telegram webhook secret, mail in production,
 * production's transport and origin safety (env-production.ts), and daily
 * budgets above monthly ones.
 */
export function crossVariableProblems(
  env: RuleInput,
  source: Record<string, string | undefined>,
): string[] {
  const problems = productionUrlProblems(env);
  problems.push(...productionSafetyProblems(env));
  try {
    parseLlmConfig(source);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  problems.push(...telegramEnvProblems(env));
  problems.push(...budgetEnvProblems(env));
  if (env.NODE_ENV === "production" && !env.SMTP_URL && !env.SMTP_HOST) {
    problems.push(MAIL_NOT_CONFIGURED);
  }
  return problems;
}
