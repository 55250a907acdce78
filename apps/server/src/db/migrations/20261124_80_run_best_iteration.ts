import type { Kysely } from "kysely";

/**
 * The presented iteration of a finished run as its own column (issue 26 §3
 * item 5): history reload marks the best iteration without reading the
 * run's final result, which history pages never load (issue 21 item 1).
 * Finished runs are filled from their stored final result once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").addColumn("best_iteration", "integer").execute();
  const runs = db as unknown as Kysely<{
    runs: { id: string; final_result: string | null; best_iteration: number | null };
  }>;
  const finished = await runs
    .selectFrom("runs")
    .select(["id", "final_result"])
    .where("final_result", "is not", null)
    .execute();
  for (const run of finished) {
    const best = bestIterationOf(run.final_result);
    if (best !== null)
      await runs
        .updateTable("runs")
        .set({ best_iteration: best })
        .where("id", "=", run.id)
        .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").dropColumn("best_iteration").execute();
}

function bestIterationOf(finalResult: string | null): number | null {
  if (!finalResult) return null;
  try {
    const best = (JSON.parse(finalResult) as { best_iteration?: unknown }).best_iteration;
    return typeof best === "number" && Number.isInteger(best) ? best : null;
  } catch {
    return null;
  }
}
