import { randomInt } from "node:crypto";
import type {
  MultiAgentOptimizeRequest,
  RunEstimate,
  RunMode,
  SingleAgentOptimizeRequest,
} from "@promptune/contracts";
import type { DatasetRegistry } from "../datasets/registry";
import { badRequest, HttpError } from "../errors";
import { type EstimateModels, estimateRequest } from "./estimate";
import type { RunQueue } from "./queue";
import type { RunRepository, RunRow } from "./repository";

/** Settings of run creation. */
export interface RunServiceOptions {
  /** Runs one user may have queued or running at once. */
  maxActivePerUser: number;
  /** Models users may pick (the gateway's list). */
  allowedModels: () => string[];
  /** Role models and prices the run estimate uses (the gateway). */
  estimateModels: EstimateModels;
}

/** Every model a request names. */
function modelsOf(request: SingleAgentOptimizeRequest | MultiAgentOptimizeRequest): string[] {
  if ("model_name" in request) return [request.model_name];
  return [request["master-agent"].model_name, ...request["worker-agents"].map((w) => w.model_name)];
}

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
    const dataset = await this.datasets.resolve(userId, request.dataset_name);
    return estimateRequest(this.options.estimateModels, dataset, mode, request);
  }

  /**
   * Validates and stores a new run with its estimate (whose max_calls caps it). Returns the row; the caller subscribes to
   * its events and then calls `start` so no event can be missed.
   */
  async create(
    userId: string,
    mode: RunMode,
    request: SingleAgentOptimizeRequest | MultiAgentOptimizeRequest,
  ): Promise<RunRow> {
    const estimate = await this.estimate(userId, mode, request);
    const created = await this.runs.createWithinLimit(
      {
        userId,
        mode,
        request,
        datasetName: request.dataset_name,
        iterations: request.iterations,
        seed: randomInt(1, 2 ** 31 - 1),
        estimate,
      },
      this.options.maxActivePerUser,
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

  /** Cancels one of the user's runs if it is still going. */
  async cancel(userId: string, runId: string): Promise<RunRow | undefined> {
    const run = await this.runs.getOwned(userId, runId);
    if (!run) return undefined;
    if (run.status === "queued" || run.status === "running") {
      const reached = await this.queue.cancel(runId);
      if (!reached && run.status === "queued")
        await this.runs.finish(runId, "cancelled", "Optimization was cancelled.");
    }
    return this.runs.getOwned(userId, runId);
  }
}
