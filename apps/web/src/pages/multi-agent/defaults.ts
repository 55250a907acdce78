/**
 * 'Reset to Defaults' of the multi-agent page (spec §5): the defaults
 * response's option lists, coordinator, workers, additional-worker template,
 * iterations and dataset. (The first load of the page goes through the
 * shared loader, stores/defaults-loader.ts.)
 */
import {
  type AgentConfig,
  DEFAULTS,
  type DefaultsResponse,
  ITERATIONS,
} from "@promptune/contracts";
import { ensureDefaults } from "../../stores/defaults-loader";
import { makeWorker, type OptimizationSettings } from "../../stores/optimization";

/** The option lists, limits and the additional-worker template (refreshed on every load). */
export function listsFromDefaults(d: DefaultsResponse): Partial<OptimizationSettings> {
  const extra = d["additional-worker"];
  return {
    availableModels: d.models.options,
    availableDatasets: d.datasets.options,
    iterationsMax: d.iterations.max || ITERATIONS.max,
    additionalWorkerConfig: {
      name: extra.name,
      prompt: extra.prompt,
      model_name: extra.model_name,
      temperature: extra.temperature,
      description: extra.description ?? "",
    },
  };
}

/** The multi-agent settings of the defaults: coordinator, workers, iterations and dataset. */
export function multiAgentSettingsFromDefaults(d: DefaultsResponse): Partial<OptimizationSettings> {
  const master = d["master-agent"];
  const worker = (w: AgentConfig, i: number) =>
    makeWorker(
      i + 1,
      {
        prompt: w.prompt || DEFAULTS.prompt,
        model: w.model_name || DEFAULTS.model,
        temperature: w.temperature,
        description: w.description ?? "",
      },
      w.name,
    );
  return {
    coordinatorPrompt: master.prompt || DEFAULTS.prompt,
    coordinatorModel: master.model_name || DEFAULTS.model,
    coordinatorTemperature: master.temperature,
    coordinatorDescription: master.description || DEFAULTS.coordinatorDescription,
    workers: d["worker-agents"].length ? d["worker-agents"].map(worker) : [],
    multiAgentIterations: d.iterations.default || ITERATIONS.multiAgentDefault,
    selectedDataset: d.datasets.default || d.datasets.options[0] || DEFAULTS.multiAgentDataset,
  };
}

/** Everything 'Reset to Defaults' writes: the lists plus the multi-agent settings. */
export function multiAgentResetPatch(d: DefaultsResponse): Partial<OptimizationSettings> {
  return { ...listsFromDefaults(d), ...multiAgentSettingsFromDefaults(d) };
}

/** Loads the defaults the multi-agent page needs, once per page load (the shared loader). */
export function loadMultiAgentDefaults(): Promise<void> {
  return ensureDefaults();
}
