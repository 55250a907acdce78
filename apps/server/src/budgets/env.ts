/**
 * The operator's default budgets (docs/operations.md "Budgets"): model calls,
 * tokens (input + output) and cost in USD each user may spend per UTC day and
 * per UTC month. 0 switches a limit off. Per-user overrides are set with the
 * admin command and stored in `usage_budgets`.
 */
import { z } from "zod";
import { envDecimal, envInt } from "../env-helpers";

/** Environment of the usage budgets. */
export const BudgetsEnvSchema = z.object({
  BUDGET_DAILY_CALLS: envInt(5_000, 0, 1_000_000_000),
  BUDGET_MONTHLY_CALLS: envInt(50_000, 0, 1_000_000_000),
  BUDGET_DAILY_TOKENS: envInt(10_000_000, 0, 1_000_000_000_000),
  BUDGET_MONTHLY_TOKENS: envInt(100_000_000, 0, 1_000_000_000_000),
  BUDGET_DAILY_COST_USD: envDecimal(10, 0, 1_000_000),
  BUDGET_MONTHLY_COST_USD: envDecimal(100, 0, 1_000_000),
});

/** The parsed budget variables. */
export type BudgetsEnv = z.infer<typeof BudgetsEnvSchema>;

/** The pairs of limits whose daily value may not exceed the monthly one. */
const PAIRS = [
  ["BUDGET_DAILY_CALLS", "BUDGET_MONTHLY_CALLS"],
  ["BUDGET_DAILY_TOKENS", "BUDGET_MONTHLY_TOKENS"],
  ["BUDGET_DAILY_COST_USD", "BUDGET_MONTHLY_COST_USD"],
] as const;

/**
 * A daily limit above its monthly one can never be reached: the operator
 * most likely swapped the two. Each such pair is one readable sentence.
 */
export function budgetEnvProblems(env: Partial<BudgetsEnv>): string[] {
  return PAIRS.filter(([day, month]) => {
    const d = env[day] ?? 0;
    const m = env[month] ?? 0;
    return d > 0 && m > 0 && d > m;
  }).map(
    ([day, month]) =>
      `${day} (${env[day]}) is above ${month} (${env[month]}): a day can never spend more than its month. Lower ${day} or raise ${month} (0 switches a limit off).`,
  );
}
