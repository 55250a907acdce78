/**
 * Budget limits and periods: what a user may spend per UTC day and month
 * (env defaults, overridden per user by the operator), and the arithmetic of
 * what is left.
 */
import type { BudgetsEnv } from "./env";

/** One period's limits; null means no limit. */
export interface PeriodLimits {
  calls: number | null;
  tokens: number | null;
  costUsd: number | null;
}

/** Limits of both periods. */
export interface BudgetLimits {
  daily: PeriodLimits;
  monthly: PeriodLimits;
}

/** What a user spent in one period. */
export interface PeriodUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** An override as stored: null keeps the default, 0 switches the limit off. */
export type LimitOverride = Partial<Record<keyof BudgetLimits, Partial<PeriodLimits>>>;

/** A stored limit value as a limit: 0 (off) becomes null. */
const asLimit = (v: number): number | null => (v > 0 ? v : null);

/** The operator's defaults from the environment. */
export function defaultLimits(env: BudgetsEnv): BudgetLimits {
  return {
    daily: {
      calls: asLimit(env.BUDGET_DAILY_CALLS),
      tokens: asLimit(env.BUDGET_DAILY_TOKENS),
      costUsd: asLimit(env.BUDGET_DAILY_COST_USD),
    },
    monthly: {
      calls: asLimit(env.BUDGET_MONTHLY_CALLS),
      tokens: asLimit(env.BUDGET_MONTHLY_TOKENS),
      costUsd: asLimit(env.BUDGET_MONTHLY_COST_USD),
    },
  };
}

/** The defaults with a user's overrides applied (an override of 0 means no limit). */
export function applyOverride(defaults: BudgetLimits, override: LimitOverride): BudgetLimits {
  const merge = (base: PeriodLimits, o: Partial<PeriodLimits> | undefined): PeriodLimits => ({
    calls: o?.calls == null ? base.calls : asLimit(o.calls),
    tokens: o?.tokens == null ? base.tokens : asLimit(o.tokens),
    costUsd: o?.costUsd == null ? base.costUsd : asLimit(o.costUsd),
  });
  return {
    daily: merge(defaults.daily, override.daily),
    monthly: merge(defaults.monthly, override.monthly),
  };
}

/** The UTC day and month of `now`, their meter keys and when each resets. */
export function periodsOf(now: Date) {
  const day = now.toISOString().slice(0, 10);
  const month = day.slice(0, 7);
  const nextDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    daily: { label: day, key: `d:${day}`, resetsAt: nextDay },
    monthly: { label: month, key: `m:${month}`, resetsAt: nextMonth },
  };
}

/** The dimensions a budget counts, with their names in messages. */
export const DIMENSIONS = [
  { limit: "calls", noun: "model calls", used: (u: PeriodUsage) => u.calls },
  { limit: "tokens", noun: "tokens", used: (u: PeriodUsage) => u.inputTokens + u.outputTokens },
  { limit: "costUsd", noun: "USD", used: (u: PeriodUsage) => u.costUsd },
] as const;

/** A limit that is reached, or one an amount would exceed. */
export interface Shortfall {
  period: keyof BudgetLimits;
  dimension: (typeof DIMENSIONS)[number]["limit"];
  limit: number;
  used: number;
  left: number;
}

/**
 * The first limit of either period that `need` (per dimension; 0 to ask
 * whether anything is left at all) does not fit into, or null when all fit.
 */
export function firstShortfall(
  limits: BudgetLimits,
  usage: Record<keyof BudgetLimits, PeriodUsage>,
  need: Record<Shortfall["dimension"], number>,
): Shortfall | null {
  for (const period of ["daily", "monthly"] as const) {
    for (const d of DIMENSIONS) {
      const limit = limits[period][d.limit];
      if (limit === null) continue;
      const used = d.used(usage[period]);
      const left = Math.max(0, limit - used);
      const needed = need[d.limit];
      if (needed > 0 ? needed > left : left <= 0) {
        return { period, dimension: d.limit, limit, used, left };
      }
    }
  }
  return null;
}
