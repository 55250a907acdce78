import { RUN_FAILURE } from "@promptune/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { purgeExpiredLoginTokens } from "../auth/login-tokens";
import { purgeExpiredSessions } from "../auth/sessions";
import type { Database } from "../db/schema";
import { purgeExpiredLimits } from "../http/shared-rate-limit";
import { runErrorFrame } from "../runs/error-frames";
import type { RunEventBus } from "../runs/events";
import type { RunRepository } from "../runs/repository";

/** What the sweeper is given. */
export interface SweeperDeps {
  db: Kysely<Database>;
  runs: RunRepository;
  events: RunEventBus;
  /**
   * True while the run queue still holds the run (the in-process queue, or
   * BullMQ in scale-out mode, including a dead worker's job waiting to be
   * taken over): such a run is not stuck, whatever its lease says.
   */
  queueHolds(runId: string): Promise<boolean>;
  log: FastifyBaseLogger;
}

/** What one sweep did. */
export interface SweepReport {
  repairedRuns: number;
  purgedSessions: number;
  purgedLoginTokens: number;
  purgedLimits: number;
}

/** The error a repaired run ends with. */
export const STUCK_RUN_MESSAGE = `${RUN_FAILURE.storedPrefix}the server lost track of it (a database error). Please start it again.`;

/**
 * One maintenance pass: fails runs left `running` with nobody executing them
 * (their lease ended, e.g. after the failure write itself failed), which
 * frees the owner's slot and tells any socket still listening; then deletes
 * expired sessions, sign-in tokens past retention and ended rate-limit
 * windows. A run is stuck only when its lease (renewed by whichever process
 * or worker executes it) has ended AND the run queue no longer holds it.
 */
export async function sweepOnce(deps: SweeperDeps): Promise<SweepReport> {
  const before = new Date();
  let repairedRuns = 0;
  for (const run of await deps.runs.listStuck(before)) {
    if (await deps.queueHolds(run.id)) continue;
    if (!(await deps.runs.failIfStuck(run.id, before, STUCK_RUN_MESSAGE))) continue;
    repairedRuns++;
    deps.log.warn({ runId: run.id }, "repaired a run stuck as running");
    await deps.events.publish(run.id, runErrorFrame(STUCK_RUN_MESSAGE));
  }
  return {
    repairedRuns,
    purgedSessions: await purgeExpiredSessions(deps.db),
    purgedLoginTokens: await purgeExpiredLoginTokens(deps.db),
    purgedLimits: await purgeExpiredLimits(deps.db),
  };
}

/**
 * Runs `sweepOnce` every `intervalMs` (never two at once; a failed sweep is
 * logged and retried at the next tick). Returns a function that stops it.
 */
export function startSweeper(deps: SweeperDeps, intervalMs: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = sweepOnce(deps)
      .then((report) => {
        if (report.repairedRuns || report.purgedSessions || report.purgedLoginTokens)
          deps.log.info(report, "maintenance sweep");
      })
      .catch((err: unknown) => deps.log.warn({ err }, "maintenance sweep failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
