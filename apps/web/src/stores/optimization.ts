import { DEFAULTS, ITERATIONS, STORE_KEY, TEMPERATURE } from "@promptune/contracts";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { tabFirstStorage } from "./tab-storage";

/** A worker agent as the multi-agent page edits it. */
export interface Worker {
  id: string;
  name: string;
  prompt: string;
  model: string;
  temperature: number;
  description: string;
}

/** The additional-worker template from the defaults response. */
export interface AdditionalWorkerConfig {
  name: string;
  prompt: string;
  model_name: string;
  temperature: number;
  description: string;
}

/** Settings persisted in browser storage under 'optimization-store' (spec §3, exactly these). */
export interface OptimizationSettings {
  selectedDataset: string;
  selectedModel: string;
  temperature: number;
  iterations: number;
  multiAgentIterations: number;
  workers: Worker[];
  coordinatorPrompt: string;
  coordinatorModel: string;
  coordinatorTemperature: number;
  coordinatorDescription: string;
  additionalWorkerConfig: AdditionalWorkerConfig | null;
  availableDatasets: string[];
  availableModels: string[];
  iterationsMax: number;
  initialPrompt: string;
  botPrompt: string;
  isDefaultsLoaded: boolean;
}

/** The persisted field names, in spec order (used to persist exactly these). */
export const PERSISTED_FIELDS = [
  "selectedDataset",
  "selectedModel",
  "temperature",
  "iterations",
  "multiAgentIterations",
  "workers",
  "coordinatorPrompt",
  "coordinatorModel",
  "coordinatorTemperature",
  "coordinatorDescription",
  "additionalWorkerConfig",
  "availableDatasets",
  "availableModels",
  "iterationsMax",
  "initialPrompt",
  "botPrompt",
  "isDefaultsLoaded",
] as const satisfies readonly (keyof OptimizationSettings)[];

/** A worker named 'Worker N' copying the given agent settings. */
export function makeWorker(
  index: number,
  from: Omit<Worker, "id" | "name">,
  name?: string,
): Worker {
  return {
    id: `worker-${Date.now().toString(36)}-${index}-${Math.random().toString(36).slice(2, 7)}`,
    name: name ?? `Worker ${index}`,
    ...from,
  };
}

/** Values used before the server's defaults arrive (spec §5/§9 fallbacks). */
export function initialSettings(): OptimizationSettings {
  const base = {
    prompt: DEFAULTS.prompt,
    model: DEFAULTS.model,
    temperature: TEMPERATURE.default,
    description: "",
  };
  return {
    selectedDataset: "",
    selectedModel: DEFAULTS.model,
    temperature: TEMPERATURE.default,
    iterations: ITERATIONS.singleAgentFallback,
    multiAgentIterations: ITERATIONS.multiAgentDefault,
    workers: DEFAULTS.workerNames.map((name, i) => makeWorker(i + 1, base, name)),
    coordinatorPrompt: DEFAULTS.prompt,
    coordinatorModel: DEFAULTS.model,
    coordinatorTemperature: TEMPERATURE.default,
    coordinatorDescription: DEFAULTS.coordinatorDescription,
    additionalWorkerConfig: null,
    availableDatasets: [],
    availableModels: [],
    iterationsMax: ITERATIONS.max,
    initialPrompt: "",
    botPrompt: "",
    isDefaultsLoaded: false,
  };
}

interface SettingsActions {
  /** Merges a partial update into the settings. */
  update(patch: Partial<OptimizationSettings>): void;
  /** Restores every setting to its initial value. */
  reset(): void;
}

/** The persisted optimisation settings store (key 'optimization-store'). */
export const useOptimizationStore = create<OptimizationSettings & SettingsActions>()(
  persist(
    (set) => ({
      ...initialSettings(),
      update: (patch) => set(patch),
      reset: () => set(initialSettings()),
    }),
    {
      name: STORE_KEY,
      storage: createJSONStorage(() => tabFirstStorage()),
      partialize: (state) =>
        Object.fromEntries(
          PERSISTED_FIELDS.map((k) => [k, state[k]]),
        ) as Partial<OptimizationSettings>,
    },
  ),
);
