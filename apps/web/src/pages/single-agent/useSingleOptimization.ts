import { notifications } from "@mantine/notifications";
import { PROGRESS, type SingleAgentOptimizeRequest } from "@promptune/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { SingleAgentOptimizationClient, type SingleFinalResult } from "../../api/optimize-single";
import { emitClearChats } from "../../components/chat";
import { useOptimizationProgress } from "../../components/progress";
import { useAuthStore } from "../../stores/auth";
import { useOptimizationStore } from "../../stores/optimization";
import { useSessionStore } from "../../stores/session";
import { useSingleRunStore } from "../../stores/single-run";
import { useUiStore } from "../../stores/ui";
import { saveResultsToIntegration } from "./integration-sync";
import { fetchRunSummary } from "./run-summary";

/** Spec §8 alert of a failed single-agent run. */
export const OPTIMIZATION_FAILED = "Optimization failed. Please try again.";

/** The optimizer's run controller: progress, start and the completion message flag. */
export interface SingleOptimization {
  progress: number;
  running: boolean;
  /** True from 500 ms after progress reached 100 % until the next run. */
  showCompletion: boolean;
  start(): void;
  /** Closes the socket and resets the counters (the server still finishes the run). */
  disconnect(): void;
}

function alert(title: string, message?: string) {
  notifications.show({ color: "red", title, message: message ?? "", autoClose: 5000 });
}

/**
 * Runs single-agent optimisations (spec §4): checks sign-in (else the login
 * modal), the prompt, dataset and iterations; resets the run state, emits
 * clearChats, streams results through the socket client, drives progress,
 * and on completion marks the run optimised, fetches its test score and
 * usage, and in integration mode saves the results back.
 */
export function useSingleOptimization(): SingleOptimization {
  const progress = useOptimizationProgress();
  const client = useRef<SingleAgentOptimizationClient | null>(null);
  const summaryAbort = useRef<AbortController | null>(null);
  const completionTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [showCompletion, setShowCompletion] = useState(false);
  const running = useSingleRunStore((s) => s.isOptimizing);
  const { reset: resetProgress } = progress;

  const disconnect = useCallback(() => {
    client.current?.disconnect();
    resetProgress();
    if (useSingleRunStore.getState().isOptimizing) useSingleRunStore.getState().abortRun();
  }, [resetProgress]);

  useEffect(
    () => () => {
      client.current?.disconnect();
      summaryAbort.current?.abort();
      if (completionTimer.current) clearTimeout(completionTimer.current);
      if (useSingleRunStore.getState().isOptimizing) useSingleRunStore.getState().abortRun();
    },
    [],
  );

  const onCompleted = useCallback(
    (final: SingleFinalResult, request: SingleAgentOptimizeRequest) => {
      const run = useSingleRunStore.getState();
      run.completeRun(final);
      completionTimer.current = setTimeout(
        () => setShowCompletion(true),
        PROGRESS.completionMessageDelayMs,
      );
      const controller = new AbortController();
      summaryAbort.current = controller;
      void fetchRunSummary(
        {
          prompt: request.prompt,
          dataset: request.dataset_name,
          iterations: request.iterations,
          model: request.model_name,
        },
        { signal: controller.signal },
      ).then((summary) => {
        if (summary && !controller.signal.aborted) {
          const current = useSingleRunStore.getState();
          current.setSummary({ ...current.summary, ...summary });
        }
      });
      if (useSessionStore.getState().optimizationType === "with_integration") {
        const after = useSingleRunStore.getState();
        const last = after.iterationResults[after.iterationResults.length - 1];
        void saveResultsToIntegration({
          initialPrompt: request.prompt,
          optimisedPrompt:
            after.optimizedPrompts[after.optimizedPrompts.length - 1] ?? request.prompt,
          model: request.model_name,
          temperature: request.temperature,
          optimisedTemperature: last?.temperature ?? request.temperature,
        });
      }
    },
    [],
  );

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
    const request: SingleAgentOptimizeRequest = {
      prompt: s.botPrompt,
      dataset_name: s.selectedDataset,
      model_name: s.selectedModel,
      iterations: s.iterations,
      temperature: s.temperature,
    };
    s.update({ initialPrompt: s.botPrompt });
    summaryAbort.current?.abort();
    if (completionTimer.current) clearTimeout(completionTimer.current);
    setShowCompletion(false);
    const run = useSingleRunStore.getState();
    run.beginRun(request.iterations);
    emitClearChats();
    progress.start(request.iterations);

    const c = new SingleAgentOptimizationClient();
    client.current?.disconnect();
    client.current = c;
    const stop = (message: string) => {
      if (client.current !== c) return;
      progress.reset();
      useSingleRunStore.getState().abortRun();
      alert(OPTIMIZATION_FAILED, message);
    };
    c.start(request, {
      onInitialEvaluation: (r) => useSingleRunStore.getState().setInitialResult(r),
      onIterationResult: (r) => useSingleRunStore.getState().appendResult(r),
      onResponse: () => progress.recordResponse(),
      onProgress: (v) => progress.report(v),
      onComplete: (final) => {
        progress.markCompleted();
        progress.finish(() => {
          if (client.current === c) onCompleted(final, request);
        });
      },
      onError: stop,
    }).catch((error: unknown) => stop(error instanceof Error ? error.message : String(error)));
  }, [progress, onCompleted]);

  const hasResults = useSingleRunStore(
    (s) => s.iterationResults.length > 0 || s.initialResult !== null || s.isOptimized,
  );
  return {
    progress: running || hasResults ? progress.progress : 0,
    running,
    showCompletion,
    start,
    disconnect,
  };
}
