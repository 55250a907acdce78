import type { Kysely } from "kysely";

/**
 * The judge's verdict per rubric item of an evidence answer (issue 26 §1),
 * stored compactly as one character per rubric item in the rubric's order
 * ("1" met, "0" not met; e.g. "101"); null when the judge gave none (older
 * runs, deterministic metrics), which the grid shows as feedback only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("run_evidence").addColumn("rubric_met", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("run_evidence").dropColumn("rubric_met").execute();
}
