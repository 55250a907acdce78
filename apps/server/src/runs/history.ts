import {
  type AgentConfig,
  FrontierPointSchema,
  HeldOutComparisonSchema,
  type HistoryInitialEvaluation,
  type HistoryRecord,
  type HistoryStep,
  type MultiAgentIteration,
  type MultiAgentOptimizeRequest,
  type RunMode,
  type RunStatus,
  type SingleAgentIteration,
  type SingleAgentOptimizeRequest,
  type Usage,
} from "@promptune/contracts";
import type { RunIterationRow, RunRow } from "./repository";

/** The columns of a run its history record is built from (not its checkpoint or final result). */
export const HISTORY_COLUMNS = [
  "id",
  "created_at",
  "mode",
  "status",
  "request",
  "selected_step",
  "best_iteration",
  "presented_temperature",
  "initial_score",
  "best_score",
  "test_score",
  "held_out",
  "frontier",
  "frontier_choice",
  "usage",
  "error",
] as const satisfies readonly (keyof RunRow)[];

/** A run as far as its history record needs it. */
export type HistoryRunRow = Pick<RunRow, (typeof HISTORY_COLUMNS)[number]>;

/** Step ids are `<run id>:<step number>`, stable and unique across runs. */
export function stepId(runId: string, step: number): string {
  return `${runId}:${step}`;
}

/** Splits a step id into its run id and step number; undefined when malformed. */
export function parseStepId(id: string): { runId: string; step: number } | undefined {
  const i = id.lastIndexOf(":");
  if (i <= 0) return undefined;
  const step = Number(id.slice(i + 1));
  if (!Number.isInteger(step) || step < 1) return undefined;
  return { runId: id.slice(0, i), step };
}

function configuration(run: HistoryRunRow): HistoryRecord["configuration"] {
  if (run.mode === "single") {
    const r = JSON.parse(run.request) as SingleAgentOptimizeRequest;
    return {
      initial_prompt: r.prompt,
      model_name: r.model_name,
      temperature: r.temperature,
      iterations: r.iterations,
      dataset_name: r.dataset_name,
      ...(r.extra_datasets?.length ? { extra_datasets: r.extra_datasets } : {}),
    };
  }
  const r = JSON.parse(run.request) as MultiAgentOptimizeRequest;
  const master = r["master-agent"] as AgentConfig;
  return {
    initial_prompt: master.prompt,
    model_name: master.model_name,
    temperature: master.temperature,
    iterations: r.iterations,
    dataset_name: r.dataset_name,
    ...(r.extra_datasets?.length ? { extra_datasets: r.extra_datasets } : {}),
    "master-agent": master,
    "worker-agents": r["worker-agents"] as AgentConfig[],
  };
}

function step(run: HistoryRunRow, row: RunIterationRow): HistoryStep {
  if (run.mode === "single") {
    const d = JSON.parse(row.data) as SingleAgentIteration;
    return {
      id: stepId(run.id, row.iteration),
      step_number: row.iteration,
      prompt: d.prompt,
      model_name: d.model_name,
      temperature: d.temperature,
      accepted: d.accepted,
      validation_score: d.validation_score,
      embedding_point: d.embedding_point,
      evaluation_point: d.evaluation_point,
    };
  }
  const d = JSON.parse(row.data) as MultiAgentIteration;
  return {
    id: stepId(run.id, row.iteration),
    step_number: row.iteration,
    prompt: d.prompt,
    model_name: d["master-agent"].model_name,
    temperature: d.temperature,
    accepted: d.accepted,
    validation_score: d.validation_score,
    embedding_point: d.embedding_point,
    evaluation_point: d.evaluation_point,
    "master-agent": d["master-agent"],
    "worker-agents": d["worker-agents"],
  };
}

/** A stored run as the history API returns it (spec §3 first shape plus mode, status, scores, usage). */
export function historyRecord(run: HistoryRunRow, iterations: RunIterationRow[]): HistoryRecord {
  return {
    id: run.id,
    run_id: run.id,
    created_at: run.created_at,
    mode: run.mode as RunMode,
    status: run.status as RunStatus,
    configuration: configuration(run),
    steps: iterations.filter((i) => i.iteration >= 1).map((i) => step(run, i)),
    selected_step_id: run.selected_step ? stepId(run.id, run.selected_step) : null,
    initial_score: run.initial_score,
    best_score: run.best_score,
    test_score: run.test_score,
    held_out: run.held_out ? HeldOutComparisonSchema.parse(JSON.parse(run.held_out)) : null,
    frontier: run.frontier ? FrontierPointSchema.array().parse(JSON.parse(run.frontier)) : null,
    frontier_choice: run.frontier ? run.frontier_choice : null,
    usage: JSON.parse(run.usage) as Usage,
    error: run.error,
    initial_evaluation: initialEvaluation(iterations),
    best_iteration: run.best_iteration,
    presented_temperature: run.presented_temperature,
  };
}

/** Iteration 0's score and points (both modes store it), or null before it was evaluated. */
function initialEvaluation(iterations: RunIterationRow[]): HistoryInitialEvaluation | null {
  const zero = iterations.find((i) => i.iteration === 0);
  if (!zero) return null;
  const d = JSON.parse(zero.data) as Partial<HistoryInitialEvaluation>;
  if (typeof d.validation_score !== "number" || !d.embedding_point || !d.evaluation_point)
    return null;
  return {
    validation_score: d.validation_score,
    embedding_point: d.embedding_point,
    evaluation_point: d.evaluation_point,
  };
}

/** The finished run's presented iteration from its stored final result. */
