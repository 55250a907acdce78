/**
 * Kysely row types for model usage and request limiting: the LLM reply cache,
 * rate-limit counters, and each user's metered usage and budget overrides.
 * Split out of `schema.ts` (which re-exports it and maps the tables) to keep
 * the schema readable by feature.
 */

export interface LlmCacheTable {
  key: string;
  value: string;
  created_at: string;
}

/** One rate-limit counter: hits of one key within one fixed window. */
export interface RateLimitHitsTable {
  /** `<limit>:<subject>:<window index>`, e.g. `verify:ip:10.0.0.1:1953`. */
  key: string;
  hits: number;
  /** End of the window; the sweeper deletes the row after it. */
  expires_at: string;
}

/** Paid model usage of one user in one period (`d:YYYY-MM-DD` or `m:YYYY-MM`, UTC). */
export interface UsageMeterTable {
  user_id: string;
  period: string;
  /** bigint columns: PostgreSQL returns them as strings, SQLite as numbers. */
  calls: number | string;
  input_tokens: number | string;
  output_tokens: number | string;
  cost_usd: number;
  updated_at: string;
}

/** The operator's budget overrides for one user (null: the env default; 0: no limit). */
export interface UsageBudgetsTable {
  user_id: string;
  daily_calls: number | string | null;
  monthly_calls: number | string | null;
  daily_tokens: number | string | null;
  monthly_tokens: number | string | null;
  daily_cost_usd: number | null;
  monthly_cost_usd: number | null;
  updated_at: string;
}
