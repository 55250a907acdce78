import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { RunHandler, RunQueue } from "./queue";

/** BullMQ queue name of optimisation runs. */
export const RUN_QUEUE_NAME = "promptune-runs";
/** BullMQ job states in which the job will still be executed. */
const PENDING_STATES = new Set(["active", "waiting", "delayed", "prioritized", "waiting-children"]);
/** Redis channel on which web processes ask workers to cancel a run. */
const cancelChannel = (prefix: string) => `${prefix}:run-cancel`;

/** Connection for BullMQ (it requires maxRetriesPerRequest: null on blocking connections). */
function connection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}

/** Scale-out producer: web processes add one job per run (job id = run id, so never twice). */
export class BullRunQueue implements RunQueue {
  private readonly queue: Queue;
  private readonly pub: Redis;
  private readonly prefix: string;

  constructor(redisUrl: string, prefix = "promptune") {
    this.prefix = prefix;
    this.queue = new Queue(RUN_QUEUE_NAME, {
      connection: connection(redisUrl),
      prefix: `${prefix}:bull`,
    });
    this.pub = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  }

  async enqueue(runId: string): Promise<void> {
    await this.queue.add(
      "run",
      { runId },
      {
        jobId: runId,
        attempts: 5,
        backoff: { type: "fixed", delay: 1000 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      },
    );
  }

  async cancel(runId: string): Promise<boolean> {
    await this.pub.publish(cancelChannel(this.prefix), runId);
    return true;
  }

  /**
   * True while BullMQ still has the run's job to execute: waiting, running on
   * a worker, or due for a retry. A dead worker's job stays here until another
   * worker takes it over, so such a run is never taken for stuck.
   */
  async holds(runId: string): Promise<boolean> {
    const job = await this.queue.getJob(runId);
    if (!job) return false;
    return PENDING_STATES.has(await job.getState());
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.queue.close(), this.pub.quit()]);
  }
}

export interface RunWorkerOptions {
  redisUrl: string;
  /** Key prefix shared with the web processes (REDIS_PREFIX). */
  prefix?: string;
  concurrency: number;
  /** How long a job's lock lives without renewal; a dead worker's run is taken over after it. */
  lockDurationMs?: number;
  /** How often stalled (orphaned) jobs are looked for. */
  stalledIntervalMs?: number;
}

/**
 * Scale-out consumer (`npm run worker`): executes runs from the queue. A run
 * whose worker died is picked up again once its lock expires and resumes from
 * its last checkpoint.
 */
export class BullRunWorker {
  private readonly worker: Worker;
  private readonly sub: Redis;
  private readonly active = new Map<string, AbortController>();

  constructor(handler: RunHandler, options: RunWorkerOptions) {
    this.worker = new Worker(
      RUN_QUEUE_NAME,
      async (job) => {
        const runId = (job.data as { runId: string }).runId;
        const controller = new AbortController();
        this.active.set(runId, controller);
        try {
          await handler(runId, controller.signal);
        } finally {
          this.active.delete(runId);
        }
      },
      {
        connection: connection(options.redisUrl),
        prefix: `${options.prefix ?? "promptune"}:bull`,
        concurrency: options.concurrency,
        lockDuration: options.lockDurationMs ?? 30_000,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        maxStalledCount: 5,
      },
    );
    this.sub = new Redis(options.redisUrl, { maxRetriesPerRequest: 3 });
    void this.sub.subscribe(cancelChannel(options.prefix ?? "promptune"));
    this.sub.on("message", (_channel: string, runId: string) => {
      this.active.get(runId)?.abort(new Error("cancelled"));
    });
  }

  /** Resolves when the worker is connected and waiting for jobs. */
  async ready(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    for (const controller of this.active.values())
      controller.abort(new Error("server shutting down"));
    await Promise.allSettled([this.worker.close(), this.sub.quit()]);
  }
}
