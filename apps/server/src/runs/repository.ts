import { randomUUID } from "node:crypto";
import type { RunEstimate, RunMode, RunStatus, Usage } from "@promptune/contracts";
import { nowIso } from "../db/database";
import type { RunIterationsTable, RunsTable } from "../db/schema";
import type { HistoryRunRow } from "./history";
import { pageOfRuns, pruneStoredRuns, type RunPageOptions } from "./history-store";
import { RunLifecycle } from "./run-lifecycle";

export type RunRow = RunsTable;
export type RunIterationRow = RunIterationsTable;

/** Statuses of a run that is not finished. */
export const ACTIVE_STATUSES: RunStatus[] = ["queued", "running", "paused"];

/** Zero usage in the contract's shape. */
export function zeroUsage(): Usage {
  return { calls: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0, cached_calls: 0 };
}

/** Persistence of runs and their iterations (their status transitions: `RunLifecycle`). */
export class RunRepository extends RunLifecycle {
  /**
   * Inserts a queued run unless the user already has `maxActive` runs queued
   * or running; returns the row, or the active count when the limit is
   * reached. Count and insert form one transaction that first writes the
   * user's row: on PostgreSQL that row lock makes a user's concurrent
   * creations wait for each other, on SQLite the write lock does, so 40
   * simultaneous requests never get past the limit.
   */
  async createWithinLimit(
    input: Parameters<RunRepository["create"]>[0],
    maxActive: number,
    /** Runs the user keeps; older finished ones are deleted (see `pruneStoredRuns`). */
    maxStored = Number.POSITIVE_INFINITY,
  ): Promise<{ run: RunRow } | { active: number }> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .where("id", "=", input.userId)
        .execute();
      const repo = new RunRepository(trx);
      const active = await repo.countActive(input.userId);
      if (active >= maxActive) return { active };
      const run = await repo.create(input);
      if (Number.isFinite(maxStored)) await pruneStoredRuns(trx, input.userId, maxStored);
      return { run };
    });
  }

  /** Inserts a queued run and returns it (no limit; see `createWithinLimit`). */
  async create(input: {
    userId: string;
    mode: RunMode;
    request: unknown;
    datasetName: string;
    iterations: number;
    seed: number;
    /** The run's estimate; its max_calls caps the run's model calls. */
    estimate?: RunEstimate;
  }): Promise<RunRow> {
    const now = nowIso();
    const row: RunRow = {
      id: randomUUID(),
      user_id: input.userId,
      mode: input.mode,
      status: "queued",
      request: JSON.stringify(input.request),
      dataset_name: input.datasetName,
      iterations: input.iterations,
      seed: input.seed,
      checkpoint: null,
      final_result: null,
      usage: JSON.stringify(zeroUsage()),
      initial_score: null,
      best_score: null,
      test_score: null,
      held_out: null,
      estimate: input.estimate ? JSON.stringify(input.estimate) : null,
      frontier: null,
      frontier_choice: null,
      selected_step: null,
      best_iteration: null,
      presented_temperature: null,
      error: null,
      attempts: 0,
      created_at: now,
      updated_at: now,
      finished_at: null,
      lease_until: null,
      stored_chars: 0,
    };
    row.stored_chars = row.request.length;
    await this.db.insertInto("runs").values(row).execute();
    return row;
  }

  async get(runId: string): Promise<RunRow | undefined> {
    return this.db.selectFrom("runs").selectAll().where("id", "=", runId).executeTakeFirst();
  }

  /** A run only if it belongs to the user (others' runs look absent). */
  async getOwned(userId: string, runId: string): Promise<RunRow | undefined> {
    return this.db
      .selectFrom("runs")
      .selectAll()
      .where("id", "=", runId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
  }

  /** Runs of a user that are queued or running. */
  async countActive(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("runs")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("user_id", "=", userId)
      .where("status", "in", ACTIVE_STATUSES)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The user's newest queued or running run of a mode (what a page reattaches to). */
  async activeFor(userId: string, mode: RunMode): Promise<RunRow | undefined> {
    return this.db
      .selectFrom("runs")
      .selectAll()
      .where("user_id", "=", userId)
      .where("mode", "=", mode)
      .where("status", "in", ACTIVE_STATUSES)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
  }

  /** Ids of unfinished runs (embedded mode resumes them at start-up). */
  async listActiveIds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom("runs")
      .select("id")
      .where("status", "in", ACTIVE_STATUSES)
      .orderBy("created_at")
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Stores a finished iteration and the checkpoint after it in one
   * transaction; an iteration already stored (a resumed run) is kept as is.
   */
  async saveIteration(
    runId: string,
    iteration: number,
    data: unknown,
    patch: { checkpoint: unknown; usage: Usage; initialScore?: number },
  ): Promise<void> {
    const text = JSON.stringify(data);
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("run_iterations")
        .values({ run_id: runId, iteration, data: text, created_at: nowIso() })
        .onConflict((oc) => oc.columns(["run_id", "iteration"]).doNothing())
        .executeTakeFirst();
      const added = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? text.length : 0;
      await trx
        .updateTable("runs")
        .set((eb) => ({
          stored_chars: eb("stored_chars", "+", added),
          checkpoint: JSON.stringify(patch.checkpoint),
          usage: JSON.stringify(patch.usage),
          updated_at: nowIso(),
          ...(patch.initialScore !== undefined ? { initial_score: patch.initialScore } : {}),
        }))
        .where("id", "=", runId)
        .execute();
    });
  }

  async iterations(runId: string): Promise<RunIterationRow[]> {
    return this.db
      .selectFrom("run_iterations")
      .selectAll()
      .where("run_id", "=", runId)
      .orderBy("iteration")
      .execute();
  }

  /** Iterations of many runs at once, grouped by run id. */
  async iterationsOf(runIds: string[]): Promise<Map<string, RunIterationRow[]>> {
    const map = new Map<string, RunIterationRow[]>();
    if (!runIds.length) return map;
    const rows = await this.db
      .selectFrom("run_iterations")
      .selectAll()
      .where("run_id", "in", runIds)
      .orderBy("run_id")
      .orderBy("iteration")
      .execute();
    for (const row of rows) {
      const list = map.get(row.run_id) ?? [];
      list.push(row);
      map.set(row.run_id, list);
    }
    return map;
  }

  /** A user's runs, newest first (at most 200; tests and tools; the API pages with `pageForUser`). */
  async listForUser(userId: string, mode?: RunMode): Promise<RunRow[]> {
    let query = this.db.selectFrom("runs").selectAll().where("user_id", "=", userId);
    if (mode) query = query.where("mode", "=", mode);
    return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(200).execute();
  }

  /** One page of a user's runs, newest first, bounded in count and characters (see `pageOfRuns`). */
  pageForUser(
    userId: string,
    options: RunPageOptions,
  ): Promise<{ rows: HistoryRunRow[]; more: boolean }> {
    return pageOfRuns(this.db, userId, options);
  }

  /** Records the frontier point the user chose for a run (null: the recommended one again). */
  async setFrontierChoice(runId: string, point: number | null): Promise<void> {
    await this.db
      .updateTable("runs")
      .set({ frontier_choice: point, updated_at: nowIso() })
      .where("id", "=", runId)
      .execute();
  }

  async setSelectedStep(runId: string, step: number): Promise<void> {
    await this.db
      .updateTable("runs")
      .set({ selected_step: step, updated_at: nowIso() })
      .where("id", "=", runId)
      .execute();
  }
}
