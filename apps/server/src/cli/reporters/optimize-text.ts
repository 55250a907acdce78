/**
 * Output of `promptune optimize`: per-iteration lines and the final summary,
 * as text for people or (with --json) one JSON object per line for scripts.
 */
import type { CliConfiguration, FinalResult } from "@promptune/contracts";
import type { FinalResult as EngineFinal, IterationResult, LlmUsage } from "@promptune/engine";
import { toUsage } from "../../runs/mapping";
import { formatFrontier } from "./frontier";
import { formatHeldOut } from "./held-out";
import { percent } from "./progress";

/** A run's configuration as a plain object for JSON lines (the existing `--json` shape). */
function describe(c: CliConfiguration) {
  const agents = c["master-agent"]
    ? { "master-agent": c["master-agent"], "worker-agents": c["worker-agents"] }
    : undefined;
  return { prompt: c.prompt, temperature: c.temperature, ...(agents ? { agents } : {}) };
}

/** The `--json` line of one iteration. */
export function iterationJson<C>(r: IterationResult<C>, configuration: CliConfiguration): string {
  return JSON.stringify({
    type: "iteration",
    iteration: r.iteration,
    ...describe(configuration),
    validation_score: r.validationScore,
    accepted: r.accepted,
    parent: r.parent,
    component: r.component,
    evaluation_point: r.evaluationPoint,
    embedding_point: r.embeddingPoint,
    budget_exhausted: r.budgetExhausted,
    usage: toUsage(r.usage),
  });
}

/** The text line of one iteration. */
export function iterationText<C>(r: IterationResult<C>, iterations: number): string {
  const what =
    r.iteration === 0
      ? "initial configuration"
      : r.accepted
        ? `accepted (from iteration ${r.parent}, changed ${r.component})`
        : `no improvement accepted; best so far is iteration ${r.candidateIteration}${r.budgetExhausted ? " (call budget reached)" : ""}`;
  return `iteration ${String(r.iteration).padStart(2)}/${iterations}  validation ${percent(r.validationScore).padStart(6)}  ${what}  [${r.usage.calls} calls]`;
}

/** The `--json` line of the final result (held-out comparison and estimate when measured). */
export function finalJson<C>(
  f: EngineFinal<C>,
  result: FinalResult,
  best: CliConfiguration,
): string {
  return JSON.stringify({
    type: "final",
    ...describe(best),
    best_iteration: result.best_iteration,
    initial_score: result.initial_score,
    best_validation_score: result.best_validation_score,
    test_score: result.test_score,
    initial_test_score: result.initial_test_score,
    test_size: f.testSize,
    prompts: result.prompts,
    totalIterations: result.totalIterations,
    budget_exhausted: f.budgetExhausted,
    usage: result.usage,
    ...(result.held_out !== undefined ? { held_out: result.held_out } : {}),
    ...(result.estimate !== undefined ? { estimate: result.estimate } : {}),
    ...(result.frontier ? { frontier: result.frontier, model_name: result.model_name } : {}),
    ...(f.costCapped ? { cost_capped: true } : {}),
  });
}

function usageLine(u: LlmUsage): string {
  return `${u.calls} calls (${u.cachedCalls} cached), ${u.inputTokens} input / ${u.outputTokens} output tokens, $${u.costUsd.toFixed(4)}`;
}

/** The final summary for people: scores, the held-out comparison, usage and the final configuration. */
export function finalText<C>(
  f: EngineFinal<C>,
  result: FinalResult,
  best: CliConfiguration,
): string {
  const heldOut = result.held_out ? [`Held-out change: ${formatHeldOut(result.held_out)}`] : [];
  const agents = best["master-agent"]
    ? { "master-agent": best["master-agent"], "worker-agents": best["worker-agents"] }
    : null;
  return [
    "",
    `Best: iteration ${result.best_iteration}, validation ${percent(result.best_validation_score)} (initial ${percent(result.initial_score)})`,
    `Held-out test (${f.testSize} examples): ${percent(result.test_score)} (initial ${percent(result.initial_test_score)})`,
    ...heldOut,
    `Usage: ${usageLine(f.usage)}${f.costCapped ? " — cost cap reached, stopped early" : f.budgetExhausted ? " — call budget reached" : ""}`,
    ...(result.frontier ? ["", formatFrontier(result.frontier)] : []),
    ...(result.model_name ? [`Model: ${result.model_name}`] : []),
    `Temperature: ${best.temperature.toFixed(2)}`,
    "",
    agents ? "Final configuration:" : "Final prompt:",
    agents ? JSON.stringify(agents, null, 2) : best.prompt,
    "",
  ].join("\n");
}
