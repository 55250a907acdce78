import { notifications } from "@mantine/notifications";
import type { FinalResult, MultiAgentOptimizeRequest } from "@promptune/contracts";
import { useCallback } from "react";
import type { MultiAgentFinalResult } from "../../api/run-types";
import { bestIndex } from "../../run/score";
import { type RunAdapter, useRun } from "../../run/useRun";
import { useAuthStore } from "../../stores/auth";
import { multiCandidateModelsField, useCandidateModelsStore } from "../../stores/candidate-models";
import { parseCostCap, useCostCapStore } from "../../stores/cost-cap";
import { extraDatasetsField, useExtraDatasetsStore } from "../../stores/extra-datasets";
import { useMultiRunStore } from "../../stores/multi-run";
import { makeWorker, useOptimizationStore } from "../../stores/optimization";
import { useUiStore } from "../../stores/ui";
import { optimizeRequest } from "./workers";

/** Alerts of the multi-agent run (spec §5, §6, §8) and the refusals before a run starts. */
export const RUN_MESSAGES = {
  unauthorized: "You need to be authorized to start optimization!",
  failed: "Multi-agent optimization failed. Please try again.",
  startFailed: "Failed to start multi-agent optimization. Please try again.",
  emptyCoordinator: "Enter the coordinator prompt before optimizing.",
  emptyWorkerName: "Every worker needs a name (letters and numbers) before optimizing.",
} as const;

/** Shows an error alert (a red toast with role="alert"). */
export function showAlert(message: string, detail?: string): void {
  notifications.show({
    color: "red",
    title: message,
    message: detail && detail !== message ? detail : undefined,
  });
}

/** The run controls the page uses (progress itself lives in the run store). */
export interface MultiAgentRunControls {
  /** Starts an optimisation (opens the login modal for anonymous users). */
  optimize(): void;
  /** Stops the run on the server (kept in history as stopped). */
  stop(): void;
  stopping: boolean;
  /** Stops following the run locally (the server still finishes it). */
  disconnect(): void;
}

/** The final result the store keeps: the last result plus the prompts list, and the server's result. */
function finalOf(result: FinalResult | null, iterations: number): MultiAgentFinalResult | null {
  const results = useMultiRunStore.getState().multiAgentIterationResults;
  const last = results.at(-1);
  if (!last) return null;
  const prompts = results.map((r) => r.prompt).slice(0, iterations);
  return {
    ...last,
    prompts,
    totalIterations: results.length,
    ...(result ? { server: result } : {}),
  };
}

/** Why the current settings cannot be optimised; null when they can. */
export function refusal(settings: {
  coordinatorPrompt: string;
  workers: readonly { name: string }[];
}): string | null {
  if (!settings.coordinatorPrompt.trim()) return RUN_MESSAGES.emptyCoordinator;
  if (settings.workers.some((w) => !w.name.trim())) return RUN_MESSAGES.emptyWorkerName;
  return null;
}

/** How multi-agent runs live in the multi-run store. */
export const multiRunAdapter: RunAdapter<"multi"> = {
  mode: "multi",
  expectedUpdates: (iterations) => iterations,
  begin: (request, iterations) =>
    useMultiRunStore
      .getState()
      .startRun(
        { "master-agent": request["master-agent"], "worker-agents": request["worker-agents"] },
        iterations,
      ),
  restore: (request) => {
    const master = request["master-agent"];
    useOptimizationStore.getState().update({
      coordinatorPrompt: master.prompt,
      coordinatorModel: master.model_name,
      coordinatorTemperature: master.temperature,
      coordinatorDescription: master.description ?? "",
      workers: request["worker-agents"].map((w, i) =>
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
      selectedDataset: request.dataset_name,
      multiAgentIterations: request.iterations,
    });
  },
  update: (data) => useMultiRunStore.getState().addResult(data),
  complete: (result, request) => {
    const store = useMultiRunStore.getState();
    store.setFinalResult(finalOf(result, request.iterations));
    store.markOptimized();
    // Present the best validation score by default (any iteration can still be picked).
    store.selectIteration(
      bestIndex(store.multiAgentIterationResults, result?.best_iteration ?? undefined),
    );
  },
  end: () => useMultiRunStore.getState().stopRun(),
  isOptimizing: () => useMultiRunStore.getState().isOptimizing,
  setProgress: (value) => useMultiRunStore.getState().setProgress(value),
  setShowCompletion: (show) => useMultiRunStore.getState().setShowCompletion(show),
  texts: { failed: RUN_MESSAGES.failed, startFailed: RUN_MESSAGES.startFailed },
};

/**
 * Drives multi-agent optimisations (spec §4) through the shared run hook:
 * sign-in check, the refusals (empty coordinator prompt or worker name), then
 * the run; a run already going on the server is reattached on load.
 */
export function useMultiAgentRun(): MultiAgentRunControls {
  const run = useRun(multiRunAdapter);
  const { start } = run;

  const optimize = useCallback(() => {
    if (useMultiRunStore.getState().isOptimizing) return;
    if (useAuthStore.getState().status !== "authenticated") {
      const openLogin = useUiStore.getState().openLogin;
      if (typeof openLogin === "function") openLogin();
      else showAlert(RUN_MESSAGES.unauthorized);
      return;
    }
    const settings = useOptimizationStore.getState();
    const refused = refusal(settings);
    if (refused) return showAlert(refused);
    const cap = parseCostCap(useCostCapStore.getState().multi);
    if (!cap.ok) return showAlert(cap.error);
    const candidates = useCandidateModelsStore.getState();
    const request: MultiAgentOptimizeRequest = {
      ...optimizeRequest(settings),
      ...multiCandidateModelsField(candidates.coordinator, candidates.workers),
      ...extraDatasetsField(useExtraDatasetsStore.getState().multi, settings.selectedDataset),
      ...(cap.usd !== null ? { max_cost_usd: cap.usd } : {}),
    };
    start(request);
  }, [start]);

  return { optimize, stop: run.stop, stopping: run.stopping, disconnect: run.disconnect };
}
