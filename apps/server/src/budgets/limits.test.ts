import { describe, expect, it } from "vitest";
import { BudgetsEnvSchema, budgetEnvProblems } from "./env";
import {
  applyOverride,
  type BudgetLimits,
  defaultLimits,
  firstShortfall,
  periodsOf,
} from "./limits";

const used = (calls: number, tokens = 0, costUsd = 0) => ({
  calls,
  inputTokens: tokens,
  outputTokens: 0,
  costUsd,
});

const limits: BudgetLimits = {
  daily: { calls: 100, tokens: 1_000, costUsd: 1 },
  monthly: { calls: 1_000, tokens: null, costUsd: 10 },
};

describe("budget limits", () => {
  it("reads the env defaults, 0 switching a limit off", () => {
    const env = BudgetsEnvSchema.parse({ BUDGET_DAILY_CALLS: "0", BUDGET_MONTHLY_COST_USD: "2.5" });
    expect(defaultLimits(env)).toEqual({
      daily: { calls: null, tokens: 10_000_000, costUsd: 10 },
      monthly: { calls: 50_000, tokens: 100_000_000, costUsd: 2.5 },
    });
    expect(BudgetsEnvSchema.safeParse({ BUDGET_DAILY_CALLS: "-1" }).success).toBe(false);
    expect(BudgetsEnvSchema.safeParse({ BUDGET_DAILY_COST_USD: "ten" }).success).toBe(false);
  });

  it("applies overrides: a value replaces the default, 0 removes the limit, null keeps it", () => {
    const merged = applyOverride(limits, {
      daily: { calls: 5, tokens: 0, costUsd: null },
      monthly: { tokens: 42 },
    });
    expect(merged).toEqual({
      daily: { calls: 5, tokens: null, costUsd: 1 },
      monthly: { calls: 1_000, tokens: 42, costUsd: 10 },
    });
  });

  it("admits a call while every limit has room and names the first one reached", () => {
    const one = { calls: 1, tokens: 0, costUsd: 0 };
    expect(firstShortfall(limits, { daily: used(99), monthly: used(99) }, one)).toBeNull();
    expect(firstShortfall(limits, { daily: used(100), monthly: used(100) }, one)).toEqual({
      period: "daily",
      dimension: "calls",
      limit: 100,
      used: 100,
      left: 0,
    });
    // tokens and cost: refused only once nothing is left
    expect(firstShortfall(limits, { daily: used(1, 999), monthly: used(1, 999) }, one)).toBeNull();
    expect(
      firstShortfall(limits, { daily: used(1, 1_000), monthly: used(1, 1_000) }, one)?.dimension,
    ).toBe("tokens");
    expect(
      firstShortfall(limits, { daily: used(1, 0, 0.5), monthly: used(900, 0, 10) }, one),
    ).toMatchObject({ period: "monthly", dimension: "costUsd", left: 0 });
  });

  it("checks an estimate against what is left of each limit", () => {
    const usage = { daily: used(40, 100, 0.2), monthly: used(40, 100, 0.2) };
    expect(firstShortfall(limits, usage, { calls: 60, tokens: 900, costUsd: 0.8 })).toBeNull();
    expect(firstShortfall(limits, usage, { calls: 61, tokens: 0, costUsd: 0 })).toMatchObject({
      period: "daily",
      dimension: "calls",
      left: 60,
    });
    expect(firstShortfall(limits, usage, { calls: 1, tokens: 901, costUsd: 0 })).toMatchObject({
      dimension: "tokens",
      left: 900,
    });
  });

  it("keys and resets the UTC day and month", () => {
    const p = periodsOf(new Date("2026-12-31T23:59:59.000Z"));
    expect(p.daily.key).toBe("d:2026-12-31");
    expect(p.monthly.key).toBe("m:2026-12");
    expect(p.daily.resetsAt.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(p.monthly.resetsAt.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(periodsOf(new Date("2026-11-24T10:00:00Z")).daily.resetsAt.toISOString()).toBe(
      "2026-11-25T00:00:00.000Z",
    );
  });

  it("refuses a daily limit above its monthly one at start-up", () => {
    const env = BudgetsEnvSchema.parse({ BUDGET_DAILY_CALLS: "600", BUDGET_MONTHLY_CALLS: "500" });
    expect(budgetEnvProblems(env)).toEqual([
      "BUDGET_DAILY_CALLS (600) is above BUDGET_MONTHLY_CALLS (500): a day can never spend more than its month. Lower BUDGET_DAILY_CALLS or raise BUDGET_MONTHLY_CALLS (0 switches a limit off).",
    ]);
    expect(budgetEnvProblems({ ...env, BUDGET_MONTHLY_CALLS: 0 })).toEqual([]);
    expect(budgetEnvProblems(BudgetsEnvSchema.parse({}))).toEqual([]);
  });
});
