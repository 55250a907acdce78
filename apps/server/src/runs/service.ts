import { randomInt } from "node:crypto";
import type {
  MultiAgentOptimizeRequest,
  RunEstimate,
  RunMode,
  RunStatus,
  SingleAgentOptimizeRequest,
} from "@promptune/contracts";
import type { BudgetService } from "../budgets/service";
import type { DatasetRegistry } from "../datasets/registry";
import { badRequest, HttpError } from "../errors";
import { runErrorFrame } from "./error-frames";
import { type EstimateModels, estimateRequest } from "./estimate";
import type { RunEventBus } from "./events";
import type { RunQueue } from "./queue";
import { ACTIVE_STATUSES, type RunRepository, type RunRow } from "./repository";

/** Settings of run creation. */
export interface RunServiceOptions {
  /** Runs one user may have queued or running at once. */
  maxActivePerUser: number;
  /** Seed of every run (RUN_SEED); unset: a fresh random seed per run. */
  seed?: number;
  /** Runs one user keeps in history (older finished ones are deleted when a run starts). */
  maxStoredPerUser: number;
  /** Characters one run may store (request plus iterations, estimated before it starts). */
  maxStoredCharsPerRun: number;
  /** Where a run's sockets listen (a run cancelled while queued is announced here). */
  events?: RunEventBus;
  /** Models users may pick (the gateway's list). */
  allowedModels: () => string[];
  /** Role models and prices the run estimate uses (the gateway). */
  estimateModels: EstimateModels;
  /** The user's budgets: a run whose estimate does not fit into what is left is refused. */
  budgets: Pick<BudgetService, "assertEstimateFits">;
}

/** Every model a request names. */
function modelsOf(request: SingleAgentOptimizeRequest | MultiAgentOptimizeRequest): string[] {
  if ("model_name" in request) return [request.model_name, ...(request.candidate_models ?? [])];
  return [
    request["master-agent"].model_name,
    ...request["worker-agents"].map((w) => w.model_name),
    ...(request.candidate_models?.coordinator ?? []),
    ...(request.candidate_models?.workers ?? []),
  ];
}

/**
 * Characters a run of `request` stores in history, estimated before it
 * starts: the request, plus one iteration record per iteration (0..N) of
 * about the request's size (each carries the configuration it scored) and
 * a little bookkeeping. Proposals are capped at MAX_PROMPT_CHARS per prompt.
 */
export function storedCharsEstimate(request: { iterations: number }): number {
  const size = JSON.stringify(request).length;
  return size + (request.iterations + 1) * (size + ITERATION_OVERHEAD_CHARS);
}

/** The message of a cancelled run (its sockets' error frame and its stored error). */
const CANCELLED = "Optimization was cancelled.";

/** How long a cancel waits for a running run to record that it stopped. */
const CANCEL_WAIT_MS = 10_000;

/** Characters of an iteration record beyond its configuration (scores, points, usage). */
const ITERATION_OVERHEAD_CHARS = 400;

/** 1234567 → "1,234,567" (numbers in messages). */
const grouped = (n: number) => n.toLocaleString("en-US");

/** Creating runs: checks the dataset and the user's concurrent-run limit, stores, enqueues. */
export class RunService {
  constructor(
    private readonly runs: RunRepository,
    private readonly datasets: DatasetRegistry,
    private readonly queue: RunQueue,
    private readonly options: RunServiceOptions,
  ) {}

  /**
   * What a run of `request` would spend (calls, tokens, cost, call cap),
   * after the same checks as `create`: known models and a dataset the user
   * may use.
   */
  async estimate(
    userId: string,
    mode: RunMode,
    request: SingleAgentOptimizeRequest | MultiAgentOptimizeRequest,
  ): Promise<RunEstimate> {
    const allowed = this.options.allowedModels();
    const unknown = modelsOf(request).find((m) => !allowed.includes(m));
    if (unknown)
      throw badRequest(`Unknown model "${unknown}". Available models: ${allowed.join(", ")}.`);
    const stored = storedCharsEstimate(request);
    const most = this.options.maxStoredCharsPerRun;
    if (stored > most) {
      throw new HttpError(
        413,
        `This run would store about ${grouped(stored)} characters of history (${request.iterations} iterations of a ${grouped(JSON.stringify(request).length)}-character configuration); one run may store at most ${grouped(most)}. Use fewer iterations, fewer workers or shorter prompts.`,
        { code: "run_too_large" },
      );
    }
    const dataset = await this.datasets.resolveRun(userId, request);
    return estimateRequest(this.options.estimateModels, dataset, mode, request);
  }

  /**
   * Validates and stores a new run with its estimate (whose max_calls caps
   * it), refusing it with the numbers when the estimate does not fit into
   * what is left of the user's budget. Returns the row; the caller
   * subscribes to its events and then calls `start` so no event can be missed.
   */
  async create(
    userId: string,
    mode: RunMode,
    request: SingleAgentOptimizeRequest | MultiAgentOptimizeRequest,
  ): Promise<RunRow> {
    const estimate = await this.estimate(userId, mode, request);
    await this.options.budgets.assertEstimateFits(userId, estimate);
    const created = await this.runs.createWithinLimit(
      {
        userId,
        mode,
        request,
        datasetName: request.dataset_name,
        iterations: request.iterations,
        seed: this.options.seed ?? randomInt(1, 2 ** 31 - 1),
        estimate,
      },
      this.options.maxActivePerUser,
      this.options.maxStoredPerUser,
    );
    if ("run" in created) return created.run;
    throw new HttpError(
      429,
      `You already have ${created.active} optimizations running (the limit is ${this.options.maxActivePerUser}). Wait for one to finish.`,
      { code: "too_many_runs" },
    );
  }

  /** Hands a stored run to the queue. */
  async start(runId: string): Promise<void> {
    await this.queue.enqueue(runId);
  }

  /**
   * Cancels one of the user's runs if it is still going and answers the run
   * as it ends: a queued run is marked cancelled at once; a running run is
   * asked to stop (in this process or, through Redis, in the worker holding
   * it) and this waits up to `CANCEL_WAIT_MS` for it to record its end, so
   * the answer says `cancelled` (or `completed`/`failed` when it ended
   * first), not `running`.
   */
  async cancel(userId: string, runId: string): Promise<RunRow | undefined> {
    const run = await this.runs.getOwned(userId, runId);
    if (!run) return undefined;
    if (!ACTIVE_STATUSES.includes(run.status as RunStatus)) return run;
    await this.queue.cancel(runId);
    if (await this.runs.cancelIfQueued(runId, CANCELLED)) {
      // No executor will announce it: tell the run's sockets here.
      await this.options.events?.publish(runId, runErrorFrame(CANCELLED));
    }
    const end = Date.now() + CANCEL_WAIT_MS;
    for (let pause = 10; ; pause = Math.min(200, pause * 2)) {
      const now = await this.runs.getOwned(userId, runId);
      if (!now || !ACTIVE_STATUSES.includes(now.status as RunStatus) || Date.now() >= end)
        return now;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
