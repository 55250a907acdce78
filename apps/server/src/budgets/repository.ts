/**
 * Storage of the budgets: the usage meter (one row per user and UTC day or
 * month, incremented atomically, so every process adds to the same
 * counters) and the operator's per-user overrides.
 */
import type { LlmUsage } from "@promptune/engine";
import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database, UsageBudgetsTable, UsageMeterTable } from "../db/schema";
import type { BudgetLimits, LimitOverride, PeriodUsage } from "./limits";

/** Usage of both periods. */
export type Usage = Record<keyof BudgetLimits, PeriodUsage>;

const EMPTY: PeriodUsage = { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };

/** A meter row as numbers (PostgreSQL returns bigint columns as strings). */
function usageOf(
  row: Pick<UsageMeterTable, "calls" | "input_tokens" | "output_tokens" | "cost_usd"> | undefined,
): PeriodUsage {
  if (!row) return { ...EMPTY };
  return {
    calls: Number(row.calls),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    costUsd: Number(row.cost_usd),
  };
}

/** A stored override value: null keeps the default. */
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** The usage meter and budget overrides in the database. */
export class BudgetRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds usage to one period's counters atomically; returns the new totals. */
  async addToPeriod(userId: string, usage: LlmUsage, period: string): Promise<PeriodUsage> {
    const row = await this.db
      .insertInto("usage_meter")
      .values({
        user_id: userId,
        period,
        calls: usage.calls,
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        cost_usd: usage.costUsd,
        updated_at: nowIso(),
      })
      .onConflict((oc) =>
        oc.columns(["user_id", "period"]).doUpdateSet((eb) => ({
          calls: eb("usage_meter.calls", "+", usage.calls),
          input_tokens: eb("usage_meter.input_tokens", "+", usage.inputTokens),
          output_tokens: eb("usage_meter.output_tokens", "+", usage.outputTokens),
          cost_usd: eb("usage_meter.cost_usd", "+", usage.costUsd),
          updated_at: nowIso(),
        })),
      )
      .returning(["calls", "input_tokens", "output_tokens", "cost_usd"])
      .executeTakeFirstOrThrow();
    return usageOf(row);
  }

  /** The user's usage in the given day and month (zero when none). */
  async usage(userId: string, periods: { daily: string; monthly: string }): Promise<Usage> {
    const rows = await this.db
      .selectFrom("usage_meter")
      .select(["period", "calls", "input_tokens", "output_tokens", "cost_usd"])
      .where("user_id", "=", userId)
      .where("period", "in", [periods.daily, periods.monthly])
      .execute();
    return {
      daily: usageOf(rows.find((r) => r.period === periods.daily)),
      monthly: usageOf(rows.find((r) => r.period === periods.monthly)),
    };
  }

  /** The operator's overrides for a user (empty when none). */
  async override(userId: string): Promise<LimitOverride> {
    const row = await this.db
      .selectFrom("usage_budgets")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!row) return {};
    return {
      daily: {
        calls: num(row.daily_calls),
        tokens: num(row.daily_tokens),
        costUsd: row.daily_cost_usd,
      },
      monthly: {
        calls: num(row.monthly_calls),
        tokens: num(row.monthly_tokens),
        costUsd: row.monthly_cost_usd,
      },
    };
  }

  /** Sets some of a user's overrides (others keep their stored value). */
  async setOverride(userId: string, override: LimitOverride): Promise<void> {
    const values: Partial<Omit<UsageBudgetsTable, "user_id">> = {};
    const put = <K extends keyof UsageBudgetsTable>(key: K, v: number | null | undefined) => {
      if (v !== undefined) (values as Record<string, unknown>)[key] = v;
    };
    put("daily_calls", override.daily?.calls);
    put("daily_tokens", override.daily?.tokens);
    put("daily_cost_usd", override.daily?.costUsd);
    put("monthly_calls", override.monthly?.calls);
    put("monthly_tokens", override.monthly?.tokens);
    put("monthly_cost_usd", override.monthly?.costUsd);
    const updatedAt = nowIso();
    await this.db
      .insertInto("usage_budgets")
      .values({ user_id: userId, ...values, updated_at: updatedAt })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at: updatedAt }))
      .execute();
  }

  /** Removes a user's overrides: the env defaults apply again. */
  async clearOverride(userId: string): Promise<void> {
    await this.db.deleteFrom("usage_budgets").where("user_id", "=", userId).execute();
  }
}
