import { randomUUID } from "node:crypto";
import { type FinalResult, RUN_PAUSE } from "@promptune/contracts";
import {
  type EngineModels,
  isAbortError,
  type LlmPort,
  ProviderOutageError,
} from "@promptune/engine";
import type { FastifyBaseLogger } from "fastify";
import { budgetStopNotice, ownersPort } from "../budgets/run-port";
import type { DatasetRegistry } from "../datasets/registry";
import { withDbRetry } from "../db/transient";
import type { EvidenceRepository } from "../evidence/repository";
import { runErrorFrame } from "./error-frames";
import type { RunEvent, RunEventBus } from "./events";
import { pausedFrame, probeModelsOf, resumedFrame, waitForProvider } from "./outage";
import { failureMessage, tooManyResumesMessage } from "./outcome-messages";
import type { RunHandler } from "./queue";
import type { RunRepository, RunRow } from "./repository";
import { createRunDriver } from "./run-driver";

/** What executing a run needs. */
export interface RunExecutorDeps {
  runs: RunRepository;
  /** The gateway: each run calls through its owner's port (budget and fair share of slots). */
  llm: { forUser(userId: string): LlmPort };
  models: EngineModels;
  datasets: DatasetRegistry;
  events: RunEventBus;
  log: FastifyBaseLogger;
  /** Model prices (USD per million tokens) for the cost of replies on the frontier. */
  priceOf?: (model: string) => { input: number; output: number } | null;
  /** Most model calls in flight per run. */
  callConcurrency: number;
  /** Resumes allowed after the first start; a run interrupted more often is failed. */
  maxResumes: number;
  /** Lease of a running run; renewed every quarter of it while the run executes. */
  leaseMs: number;
  /** While a run is paused by a provider outage, ms between probes of the provider. */
  outageProbeMs: number;
  /** Longest pause of a run for one outage before it fails (0: fail at once, never pause). */
  outageMaxPauseMs: number;
  /** Where per-example evidence is stored (absent: not kept). */
  evidence?: EvidenceRepository;
}

/** Thrown to leave a run `running` for another process to resume (shutdown, not failure). */
export class RunInterruptedError extends Error {
  constructor() {
    super("run interrupted by shutdown; it resumes from its last checkpoint");
    this.name = "RunInterruptedError";
  }
}

/**
 * Executes runs: drives the engine, checkpoints every finished iteration
 * (result + resume state in one transaction) before publishing it, and ends
 * with `complete` or `error`. A run interrupted by shutdown stays `running`
 * and resumes from its checkpoint; a cancelled run is marked `cancelled`.
 * Every database call of a run is retried through short outages
 * (`withDbRetry`: a restart or cut connections must not lose a run).
 */
