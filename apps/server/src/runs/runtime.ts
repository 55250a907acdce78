import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { BudgetService } from "../budgets/service";
import type { DatasetRegistry } from "../datasets/registry";
import type { Database } from "../db/schema";
import type { Env } from "../env";
import { EvidenceRepository } from "../evidence/repository";
import type { LlmGateway } from "../llm";
import { MemoryRunEventBus, type RunEventBus } from "./events";
import { RedisRunEventBus } from "./events-redis";
import { createRunHandler, RunInterruptedError } from "./executor";
import { InProcessRunQueue, type RunHandler, type RunQueue } from "./queue";
import { BullRunQueue } from "./queue-bullmq";
import { RunRepository } from "./repository";
import { RunService } from "./service";

/** The runs feature's moving parts for one process. */
export interface RunsRuntime {
  runs: RunRepository;
  service: RunService;
  events: RunEventBus;
  queue: RunQueue;
  /** Re-queues unfinished runs (embedded mode, after a restart). */
  resumeUnfinished(): Promise<number>;
  close(): Promise<void>;
}

/** The run handler a process uses to execute runs (web process in embedded mode, workers in scale-out). */
export function runHandlerFor(
  env: Env,
  deps: {
    db: Kysely<Database>;
    llm: LlmGateway;
    datasets: DatasetRegistry;
    events: RunEventBus;
    log: FastifyBaseLogger;
  },
): RunHandler {
  return createRunHandler({
    runs: new RunRepository(deps.db),
    evidence: new EvidenceRepository(deps.db),
    llm: deps.llm,
    models: { judge: deps.llm.roles.judge, reflection: deps.llm.roles.reflection },
    priceOf: (model) => deps.llm.priceOf(model),
    datasets: deps.datasets,
    events: deps.events,
    log: deps.log,
    callConcurrency: env.RUN_CALL_CONCURRENCY,
    maxResumes: env.RUNS_MAX_RESUMES,
    leaseMs: env.RUN_LEASE_MS,
    outageProbeMs: env.RUN_OUTAGE_PROBE_MS,
    outageMaxPauseMs: env.RUN_OUTAGE_MAX_PAUSE_MS,
  });
}

/**
 * Builds the runs runtime: with REDIS_URL, events over Redis pub/sub and runs
 * on BullMQ workers; without it, everything inside this process.
 */
export function createRunsRuntime(
  env: Env,
  deps: {
    db: Kysely<Database>;
    llm: LlmGateway;
    datasets: DatasetRegistry;
    log: FastifyBaseLogger;
    budgets: BudgetService;
  },
): RunsRuntime {
  const runs = new RunRepository(deps.db);
  const events: RunEventBus = env.REDIS_URL
    ? new RedisRunEventBus(env.REDIS_URL, env.REDIS_PREFIX)
    : new MemoryRunEventBus();
  let queue: RunQueue;
  if (env.REDIS_URL) {
    queue = new BullRunQueue(env.REDIS_URL, env.REDIS_PREFIX);
  } else {
    const handler = runHandlerFor(env, { ...deps, events });
    queue = new InProcessRunQueue(handler, env.RUNS_CONCURRENCY, (runId, error) => {
      if (!(error instanceof RunInterruptedError))
        deps.log.error({ err: error, runId }, "run handler crashed");
    });
  }
  const service = new RunService(runs, deps.datasets, queue, {
    maxActivePerUser: env.RUNS_MAX_ACTIVE_PER_USER,
    maxStoredPerUser: env.RUNS_MAX_STORED_PER_USER,
    ...(env.RUN_SEED !== undefined ? { seed: env.RUN_SEED } : {}),
    maxStoredCharsPerRun: env.RUN_MAX_STORED_CHARS,
    events,
    allowedModels: () => deps.llm.listModels(),
    estimateModels: deps.llm,
    budgets: deps.budgets,
  });
  return {
    runs,
    service,
    events,
    queue,
    async resumeUnfinished() {
      if (env.REDIS_URL) return 0;
      const ids = await runs.listActiveIds();
      for (const id of ids) await queue.enqueue(id);
      return ids.length;
    },
    async close() {
      await queue.close();
      await events.close();
    },
  };
}
