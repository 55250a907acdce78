import { notifications } from "@mantine/notifications";
import type { FinalResult, SingleAgentOptimizeRequest } from "@promptune/contracts";
import { useCallback } from "react";
import type { SingleFinalResult } from "../../api/run-types";
import { chosenFrontierPoint } from "../../components/frontier/selection";
import { runTemperatureOf } from "../../run/presented";
import { type RunAdapter, useRun } from "../../run/useRun";
import { useAuthStore } from "../../stores/auth";
import { candidateModelsField, useCandidateModelsStore } from "../../stores/candidate-models";
import { parseCostCap, useCostCapStore } from "../../stores/cost-cap";
import { extraDatasetsField, useExtraDatasetsStore } from "../../stores/extra-datasets";
import { useOptimizationStore } from "../../stores/optimization";
import { useSessionStore } from "../../stores/session";
import { useSingleRunStore } from "../../stores/single-run";
import { useUiStore } from "../../stores/ui";
import { saveResultsToIntegration } from "./integration-sync";

/** Spec §8 alert of a failed single-agent run. */
export const OPTIMIZATION_FAILED = "Optimization failed. Please try again.";

/** The optimizer's run controller: progress, start, stop and the completion message flag. */
export interface SingleOptimization {
  progress: number;
  running: boolean;
  /** True from 500 ms after progress reached 100 % until the next run. */
  showCompletion: boolean;
  start(): void;
  /** Stops the run on the server (kept in history as stopped). */
  stop(): void;
  stopping: boolean;
  /** Stops following the run locally (the server still finishes it). */
  disconnect(): void;
}

function alert(title: string, message?: string) {
  notifications.show({ color: "red", title, message: message ?? "", autoClose: 5000 });
}

/** The final result the store keeps: the server's when it arrived, else the received prompts. */
function finalOf(result: FinalResult | null, iterations: number): SingleFinalResult {
  const run = useSingleRunStore.getState();
  if (result) return { ...result, totalIterations: iterations };
  return { prompts: run.optimizedPrompts.slice(0, iterations), totalIterations: iterations };
}

/** After completion in 'Telegram Integration' mode, the results go back to the integration. */
function syncIntegration(request: SingleAgentOptimizeRequest): void {
  if (useSessionStore.getState().optimizationType !== "with_integration") return;
  const after = useSingleRunStore.getState();
  const selected = after.iterationResults[after.selectedIterationIndex];
  const optimisedPrompt = after.selectedPrompt || request.prompt;
  // The presented prompt of a run with a frontier goes on the chosen point's model.
  const recommended = chosenFrontierPoint(
    after.frontier,
    after.frontierSelected,
    (p) => p.prompt === optimisedPrompt,
  );
  void saveResultsToIntegration({
    initialPrompt: request.prompt,
    optimisedPrompt,
    model: request.model_name,
    ...(recommended ? { optimisedModel: recommended.model_name } : {}),
    temperature: request.temperature,
    optimisedTemperature:
      recommended?.temperature ??
      runTemperatureOf(selected?.iteration, selected?.temperature, after.summary) ??
      request.temperature,
  });
}

/** How single-agent runs live in the single-run store. */
export const singleRunAdapter: RunAdapter<"single"> = {
  mode: "single",
  expectedUpdates: (iterations) => iterations + 1,
  begin: (_request, iterations) => useSingleRunStore.getState().beginRun(iterations),
  restore: (request) =>
    useOptimizationStore.getState().update({
      botPrompt: request.prompt,
      initialPrompt: request.prompt,
      selectedDataset: request.dataset_name,
      selectedModel: request.model_name,
      iterations: request.iterations,
      temperature: request.temperature,
    }),
  update: (data) => {
    const run = useSingleRunStore.getState();
    if (data.iteration === 0) run.setInitialResult(data);
    else run.appendResult(data);
  },
  complete: (result, request) => {
    useSingleRunStore.getState().completeRun(finalOf(result, request.iterations));
    syncIntegration(request);
  },
  end: () => useSingleRunStore.getState().abortRun(),
  isOptimizing: () => useSingleRunStore.getState().isOptimizing,
  setProgress: (value) => useSingleRunStore.getState().setProgress(value),
  texts: { failed: OPTIMIZATION_FAILED, startFailed: OPTIMIZATION_FAILED },
};

/**
 * Runs single-agent optimisations (spec §4) through the shared run hook:
 * checks sign-in (else the login modal), the prompt, dataset and iterations,
 * then starts; a run already going on the server is reattached on load.
 */
export function useSingleOptimization(): SingleOptimization {
  const run = useRun(singleRunAdapter);
  const running = useSingleRunStore((s) => s.isOptimizing);
  const progress = useSingleRunStore((s) => s.progress);
  const hasResults = useSingleRunStore(
    (s) => s.iterationResults.length > 0 || s.initialResult !== null || s.isOptimized,
  );
  const { start: startRun } = run;

  const start = useCallback(() => {
    if (useSingleRunStore.getState().isOptimizing) return;
    if (useAuthStore.getState().status !== "authenticated") {
      useUiStore.getState().openLogin();
      return;
    }
    const s = useOptimizationStore.getState();
    if (!s.botPrompt.trim() || !s.selectedDataset)
      return alert("Please enter a prompt and select a dataset");
    if (!Number.isInteger(s.iterations) || s.iterations < 1)
      return alert("Please enter a valid number of iterations (minimum 1)");
    const cap = parseCostCap(useCostCapStore.getState().single);
    if (!cap.ok) return alert("Please fix the cost cap", cap.error);
    s.update({ initialPrompt: s.botPrompt });
    startRun({
      prompt: s.botPrompt,
      dataset_name: s.selectedDataset,
      model_name: s.selectedModel,
      iterations: s.iterations,
      temperature: s.temperature,
      ...candidateModelsField(useCandidateModelsStore.getState().single, s.selectedModel),
      ...extraDatasetsField(useExtraDatasetsStore.getState().single, s.selectedDataset),
      ...(cap.usd !== null ? { max_cost_usd: cap.usd } : {}),
    });
  }, [startRun]);

  return {
    progress: running || hasResults ? progress : 0,
    running,
    showCompletion: run.showCompletion,
    start,
    stop: run.stop,
    stopping: run.stopping,
    disconnect: run.disconnect,
  };
}
