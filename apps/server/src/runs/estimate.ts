/**
 * The estimate of a run before it starts (docs/optimiser.md "Budget"): the
 * engine's call plan for the request's mode, dataset, iterations and models,
 * priced with the gateway's price table. Its `max_calls` caps the run.
 */
import type {
  MultiAgentOptimizeRequest,
  RunEstimate,
  RunMode,
  SingleAgentOptimizeRequest,
} from "@promptune/contracts";
import { estimateRun, type LoadedDataset } from "@promptune/engine";
import type { LlmGateway } from "../llm";

/** The gateway's parts an estimate needs: the engine's role models and prices. */
export type EstimateModels = Pick<LlmGateway, "roles" | "priceOf">;

/** Rounds a cost to a millionth of a dollar (as usage is reported). */
const usd = (x: number) => Math.round(x * 1e6) / 1e6;

/** Estimates the run `request` would start (same dataset, models and iterations) in the contract's shape. */
export function estimateRequest(
  models: EstimateModels,
  dataset: LoadedDataset,
  mode: RunMode,
  request: SingleAgentOptimizeRequest | MultiAgentOptimizeRequest,
): RunEstimate {
  const common = {
    dataset,
    iterations: request.iterations,
    models: {
      judge: models.roles.judge,
      reflection: models.roles.reflection,
      embedding: models.roles.embedding,
    },
    price: (model: string) => models.priceOf(model),
  };
  const e =
    mode === "single"
      ? estimateRun({
          ...common,
          mode: "single",
          model: (request as SingleAgentOptimizeRequest).model_name,
          prompt: (request as SingleAgentOptimizeRequest).prompt,
          candidateModels: (request as SingleAgentOptimizeRequest).candidate_models ?? [],
        })
      : estimateRun({
          ...common,
          mode: "multi",
          config: {
            "master-agent": (request as MultiAgentOptimizeRequest)["master-agent"],
            "worker-agents": (request as MultiAgentOptimizeRequest)["worker-agents"],
          },
          candidateModels: (request as MultiAgentOptimizeRequest).candidate_models ?? {},
        });
  return {
    calls: e.calls,
    max_calls: e.maxCalls,
    input_tokens: e.inputTokens,
    output_tokens: e.outputTokens,
    cost_usd: e.costUsd === null ? null : usd(e.costUsd),
  };
}
