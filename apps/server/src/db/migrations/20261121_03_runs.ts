import type { Kysely } from "kysely";

/** Optimisation runs, their per-iteration results, and user-uploaded datasets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("request", "text", (c) => c.notNull())
    .addColumn("dataset_name", "text", (c) => c.notNull())
    .addColumn("iterations", "integer", (c) => c.notNull())
    .addColumn("seed", "integer", (c) => c.notNull())
    .addColumn("checkpoint", "text")
    .addColumn("final_result", "text")
    .addColumn("usage", "text", (c) => c.notNull())
    .addColumn("initial_score", "real")
    .addColumn("best_score", "real")
    .addColumn("test_score", "real")
    .addColumn("selected_step", "integer")
    .addColumn("error", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("runs_user_created_idx")
    .on("runs")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("runs_status_idx").on("runs").column("status").execute();
  await db.schema
    .createTable("run_iterations")
    .addColumn("run_id", "text", (c) => c.notNull().references("runs.id").onDelete("cascade"))
    .addColumn("iteration", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("run_iterations_pk", ["run_id", "iteration"])
    .execute();
  await db.schema
    .createTable("user_datasets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("metric", "text", (c) => c.notNull())
    .addColumn("examples", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("user_datasets_user_name_unique", ["user_id", "name"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("user_datasets").execute();
  await db.schema.dropTable("run_iterations").execute();
  await db.schema.dropTable("runs").execute();
}
