import { ITERATIONS, type RunEstimateRequest } from "@promptune/contracts";
import { useShallow } from "zustand/react/shallow";
import { RunEstimateLine } from "../../components/run-budget";
import { candidateModelsField, useCandidateModelsStore } from "../../stores/candidate-models";
import { extraDatasetsField, useExtraDatasetsStore } from "../../stores/extra-datasets";
import { useOptimizationStore } from "../../stores/optimization";

/** The estimate request of the current single-agent settings; null while they cannot start a run. */
export function singleEstimateRequest(s: {
  botPrompt: string;
  selectedDataset: string;
  selectedModel: string;
  iterations: number;
  temperature: number;
}): RunEstimateRequest | null {
  const validIterations =
    Number.isInteger(s.iterations) &&
    s.iterations >= ITERATIONS.min &&
    s.iterations <= ITERATIONS.max;
  if (!s.botPrompt.trim() || !s.selectedDataset || !s.selectedModel || !validIterations)
    return null;
  return {
    mode: "single",
    prompt: s.botPrompt,
    dataset_name: s.selectedDataset,
    model_name: s.selectedModel,
    iterations: s.iterations,
    temperature: s.temperature,
  };
}

/** "≈ N model calls · T tokens · $C" for the single-agent settings (the model sweep included), next to Optimize. */
export function SingleRunEstimate() {
  const candidates = useCandidateModelsStore((s) => s.single);
  const settings = useOptimizationStore(
    useShallow((s) => ({
      botPrompt: s.botPrompt,
      selectedDataset: s.selectedDataset,
      selectedModel: s.selectedModel,
      iterations: s.iterations,
      temperature: s.temperature,
    })),
  );
  const base = singleEstimateRequest(settings);
  const models = candidateModelsField(candidates, settings.selectedModel).candidate_models;
  const extras = extraDatasetsField(
    useExtraDatasetsStore((s) => s.single),
    settings.selectedDataset,
  );
  const request: RunEstimateRequest | null =
    base?.mode === "single"
      ? { ...base, ...(models ? { candidate_models: models } : {}), ...extras }
      : base;
  return <RunEstimateLine request={request} />;
}
