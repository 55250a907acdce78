/**
 * The lifecycle writes of a run (start, lease, pause, finish): the status
 * transitions the executor, the sweeper and cancellation make. The lease,
 * pause, stuck-run and queued-cancel writes are guarded by the status they
 * expect, so they leave alone a transition another process made first.
 * `RunRepository` extends it with the run's records and queries.
 */
import type { FrontierPoint, HeldOutComparison, RunStatus, Usage } from "@promptune/contracts";
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import { nowIso } from "../db/database";
import type { Database, RunsTable } from "../db/schema";

/** Statuses of a run a process is executing (a paused run's process waits for the provider). */
export const EXECUTING_STATUSES: RunStatus[] = ["running", "paused"];

/** A run's lease ended before `before`, or it never had one: no process holds it. */
function leaseEndedBefore(eb: ExpressionBuilder<Database, "runs">, before: Date) {
  return eb.or([eb("lease_until", "is", null), eb("lease_until", "<", before.toISOString())]);
}

/** Status transitions of runs. */
export class RunLifecycle {
  constructor(protected readonly db: Kysely<Database> | Transaction<Database>) {}

  /** Marks a run started (counting the start) and gives the caller its lease until `leaseUntil`. */
  async markRunning(runId: string, leaseUntil: Date): Promise<void> {
    await this.db
      .updateTable("runs")
      .set((eb) => ({
        status: "running",
        attempts: eb("attempts", "+", 1),
        updated_at: nowIso(),
        lease_until: leaseUntil.toISOString(),
      }))
      .where("id", "=", runId)
      .execute();
  }

  /** Extends the lease of a run this process is executing (the heartbeat). */
  async renewLease(runId: string, leaseUntil: Date): Promise<void> {
    await this.db
      .updateTable("runs")
      .set({ lease_until: leaseUntil.toISOString() })
      .where("id", "=", runId)
      .where("status", "in", EXECUTING_STATUSES)
      .execute();
  }

  /** Runs marked `running` (or `paused`) whose lease ended before `before`: nobody is executing them. */
  async listStuck(before: Date): Promise<RunsTable[]> {
    return this.db
      .selectFrom("runs")
      .selectAll()
      .where("status", "in", EXECUTING_STATUSES)
      .where((eb) => leaseEndedBefore(eb, before))
      .limit(100)
      .execute();
  }

  /**
   * Fails a stuck run, only if it is still `running` with its lease ended
   * before `before` (a process that picked it up meanwhile keeps it).
   * Returns whether this call failed it.
   */
  async failIfStuck(runId: string, before: Date, error: string): Promise<boolean> {
    const now = nowIso();
    const result = await this.db
      .updateTable("runs")
      .set({ status: "failed", error, updated_at: now, finished_at: now, lease_until: null })
      .where("id", "=", runId)
      .where("status", "in", EXECUTING_STATUSES)
      .where((eb) => leaseEndedBefore(eb, before))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Marks an executing run paused with the plain `message` (shown in history
   * as the run's message until it resumes). A run cancelled or finished
   * meanwhile is left as it is.
   */
  async pause(runId: string, message: string): Promise<void> {
    await this.db
      .updateTable("runs")
      .set({ status: "paused", error: message, updated_at: nowIso() })
      .where("id", "=", runId)
      .where("status", "in", EXECUTING_STATUSES)
      .execute();
  }

  /** Marks a paused run running again and clears its pause message. */
  async unpause(runId: string): Promise<void> {
    await this.db
      .updateTable("runs")
      .set({ status: "running", error: null, updated_at: nowIso() })
      .where("id", "=", runId)
      .where("status", "=", "paused")
      .execute();
  }

  async complete(
    runId: string,
    result: {
      final: unknown;
      usage: Usage;
      bestScore: number;
      testScore: number | null;
      selectedStep: number | null;
      /** The presented iteration (0: the initial configuration). */
      bestIteration?: number | null;
      /** The presented temperature of a single-agent run (the final result's). */
      presentedTemperature?: number | null;
      heldOut?: HeldOutComparison | null;
      /** The cost–quality frontier, when the run had candidate models. */
      frontier?: FrontierPoint[] | null;
      /** Why the run ended before its plan (kept in `error`, so history shows it). */
      notice?: string | null;
    },
  ): Promise<void> {
    const now = nowIso();
    await this.db
      .updateTable("runs")
      .set({
        status: "completed",
        final_result: JSON.stringify(result.final),
        usage: JSON.stringify(result.usage),
        best_score: result.bestScore,
        test_score: result.testScore,
        held_out: result.heldOut ? JSON.stringify(result.heldOut) : null,
        frontier: result.frontier ? JSON.stringify(result.frontier) : null,
        selected_step: result.selectedStep,
        best_iteration: result.bestIteration ?? null,
        presented_temperature: result.presentedTemperature ?? null,
        checkpoint: null,
        error: result.notice ?? null,
        updated_at: now,
        finished_at: now,
        lease_until: null,
      })
      .where("id", "=", runId)
      .execute();
  }

  /**
   * Marks a run cancelled only while it is still queued (nobody executes
   * it yet; an executor that picks it up later finds it finished and skips
   * it). Returns whether this call cancelled it.
   */
  async cancelIfQueued(runId: string, error: string): Promise<boolean> {
    const now = nowIso();
    const result = await this.db
      .updateTable("runs")
      .set({ status: "cancelled", error, updated_at: now, finished_at: now, lease_until: null })
      .where("id", "=", runId)
      .where("status", "=", "queued")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async finish(
    runId: string,
    status: Extract<RunStatus, "failed" | "cancelled">,
    error: string,
  ): Promise<void> {
    const now = nowIso();
    await this.db
      .updateTable("runs")
      .set({ status, error, updated_at: now, finished_at: now, lease_until: null })
      .where("id", "=", runId)
      .execute();
  }
}
