/**
 * Fills the persisted settings from GET /auto-tune/defaults (spec §3, §5, §9).
 * The first successful load sets every value and marks isDefaultsLoaded;
 * later loads (one per page load) only refresh the option lists and keep the
 * user's choices valid. When the call fails, the spec's fallbacks apply.
 */
import { DEFAULTS, type DefaultsResponse, ITERATIONS } from "@promptune/contracts";
import { fetchDefaults } from "../api/defaults";
import { makeWorker, type OptimizationSettings, useOptimizationStore } from "./optimization";

/** The settings patch for a defaults response; `firstLoad` also replaces the user's values. */
export function settingsFromDefaults(
  d: DefaultsResponse,
  current: OptimizationSettings,
  firstLoad: boolean,
): Partial<OptimizationSettings> {
  const lists: Partial<OptimizationSettings> = {
    availableModels: d.models.options,
    availableDatasets: d.datasets.options,
    iterationsMax: d.iterations.max,
    isDefaultsLoaded: true,
  };
  const defaultModel = d.models.default || d.models.options[0] || DEFAULTS.model;
  const defaultDataset = d.datasets.default || d.datasets.options[0] || DEFAULTS.multiAgentDataset;
  if (firstLoad) {
    const master = d["master-agent"];
    return {
      ...lists,
      selectedModel: defaultModel,
      selectedDataset: defaultDataset,
      temperature: d.temperature.default,
      iterations: Math.min(
        d.iterations.default || ITERATIONS.unspecifiedFallback,
        d.iterations.max,
      ),
      multiAgentIterations: Math.min(
        d.iterations.default || ITERATIONS.multiAgentDefault,
        ITERATIONS.max,
      ),
      botPrompt: current.botPrompt.trim() ? current.botPrompt : d.default_prompt || DEFAULTS.prompt,
      coordinatorPrompt: master.prompt,
      coordinatorModel: master.model_name,
      coordinatorTemperature: master.temperature,
      coordinatorDescription: master.description || DEFAULTS.coordinatorDescription,
      workers: d["worker-agents"].map((w, i) =>
        makeWorker(
          i + 1,
          {
            prompt: w.prompt,
            model: w.model_name,
            temperature: w.temperature,
            description: w.description ?? "",
          },
          w.name,
        ),
      ),
      additionalWorkerConfig: {
        ...d["additional-worker"],
        description: d["additional-worker"].description ?? "",
      },
    };
  }
  return {
    ...lists,
    ...(d.models.options.length > 0 && !d.models.options.includes(current.selectedModel)
      ? { selectedModel: defaultModel }
      : {}),
    ...(current.selectedDataset ? {} : { selectedDataset: defaultDataset }),
    iterations: Math.min(Math.max(ITERATIONS.min, current.iterations), d.iterations.max),
  };
}

/** The spec's fallbacks when defaults cannot be loaded (values the user already has are kept). */
export function fallbackSettings(current: OptimizationSettings): Partial<OptimizationSettings> {
  return {
    availableModels:
      current.availableModels.length > 0 ? current.availableModels : [...DEFAULTS.fallbackModels],
    selectedModel: current.selectedModel || DEFAULTS.model,
    selectedDataset:
      current.selectedDataset || current.availableDatasets[0] || DEFAULTS.multiAgentDataset,
    iterations: current.iterations || ITERATIONS.unspecifiedFallback,
    botPrompt: current.botPrompt.trim() ? current.botPrompt : DEFAULTS.prompt,
  };
}

let loading: Promise<void> | null = null;

/** Forgets the page load's defaults request so the next ensureDefaults() asks again (tests, resets). */
export function forgetDefaultsLoad(): void {
  loading = null;
}

/** Loads the defaults once per page load (concurrent callers share the request). */
export function ensureDefaults(): Promise<void> {
  if (loading) return loading;
  loading = (async () => {
    const store = useOptimizationStore.getState();
    try {
      const defaults = await fetchDefaults();
      const current = useOptimizationStore.getState();
      store.update(settingsFromDefaults(defaults, current, !current.isDefaultsLoaded));
    } catch (error) {
      console.error("Failed to load defaults; using fallback values", error);
      store.update(fallbackSettings(useOptimizationStore.getState()));
      loading = null;
    }
  })();
  return loading;
}
