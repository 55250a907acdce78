import type {
  FinalResult,
  FrontierPoint,
  HeldOutComparison,
  MultiAgentIteration,
  MultiAgentOptimizeRequest,
  SingleAgentIteration,
  SingleAgentOptimizeRequest,
  Usage,
} from "@promptune/contracts";
import type {
  FinalResult as EngineFinal,
  FrontierPoint as EngineFrontierPoint,
  HeldOutComparison as EngineHeldOut,
  IterationResult,
  LlmUsage,
  MultiAgentCandidate,
  SingleAgentCandidate,
} from "@promptune/engine";
import { reasoningFields, toPick } from "../evidence/mapping";

/** Engine usage → the contract's snake_case usage. */
export function toUsage(u: LlmUsage): Usage {
  return {
    calls: u.calls,
    input_tokens: u.inputTokens,
    output_tokens: u.outputTokens,
    cost_usd: Math.round(u.costUsd * 1e6) / 1e6,
    cached_calls: u.cachedCalls,
  };
}

/** Rounds a share to 4 decimals (hundredths of a point), enough for display and stable in JSON. */
const share = (x: number) => Math.round(x * 10_000) / 10_000;

/** The engine's held-out comparison → the contract's snake_case shape (null when not measured). */
export function toHeldOut(h: EngineHeldOut | null): HeldOutComparison | null {
  if (!h) return null;
  return {
    examples: h.examples,
    initial_score: share(h.initialScore),
    final_score: share(h.finalScore),
    difference: share(h.difference),
    ci_low: share(h.ciLow),
    ci_high: share(h.ciHigh),
    significant: h.significant,
  };
}

/** Rounds a cost in USD to a millionth of a dollar. */
const usd = (x: number) => Math.round(x * 1e6) / 1e6;

/** The engine's frontier → the contract's points (multi-agent points carry their configuration). */
export function toFrontier<C>(
  points: readonly EngineFrontierPoint<C>[] | undefined,
  configOf?: (c: C) => Pick<FrontierPoint, "master-agent" | "worker-agents">,
): FrontierPoint[] | undefined {
  if (!points) return undefined;
  return points.map((p) => ({
    model_name: p.modelName,
    temperature: p.temperature,
    prompt: p.prompt,
    score: share(p.score),
    ci_low: share(p.ciLow),
    ci_high: share(p.ciHigh),
    cost_per_1k_usd: usd(p.costPer1kUsd),
    calls_per_reply: Math.round(p.callsPerReply * 100) / 100,
    recommended: p.recommended,
    on_frontier: p.onFrontier,
    test_score: p.testScore === null ? null : share(p.testScore),
    ...(configOf ? configOf(p.config) : {}),
  }));
}

/** One single-agent engine result → the socket's `update` data. */
export function singleIteration(
  r: IterationResult<SingleAgentCandidate>,
  request: SingleAgentOptimizeRequest,
): SingleAgentIteration {
  return {
    iteration: r.iteration,
    prompt: r.config.prompt,
    model_name: request.model_name,
    temperature: r.config.temperature,
    evaluation_point: r.evaluationPoint,
    embedding_point: r.embeddingPoint,
    accepted: r.accepted,
    parent: r.parent,
    validation_score: r.validationScore,
    usage: toUsage(r.usage),
    ...reasoningFields(r),
  };
}

/** One multi-agent engine result → the socket's `update` data (iteration 0 is stored, never sent). */
export function multiIteration(r: IterationResult<MultiAgentCandidate>): MultiAgentIteration {
  const master = r.config["master-agent"];
  return {
    iteration: r.iteration,
    prompt: master.prompt,
    temperature: master.temperature,
    "master-agent": master,
    "worker-agents": r.config["worker-agents"],
    evaluation_point: r.evaluationPoint,
    embedding_point: r.embeddingPoint,
    accepted: r.accepted,
    parent: r.parent,
    validation_score: r.validationScore,
    usage: toUsage(r.usage),
    ...reasoningFields(r),
  };
}

/** The single-agent final result sent with `complete`. */
export function singleFinal(runId: string, f: EngineFinal<SingleAgentCandidate>): FinalResult {
  return {
    run_id: runId,
    prompt: f.best.config.prompt,
    prompts: f.prompts,
    totalIterations: f.totalIterations,
    evaluation_point: f.best.evaluationPoint,
    embedding_point: f.best.embeddingPoint,
    temperature: f.best.config.temperature,
    best_iteration: f.best.iteration,
    initial_score: f.initial.validationScore,
    best_validation_score: f.best.validationScore,
    test_score: f.testScore,
    initial_test_score: f.initialTestScore,
    held_out: toHeldOut(f.heldOut),
    usage: toUsage(f.usage),
    pick: toPick(f),
    ...(f.frontier
      ? { frontier: toFrontier(f.frontier), model_name: f.presentedModelName ?? "" }
      : {}),
  };
}

/** The multi-agent final result sent with `complete`. */
export function multiFinal(runId: string, f: EngineFinal<MultiAgentCandidate>): FinalResult {
  const master = f.best.config["master-agent"];
  return {
    run_id: runId,
    prompt: master.prompt,
    prompts: f.prompts,
    totalIterations: f.totalIterations,
    evaluation_point: f.best.evaluationPoint,
    embedding_point: f.best.embeddingPoint,
    temperature: master.temperature,
    best_iteration: f.best.iteration,
    initial_score: f.initial.validationScore,
    best_validation_score: f.best.validationScore,
    test_score: f.testScore,
    initial_test_score: f.initialTestScore,
    held_out: toHeldOut(f.heldOut),
    usage: toUsage(f.usage),
    pick: toPick(f),
    "master-agent": master,
    "worker-agents": f.best.config["worker-agents"],
    ...(f.frontier
      ? {
          frontier: toFrontier(f.frontier, (c) => ({
            "master-agent": c["master-agent"],
            "worker-agents": c["worker-agents"],
          })),
        }
      : {}),
  };
}

/** The request a run was created with, by mode. */
export type RunRequest =
  | { mode: "single"; request: SingleAgentOptimizeRequest }
  | { mode: "multi"; request: MultiAgentOptimizeRequest };
