/**
 * Pure rules of the multi-agent configuration (spec §5 "Workers", "Worker
 * name", temperatures, model fallbacks) and the payloads built from it.
 */
import {
  type AgentConfig,
  DEFAULTS,
  type MultiAgentOptimizeRequest,
  TEMPERATURE,
  WORKERS,
} from "@promptune/contracts";
import type { MultiAgentSnapshot } from "../../stores/multi-run";
import { makeWorker, type OptimizationSettings, type Worker } from "../../stores/optimization";

/** Name the coordinator carries in payloads. */
export const COORDINATOR_NAME = "Coordinator";

/** Title of the worker-name input (spec §5). */
export const NAME_TITLE = "Only letters and numbers";

/** HTML pattern of a worker name (checked with the `v` flag by browsers). */
export const NAME_PATTERN = "[\\p{L}\\p{N}]+";

/** Removes every character that is not a letter or a digit (typing and pasting). */
export function sanitizeWorkerName(value: string): string {
  return value.replace(/[^\p{L}\p{N}]/gu, "");
}

/** Clamps a temperature to 0–1 and rounds it to two decimals. */
export function clampTemperature(value: number): number {
  if (!Number.isFinite(value)) return TEMPERATURE.default;
  const bounded = Math.min(TEMPERATURE.max, Math.max(TEMPERATURE.min, value));
  return Math.round(bounded * 100) / 100;
}

/** Settings the worker rules read. */
type WorkerSource = Pick<
  OptimizationSettings,
  | "workers"
  | "coordinatorPrompt"
  | "coordinatorModel"
  | "coordinatorTemperature"
  | "coordinatorDescription"
  | "additionalWorkerConfig"
>;

/**
 * The worker the + button adds (spec §5): with at least 2 workers already,
 * the additional-worker defaults (its name, numbered if taken); otherwise a
 * copy of the coordinator's prompt, model, temperature and description named
 * 'Worker N'. Null at the maximum.
 */
export function newWorker(s: WorkerSource): Worker | null {
  const count = s.workers.length;
  if (count >= WORKERS.max) return null;
  const position = count + 1;
  if (count >= 2) {
    const extra = s.additionalWorkerConfig;
    const base = sanitizeWorkerName(extra?.name ?? DEFAULTS.additionalWorkerName) || "Worker";
    const taken = new Set(s.workers.map((w) => w.name));
    const name = taken.has(base) ? `${base}${position}` : base;
    return makeWorker(
      position,
      {
        prompt: extra?.prompt ?? DEFAULTS.prompt,
        model: extra?.model_name ?? s.coordinatorModel,
        temperature: clampTemperature(extra?.temperature ?? TEMPERATURE.default),
        description: extra?.description ?? "",
      },
      name,
    );
  }
  return makeWorker(position, {
    prompt: s.coordinatorPrompt,
    model: s.coordinatorModel,
    temperature: clampTemperature(s.coordinatorTemperature),
    description: s.coordinatorDescription,
  });
}

/** The workers after '+': one more (by the rule above), unchanged at the maximum. */
export function addWorker(s: WorkerSource): Worker[] {
  const worker = newWorker(s);
  return worker ? [...s.workers, worker] : s.workers;
}

/** The workers after '−': the last one removed, unchanged at the minimum. */
export function removeWorker(workers: readonly Worker[]): Worker[] {
  return workers.length > WORKERS.min ? workers.slice(0, -1) : [...workers];
}

/** Model options: the loaded list (plus the current value), else the spec's fallbacks. */
export function modelOptions(
  available: readonly string[],
  current: string,
  forWorker: boolean,
): string[] {
  const base: readonly string[] = available.length
    ? available
    : forWorker
      ? DEFAULTS.fallbackWorkerModels
      : DEFAULTS.fallbackModels;
  return current && !base.includes(current) ? [...base, current] : [...base];
}

/** Dataset options: the loaded list (plus the current value), else the multi-agent default. */
export function datasetOptions(available: readonly string[], current: string): string[] {
  const base = available.length ? [...available] : [DEFAULTS.multiAgentDataset];
  return current && !base.includes(current) ? [...base, current] : base;
}

/** The dataset a run uses: the selected one, else the first available, else 'DCH2-top-dialogs'. */
export function effectiveDataset(selected: string, available: readonly string[]): string {
  return selected || available[0] || DEFAULTS.multiAgentDataset;
}

/** A worker in payload form; an emptied name falls back to 'WorkerN'. */
export function workerPayload(worker: Worker, index: number): AgentConfig {
  return {
    name: worker.name.trim() ? worker.name.trim() : `Worker${index + 1}`,
    prompt: worker.prompt,
    model_name: worker.model,
    temperature: clampTemperature(worker.temperature),
    description: worker.description,
  };
}

/** The current settings as a multi-agent configuration (chat and optimisation payloads). */
export function configSnapshot(s: WorkerSource): MultiAgentSnapshot {
  return {
    "master-agent": {
      name: COORDINATOR_NAME,
      prompt: s.coordinatorPrompt,
      model_name: s.coordinatorModel,
      temperature: clampTemperature(s.coordinatorTemperature),
      description: s.coordinatorDescription,
    },
    "worker-agents": s.workers.map(workerPayload),
  };
}

/** The optimisation request sent as the socket's first message. */
export function optimizeRequest(
  s: WorkerSource &
    Pick<OptimizationSettings, "selectedDataset" | "availableDatasets" | "multiAgentIterations">,
): MultiAgentOptimizeRequest {
  return {
    ...configSnapshot(s),
    dataset_name: effectiveDataset(s.selectedDataset, s.availableDatasets),
    iterations: s.multiAgentIterations,
  };
}
