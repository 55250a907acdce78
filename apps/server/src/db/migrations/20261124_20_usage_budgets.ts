import type { Kysely } from "kysely";

/**
 * Per-user budgets (issue 21, item 2): `usage_meter` counts each user's paid
 * model calls, tokens and cost per UTC day (`d:2026-11-24`) and month
 * (`m:2026-11`), incremented atomically by every process; `usage_budgets`
 * holds the operator's per-user overrides of the env defaults (null keeps
 * the default, 0 switches the limit off). Tokens are bigint: a busy month
 * can pass 2^31.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("usage_meter")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("calls", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("input_tokens", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("output_tokens", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("cost_usd", "double precision", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("usage_meter_pk", ["user_id", "period"])
    .execute();
  await db.schema
    .createTable("usage_budgets")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("daily_calls", "bigint")
    .addColumn("monthly_calls", "bigint")
    .addColumn("daily_tokens", "bigint")
    .addColumn("monthly_tokens", "bigint")
    .addColumn("daily_cost_usd", "double precision")
    .addColumn("monthly_cost_usd", "double precision")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("usage_budgets").execute();
  await db.schema.dropTable("usage_meter").execute();
}
