/**
 * `admin budget …`: the operator's per-user budget overrides (docs/operations.md
 * "Budgets"). `show` prints a user's limits and usage, `set` overrides some
 * limits (0 switches one off, `default` returns it to the env default),
 * `clear` removes every override.
 */
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { findUserByEmail } from "../auth/users";
import type { BudgetsEnv } from "../budgets/env";
import type { LimitOverride } from "../budgets/limits";
import { BudgetRepository } from "../budgets/repository";
import { BudgetService } from "../budgets/service";
import type { Database } from "../db/schema";

/** Where the command writes; tests capture it. */
export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

/** The limit options of `set`: option name → period and dimension. */
const LIMIT_OPTIONS = {
  "daily-calls": ["daily", "calls"],
  "monthly-calls": ["monthly", "calls"],
  "daily-tokens": ["daily", "tokens"],
  "monthly-tokens": ["monthly", "tokens"],
  "daily-cost": ["daily", "costUsd"],
  "monthly-cost": ["monthly", "costUsd"],
} as const;

export const BUDGET_USAGE = `Usage:
  admin budget show  --email <address>
  admin budget set   --email <address> [--daily-calls N] [--monthly-calls N]
                     [--daily-tokens N] [--monthly-tokens N]
                     [--daily-cost USD] [--monthly-cost USD]
  admin budget clear --email <address>
A limit of 0 switches it off for that user; "default" returns it to the
environment's default (BUDGET_* variables).`;

/** A limit value from the command line: a number ≥ 0 (integer unless cost), or `default` (null). */
function limitValue(name: string, raw: string): number | null {
  if (raw.trim().toLowerCase() === "default") return null;
  const value = Number(raw);
  const isCost = name.endsWith("-cost");
  if (!raw.trim() || !Number.isFinite(value) || value < 0 || (!isCost && !Number.isInteger(value)))
    throw new Error(
      `--${name} must be ${isCost ? "an amount in USD" : "a whole number"} of 0 or more, or "default" (got "${raw}")`,
    );
  return value;
}

/** "5,000" or "no limit". */
const show = (v: number | null, cost = false) =>
  v === null ? "no limit" : cost ? `$${v.toFixed(2)}` : v.toLocaleString("en-US");

/** Runs `admin budget <args>`; returns the process exit code (0 done, 1 failed, 2 bad usage). */
export async function budgetCommand(
  args: string[],
  deps: { db: Kysely<Database>; env: BudgetsEnv; output: AdminOutput },
): Promise<number> {
  const { output } = deps;
  const [action, ...rest] = args;
  let parsed: ReturnType<typeof parseArgs<{ options: Record<string, { type: "string" }> }>>;
  try {
    parsed = parseArgs({
      args: rest,
      options: Object.fromEntries(
        ["email", ...Object.keys(LIMIT_OPTIONS)].map((k) => [k, { type: "string" as const }]),
      ),
      strict: true,
    });
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : error}\n${BUDGET_USAGE}`);
    return 2;
  }
  const values = parsed.values as Record<string, string | undefined>;
  if (!action || !["show", "set", "clear"].includes(action) || !values.email) {
    output.err(BUDGET_USAGE);
    return 2;
  }
  const user = await findUserByEmail(deps.db, values.email);
  if (!user) {
    output.err(`No user has the e-mail address ${values.email}.`);
    return 1;
  }
  const repository = new BudgetRepository(deps.db);
  if (action === "set") {
    const override: LimitOverride = {};
    try {
      for (const [name, [period, dimension]] of Object.entries(LIMIT_OPTIONS)) {
        const raw = values[name];
        if (raw === undefined) continue;
        override[period] = { ...override[period], [dimension]: limitValue(name, raw) };
      }
    } catch (error) {
      output.err(error instanceof Error ? error.message : String(error));
      return 2;
    }
    if (Object.keys(override).length === 0) {
      output.err(`Name at least one limit to set.\n${BUDGET_USAGE}`);
      return 2;
    }
    await repository.setOverride(user.id, override);
  } else if (action === "clear") {
    await repository.clearOverride(user.id);
  }
  const report = await new BudgetService(repository, deps.env).report(user.id);
  output.out(`Budget of ${user.email}:`);
  for (const [label, p] of [
    ["today", report.day],
    ["this month", report.month],
  ] as const) {
    output.out(
      `  ${label} (${p.period}): ${p.used.calls.toLocaleString("en-US")} of ${show(p.limits.calls)} calls, ${p.used.tokens.toLocaleString("en-US")} of ${show(p.limits.tokens)} tokens, $${p.used.cost_usd.toFixed(2)} of ${show(p.limits.cost_usd, true)}`,
    );
  }
  return 0;
}