export function createRunHandler(deps: RunExecutorDeps): RunHandler {
  /** A database call of run `runId`, retried through transient errors (each retry logged). */
  const db = <T>(runId: string, operation: () => Promise<T>) =>
    withDbRetry(operation, {
      onRetry: (err, attempt, delayMs) =>
        deps.log.warn({ err, runId, attempt, delayMs }, "database error during a run; retrying"),
    });
  /** Drives a run's engine, storing each iteration before publishing it (run-driver.ts). */
  const drive = createRunDriver(deps, db);

  return async (runId, signal) => {
    const run = await db(runId, () => deps.runs.get(runId));
    if (!run || !["queued", "running", "paused"].includes(run.status)) return;
    const publish = (event: RunEvent) => deps.events.publish(runId, event);
    if (run.attempts > deps.maxResumes) {
      // Started 1 + maxResumes times already and never finished (a crash or
      // hang each time): resuming again would only repeat it.
      const message = tooManyResumesMessage(deps.maxResumes);
      deps.log.error({ runId, attempts: run.attempts }, "run failed to resume too often");
      await failAndTell(runId, message, publish);
      return;
    }
    const lease = () => new Date(Date.now() + deps.leaseMs);
    await db(runId, () => deps.runs.markRunning(runId, lease()));
    const heartbeat = setInterval(
      () => {
        deps.runs.renewLease(runId, lease()).catch((err: unknown) => {
          deps.log.warn({ err, runId }, "could not renew the lease of a run");
        });
      },
      Math.max(250, Math.floor(deps.leaseMs / 4)),
    );
    const owner = ownersPort(deps.llm, run.user_id);
    try {
      const driven = await driveThroughOutages(run, owner.port, signal);
      const refusal = owner.seen.refusal;
      const final = refusal ? { ...driven, notice: budgetStopNotice(refusal) } : driven;
      if (refusal)
        deps.log.info({ runId, userId: run.user_id }, "run stopped early by its owner's budget");
      await db(runId, () =>
        deps.runs.complete(runId, {
          final,
          notice: final.notice ?? null,
          usage: final.usage,
          bestScore: final.best_validation_score,
          testScore: final.test_score,
          heldOut: final.held_out ?? null,
          frontier: final.frontier ?? null,
          selectedStep: final.best_iteration > 0 ? final.best_iteration : null,
          bestIteration: final.best_iteration,
          presentedTemperature: run.mode === "single" ? final.temperature : null,
        }),
      );
      await publish({ type: "complete", result: final });
    } catch (error) {
      const reason = signal.reason instanceof Error ? signal.reason.message : "";
      if (signal.aborted && reason !== "cancelled") throw new RunInterruptedError();
      if (signal.aborted || isAbortError(error)) {
        await db(runId, () => deps.runs.finish(runId, "cancelled", "Optimization was cancelled."));
        await publish(runErrorFrame("Optimization was cancelled."));
        return;
      }
      const requestId = randomUUID();
      deps.log.error({ err: error, runId, requestId }, "run failed");
      await failAndTell(runId, failureMessage(error), publish, requestId);
    } finally {
      clearInterval(heartbeat);
    }
  };

  /**
   * Marks a run failed and tells its sockets. The sockets are told even when
   * the write fails (a non-transient database error): they close with 1011
   * instead of waiting for ever, and the maintenance sweeper repairs the run
   * once its lease has ended.
   */
  async function failAndTell(
    runId: string,
    message: string,
    publish: (event: RunEvent) => Promise<void>,
    requestId?: string,
  ): Promise<void> {
    try {
      await db(runId, () => deps.runs.finish(runId, "failed", message));
    } finally {
      await publish(runErrorFrame(message, requestId));
    }
  }

  /**
   * Drives the run to its end. A provider outage (ProviderOutageError from
   * the engine) pauses it: `paused` in the database and on the sockets, with
   * a plain message; once a probe call is answered it is `running` again and
   * resumes from its checkpoint (outage.ts). Other errors, an outage longer
   * than `outageMaxPauseMs`, and an outage that returns before the resumed
   * run stored one more iteration end the run.
   */
  async function driveThroughOutages(
    first: RunRow,
    llm: LlmPort,
    signal: AbortSignal,
  ): Promise<FinalResult> {
    let run = first;
    const publish = (event: RunEvent) => deps.events.publish(run.id, event);
    const storedIterations = async () =>
      (await db(run.id, () => deps.runs.iterations(run.id))).length;
    // Iterations stored when the run last resumed: an outage that comes back
    // before one more iteration is stored means the resume did not help (the
    // probe is answered but the run's own calls still fail), so it fails.
    let resumedAt: number | null = null;
    for (;;) {
      try {
        return await drive(run, deps, llm, signal);
      } catch (error) {
        if (!(error instanceof ProviderOutageError) || signal.aborted) throw error;
        // The provider's own error (an LlmError with a plain message) is what a failed run reports.
        const cause = error.cause ?? error;
        if (deps.outageMaxPauseMs <= 0) throw cause;
        if (resumedAt !== null && (await storedIterations()) <= resumedAt) throw cause;
        deps.log.warn({ err: error, runId: run.id }, "provider outage: run paused");
        await db(run.id, () => deps.runs.pause(run.id, RUN_PAUSE.message));
        await publish(pausedFrame());
        const answered = await waitForProvider(
          llm,
          probeModelsOf(run, deps.models.judge),
          { intervalMs: deps.outageProbeMs, maxWaitMs: deps.outageMaxPauseMs },
          signal,
          (err) =>
            deps.log.info({ err, runId: run.id }, "provider still not answering; run stays paused"),
        );
        if (!answered) throw cause;
        resumedAt = await storedIterations();
        await db(run.id, () => deps.runs.unpause(run.id));
        deps.log.info({ runId: run.id }, "provider answers again: run resumes");
        await publish(resumedFrame());
        run = (await db(run.id, () => deps.runs.get(run.id))) ?? run;
      }
    }
  }
}
