import { ITERATIONS, type RunEstimateRequest } from "@promptune/contracts";
import { useShallow } from "zustand/react/shallow";
import { RunEstimateLine } from "../../components/run-budget";
import { multiCandidateModelsField, useCandidateModelsStore } from "../../stores/candidate-models";
import { extraDatasetsField, useExtraDatasetsStore } from "../../stores/extra-datasets";
import { useOptimizationStore } from "../../stores/optimization";
import { optimizeRequest } from "./workers";

/** "≈ N model calls · T tokens · $C" for the multi-agent settings (the model sweep included), next to Optimize. */
export function MultiRunEstimate() {
  const candidates = useCandidateModelsStore(
    useShallow((st) => ({ coordinator: st.coordinator, workers: st.workers })),
  );
  const extras = useExtraDatasetsStore((st) => st.multi);
  const s = useOptimizationStore(
    useShallow((st) => ({
      workers: st.workers,
      coordinatorPrompt: st.coordinatorPrompt,
      coordinatorModel: st.coordinatorModel,
      coordinatorTemperature: st.coordinatorTemperature,
      coordinatorDescription: st.coordinatorDescription,
      additionalWorkerConfig: st.additionalWorkerConfig,
      availableDatasets: st.availableDatasets,
      selectedDataset: st.selectedDataset,
      multiAgentIterations: st.multiAgentIterations,
    })),
  );
  const body = optimizeRequest(s);
  const valid =
    body.dataset_name !== "" &&
    body["master-agent"].prompt.trim() !== "" &&
    body["worker-agents"].length > 0 &&
    Number.isInteger(body.iterations) &&
    body.iterations >= ITERATIONS.min &&
    body.iterations <= ITERATIONS.max;
  const request: RunEstimateRequest | null = valid
    ? {
        mode: "multi",
        ...body,
        ...multiCandidateModelsField(candidates.coordinator, candidates.workers),
        ...extraDatasetsField(extras, body.dataset_name),
      }
    : null;
  return <RunEstimateLine request={request} />;
}
