/**
 * A stored run handed to the engine: its dataset resolved for its owner, the
 * announced estimate's call cap, its request parsed by mode, and its last
 * checkpoint when it resumes.
 */
import {
  type DatasetExample,
  MultiAgentOptimizeRequestSchema,
  SingleAgentOptimizeRequestSchema,
} from "@promptune/contracts";
import {
  type LlmPort,
  type MultiAgentCandidate,
  type OptimisationCheckpoint,
  type OptimisationRun,
  optimizeMultiAgent,
  optimizeSingleAgent,
  type SingleAgentCandidate,
} from "@promptune/engine";
import { withDbRetry } from "../db/transient";
import type { RunExecutorDeps } from "./executor";
import { storedEstimate } from "./outcome-messages";
import type { RunRow } from "./repository";

/** Starts the engine for a stored run, resuming from its checkpoint when it has one. */
export async function startEngine(
  run: RunRow,
  deps: RunExecutorDeps,
  llm: LlmPort,
  signal: AbortSignal,
): Promise<
  | {
      mode: "single";
      gen: OptimisationRun<SingleAgentCandidate>;
      request: ReturnType<typeof SingleAgentOptimizeRequestSchema.parse>;
      examples: DatasetExample[];
    }
  | { mode: "multi"; gen: OptimisationRun<MultiAgentCandidate>; examples: DatasetExample[] }
> {
  const { extra_datasets } = JSON.parse(run.request) as { extra_datasets?: string[] };
  const dataset = await withDbRetry(() =>
    deps.datasets.resolveRun(run.user_id, { dataset_name: run.dataset_name, extra_datasets }),
  );
  const estimate = storedEstimate(run);
  const common = {
    ...(estimate ? { maxCalls: estimate.max_calls } : {}),
    llm,
    models: deps.models,
    dataset,
    iterations: run.iterations,
    seed: run.seed,
    concurrency: deps.callConcurrency,
    signal,
    ...(deps.priceOf ? { price: deps.priceOf } : {}),
  };
  const checkpoint = run.checkpoint ? JSON.parse(run.checkpoint) : undefined;
  if (run.mode === "single") {
    const request = SingleAgentOptimizeRequestSchema.parse(JSON.parse(run.request));
    const gen = optimizeSingleAgent({
      ...common,
      model: request.model_name,
      prompt: request.prompt,
      temperature: request.temperature,
      ...(request.candidate_models ? { candidateModels: request.candidate_models } : {}),
      ...(request.max_cost_usd !== undefined ? { maxCostUsd: request.max_cost_usd } : {}),
      ...(checkpoint
        ? { resumeFrom: checkpoint as OptimisationCheckpoint<SingleAgentCandidate> }
        : {}),
    });
    return { mode: "single", gen, request, examples: dataset.examples };
  }
  const request = MultiAgentOptimizeRequestSchema.parse(JSON.parse(run.request));
  const gen = optimizeMultiAgent({
    ...common,
    config: { "master-agent": request["master-agent"], "worker-agents": request["worker-agents"] },
    ...(request.candidate_models ? { candidateModels: request.candidate_models } : {}),
    ...(request.max_cost_usd !== undefined ? { maxCostUsd: request.max_cost_usd } : {}),
    ...(checkpoint
      ? { resumeFrom: checkpoint as OptimisationCheckpoint<MultiAgentCandidate> }
      : {}),
  });
  return { mode: "multi", gen, examples: dataset.examples };
}
