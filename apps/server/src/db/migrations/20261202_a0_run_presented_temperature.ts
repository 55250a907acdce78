import type { Kysely } from "kysely";

/**
 * The temperature a finished single-agent run presents, as its own column.
 * The engine may present its pick at another temperature than the one the
 * pick was searched at (the end's temperature probe), so the presented
 * iteration's own temperature is not the presented configuration's; history
 * reload reads this column instead of the run's final result, which history
 * pages never load. Finished single-agent runs are filled from their stored
 * final result once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").addColumn("presented_temperature", "real").execute();
  const runs = db as unknown as Kysely<{
    runs: {
      id: string;
      mode: string;
      final_result: string | null;
      presented_temperature: number | null;
    };
  }>;
  const finished = await runs
    .selectFrom("runs")
    .select(["id", "final_result"])
    .where("mode", "=", "single")
    .where("final_result", "is not", null)
    .execute();
  for (const run of finished) {
    const temperature = temperatureOf(run.final_result);
    if (temperature !== null)
      await runs
        .updateTable("runs")
        .set({ presented_temperature: temperature })
        .where("id", "=", run.id)
        .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("runs").dropColumn("presented_temperature").execute();
}

function temperatureOf(finalResult: string | null): number | null {
  if (!finalResult) return null;
  try {
    const t = (JSON.parse(finalResult) as { temperature?: unknown }).temperature;
    return typeof t === "number" && Number.isFinite(t) ? t : null;
  } catch {
    return null;
  }
}
