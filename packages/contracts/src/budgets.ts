import { z } from "zod";

/** Model usage counted against a budget in one period. */
export const BudgetUsedSchema = z.object({
  calls: z.number().int().nonnegative(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  /** input + output tokens (what the token limit counts). */
  tokens: z.number().int().nonnegative(),
  cost_usd: z.number().nonnegative(),
});
export type BudgetUsed = z.infer<typeof BudgetUsedSchema>;

/** A period's limits; null means no limit. */
export const BudgetLimitsSchema = z.object({
  calls: z.number().int().positive().nullable(),
  tokens: z.number().int().positive().nullable(),
  cost_usd: z.number().positive().nullable(),
});
export type BudgetLimitsView = z.infer<typeof BudgetLimitsSchema>;

/** One budget period (a UTC day or month): what was used, the limits and when it resets. */
export const BudgetPeriodSchema = z.object({
  /** "2026-11-24" for a day, "2026-11" for a month. */
  period: z.string(),
  /** ISO time at which the period's usage starts again from 0. */
  resets_at: z.string(),
  used: BudgetUsedSchema,
  limits: BudgetLimitsSchema,
});
export type BudgetPeriod = z.infer<typeof BudgetPeriodSchema>;

/** GET /profile/usage data: the signed-in user's model usage against their budget. */
export const UsageReportSchema = z.object({
  day: BudgetPeriodSchema,
  month: BudgetPeriodSchema,
});
export type UsageReport = z.infer<typeof UsageReportSchema>;
