import { notifications } from "@mantine/notifications";
import { PROGRESS } from "@promptune/contracts";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { type MultiAgentRun, startMultiAgentOptimization } from "../../api/optimize-multi";
import { emitClearChats } from "../../components/chat/events";
import { ProgressController } from "../../components/progress";
import { useAuthStore } from "../../stores/auth";
import { useMultiRunStore } from "../../stores/multi-run";
import { useOptimizationStore } from "../../stores/optimization";
import { useUiStore } from "../../stores/ui";
import { configSnapshot, optimizeRequest } from "./workers";

/** Alerts of the multi-agent run (spec §5, §6, §8). */
export const RUN_MESSAGES = {
  unauthorized: "You need to be authorized to start optimization!",
  failed: "Multi-agent optimization failed. Please try again.",
  startFailed: "Failed to start multi-agent optimization. Please try again.",
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
  /** Closes the socket of a running optimisation. */
  disconnect(): void;
}

/**
 * Drives one multi-agent optimisation (spec §4): sign-in check, socket,
 * results into the run store, progress arithmetic (the shared
 * ProgressController, written to the run store), the finish easing, the
 * completion message 500 ms after 100 %, and the §8 alerts.
 */
export function useMultiAgentRun(): MultiAgentRunControls {
  // Progress goes to the run store, so only the progress displays re-render on each tick.
  const progress = useMemo(
    () => new ProgressController((value) => useMultiRunStore.getState().setProgress(value)),
    [],
  );
  const progressRef = useRef(progress);
  const runRef = useRef<MultiAgentRun | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(
    () => () => {
      // Leaving the page ends the local view of a running optimisation (the server still finishes it).
      runRef.current?.disconnect();
      runRef.current = null;
      if (useMultiRunStore.getState().isOptimizing) useMultiRunStore.getState().stopRun();
      for (const t of timers.current) clearTimeout(t);
      progressRef.current.dispose();
    },
    [],
  );

  const optimize = useCallback(() => {
    if (useMultiRunStore.getState().isOptimizing) return;
    if (useAuthStore.getState().status !== "authenticated") {
      const openLogin = useUiStore.getState().openLogin;
      if (typeof openLogin === "function") openLogin();
      else showAlert(RUN_MESSAGES.unauthorized);
      return;
    }
    const settings = useOptimizationStore.getState();
    const request = optimizeRequest(settings);
    const store = useMultiRunStore.getState();
    store.startRun(configSnapshot(settings), request.iterations);
    emitClearChats();
    progressRef.current.start(request.iterations);

    const fail = (message: string) => {
      runRef.current = null;
      progressRef.current.reset();
      useMultiRunStore.getState().stopRun();
      showAlert(RUN_MESSAGES.failed, message);
    };

    startMultiAgentOptimization(request, {
      onResult: (result) => {
        useMultiRunStore.getState().addResult(result);
        progressRef.current.recordResponse();
      },
      onMessage: (message) => {
        if (message.type === "progress" && typeof message.progress === "number") {
          progressRef.current.report(message.progress);
        }
      },
      onError: fail,
      onComplete: (final) => {
        runRef.current = null;
        useMultiRunStore.getState().setFinalResult(final);
        progressRef.current.markCompleted();
        progressRef.current.finish(() => {
          useMultiRunStore.getState().markOptimized();
          timers.current.push(
            setTimeout(
              () => useMultiRunStore.getState().setShowCompletion(true),
              PROGRESS.completionMessageDelayMs,
            ),
          );
        });
      },
    }).then(
      (run) => {
        runRef.current = run;
      },
      (error: unknown) => {
        progressRef.current.reset();
        useMultiRunStore.getState().stopRun();
        showAlert(RUN_MESSAGES.startFailed, error instanceof Error ? error.message : undefined);
      },
    );
  }, []);

  const disconnect = useCallback(() => {
    runRef.current?.disconnect();
    runRef.current = null;
    progressRef.current.reset();
    useMultiRunStore.getState().stopRun();
  }, []);

  return { optimize, disconnect };
}
