/**
 * Pure mappings of the History tab (spec §2, §4): table rows from history
 * records, the Russian-locale date, and what 'Load into optimizer' and
 * 'Load to integration' put where, with the spec's defaults.
 */
import {
  DEFAULTS,
  type HistoryRecord,
  type HistoryStep,
  type Integration,
  TEMPERATURE,
} from "@promptune/contracts";
import type { SingleIterationResult } from "../../../api/run-types";
import { chosenFrontierIndex } from "../../../components/frontier/selection";
import { sharePercent } from "../../../lib/format-score";
import { runTemperatureOf } from "../../../run/presented";
import type { OptimizationSettings } from "../../../stores/optimization";

/** Day/month/year hour:minute in the Russian locale, e.g. "21.11.2026, 14:05". */
export function formatHistoryDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("ru-RU", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** "N optimized steps" (singular for one). */
export function stepsLabel(count: number): string {
  return `${count} optimized ${count === 1 ? "step" : "steps"}`;
}

/** Records newest first by created_at (spec §4). */
export function sortNewestFirst(records: HistoryRecord[]): HistoryRecord[] {
  return [...records].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** How a run's status reads in the history (the server's `cancelled` is a run the user stopped). */
export const STATUS_LABELS: Record<HistoryRecord["status"], string> = {
  completed: "Completed",
  cancelled: "Stopped",
  failed: "Failed",
  running: "Running",
  paused: "Paused",
  queued: "Queued",
};

/** How a run's mode reads in the history. */
export const MODE_LABELS: Record<HistoryRecord["mode"], string> = {
  single: "Single-Agent",
  multi: "Multi-Agent",
};

const PREVIEW_CHARS = 90;

/** The first characters of a prompt on one line, with an ellipsis when cut. */
export function promptPreview(prompt: string, max = PREVIEW_CHARS): string {
  const line = prompt.replace(/\s+/g, " ").trim();
  if (!line) return "(empty prompt)";
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** A [0, 1] score as a percentage with one decimal, or '—' when not measured. */
export function scoreLabel(score: number | null | undefined): string {
  return typeof score === "number" && Number.isFinite(score) ? sharePercent(score) : "—";
}

/** One row of the history table. */
export interface HistoryRow {
  id: string;
  date: string;
  stepsLabel: string;
  iterations: number;
  /** The dataset's name (its id). */
  dataset: string;
  /** The dataset's title when known (bundled or the user's own), else its name. */
  datasetTitle: string;
  status: HistoryRecord["status"];
  statusLabel: string;
  modeLabel: string;
  /** Start of the initial prompt (the coordinator's for multi-agent runs). */
  preview: string;
  /** Best validation score, e.g. '80.0%'. */
  bestScore: string;
  /** Held-out test score of the presented configuration, e.g. '75.0%'. */
  heldOutScore: string;
  record: HistoryRecord;
}

/** Table rows of records (newest first); `titles` maps dataset names to their titles. */
export function historyRows(
  records: HistoryRecord[],
  timeZone?: string,
  titles: ReadonlyMap<string, string> = new Map(),
): HistoryRow[] {
  return sortNewestFirst(records).map((record) => ({
    id: record.id,
    date: formatHistoryDate(record.created_at, timeZone),
    stepsLabel: stepsLabel(record.steps.length),
    iterations: record.configuration.iterations,
    dataset: record.configuration.dataset_name,
    datasetTitle:
      titles.get(record.configuration.dataset_name) ?? record.configuration.dataset_name,
    status: record.status,
    statusLabel: STATUS_LABELS[record.status],
    modeLabel: MODE_LABELS[record.mode],
    preview: promptPreview(
      record.configuration["master-agent"]?.prompt || record.configuration.initial_prompt,
    ),
    bestScore: scoreLabel(record.best_score),
    heldOutScore: scoreLabel(record.held_out?.final_score ?? record.test_score),
    record,
  }));
}

/** Index of the record's selected step among its steps, or -1. */
export function selectedStepIndex(record: HistoryRecord): number {
  return record.selected_step_id
    ? record.steps.findIndex((s) => s.id === record.selected_step_id)
    : -1;
}

/**
 * The step a run presents: the selected one, else the best by validation
 * score (the earliest on a tie), else none.
 */
export function presentedStep(record: HistoryRecord): HistoryStep | undefined {
  const selected = record.steps.find((s) => s.id === record.selected_step_id);
  if (selected) return selected;
  let best: HistoryStep | undefined;
  for (const step of [...record.steps].sort((a, b) => a.step_number - b.step_number)) {
    if (!best || step.validation_score > best.validation_score) best = step;
  }
  return best;
}

/** What 'Load into optimizer' puts into the optimizer (single-agent). */
export interface OptimizerLoad {
  settings: Pick<
    OptimizationSettings,
    | "initialPrompt"
    | "botPrompt"
    | "selectedDataset"
    | "selectedModel"
    | "temperature"
    | "iterations"
  >;
  /** Prompts of all steps, in order (the optimised prompts). */
  prompts: string[];
  /** Iteration 0 (when stored) and the steps as iteration results (graphs and carousel). */
  results: SingleIterationResult[];
  /** Step to select (the selected one, else the last). */
  selectedIndex: number;
}

function resultOf(step: HistoryStep): SingleIterationResult {
  return {
    iteration: step.step_number,
    prompt: step.prompt,
    model_name: step.model_name,
    temperature: step.temperature,
    evaluation_point: step.evaluation_point,
    embedding_point: step.embedding_point,
    validation_score: step.validation_score,
    accepted: step.accepted,
  };
}

/** The run's iteration 0 as a result (graphs and the initial card's badge), when stored. */
function initialResultOf(record: HistoryRecord): SingleIterationResult[] {
  const zero = record.initial_evaluation;
  if (!zero) return [];
  const c = record.configuration;
  return [
    {
      iteration: 0,
      prompt: c.initial_prompt,
      model_name: c.model_name || DEFAULTS.model,
      temperature: Number.isFinite(c.temperature) ? c.temperature : TEMPERATURE.default,
      evaluation_point: zero.evaluation_point,
      embedding_point: zero.embedding_point,
      validation_score: zero.validation_score,
      accepted: true,
    },
  ];
}

/**
 * 'Load into optimizer' (spec §4): the initial prompt, every step's prompt,
 * dataset (default 'DCH2'), model (default gpt-4o), temperature (default
 * 0.7), iterations (default the number of steps) and the steps.
 */
export function optimizerLoadFromHistory(record: HistoryRecord): OptimizerLoad {
  const c = record.configuration;
  const steps = [...record.steps].sort((a, b) => a.step_number - b.step_number);
  const selected = selectedStepIndex({ ...record, steps });
  return {
    settings: {
      initialPrompt: c.initial_prompt,
      botPrompt: c.initial_prompt,
      selectedDataset: c.dataset_name || DEFAULTS.historyDataset,
      selectedModel: c.model_name || DEFAULTS.model,
      temperature: Number.isFinite(c.temperature) ? c.temperature : TEMPERATURE.default,
      iterations: c.iterations || steps.length,
    },
    prompts: steps.map((s) => s.prompt),
    results: [...initialResultOf(record), ...steps.map(resultOf)],
    selectedIndex: selected >= 0 ? selected : Math.max(0, steps.length - 1),
  };
}

/**
 * 'Load to integration' (spec §4): the initial configuration from the run's
 * initial prompt, the optimised one from the last step's prompt (the initial
 * prompt when there are no steps; on the recommended frontier point's model
 * and temperature when the run has one); the connector part is kept.
 */
export function integrationFromHistory(
  record: HistoryRecord,
  current: Pick<Integration, "username" | "friends_usernames">,
): Integration {
  const c = record.configuration;
  const model = c.model_name || DEFAULTS.model;
  const temperature = Number.isFinite(c.temperature) ? c.temperature : TEMPERATURE.default;
  const last = [...record.steps].sort((a, b) => a.step_number - b.step_number).at(-1);
  // A run with a cost–quality frontier: its presented prompt goes on the point its user chose
  // (else the recommended one).
  const chosen = record.frontier?.[chosenFrontierIndex(record.frontier, record.frontier_choice)];
  const point = last && chosen?.prompt === last.prompt ? chosen : undefined;
  return {
    username: current.username,
    friends_usernames: current.friends_usernames,
    init_config: { model_name: model, prompt: c.initial_prompt, temperature },
    opti_config: {
      model_name: point?.model_name || last?.model_name || model,
      prompt: last ? last.prompt : c.initial_prompt,
      temperature:
        point?.temperature ??
        runTemperatureOf(last?.step_number, last?.temperature, {
          bestIteration: record.best_iteration,
          presentedTemperature: record.presented_temperature,
        }) ??
        temperature,
    },
  };
}
