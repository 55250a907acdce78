import type { FinalResult } from "@promptune/contracts";
import { PROGRESS } from "@promptune/contracts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type IterationOf,
  openRunStream,
  type RunFailure,
  type RunModeName,
  type RunRequestOf,
  type RunStream,
} from "../api/run-socket";
import { cancelRun, fetchActiveRun } from "../api/runs";
import { loadContracts } from "../api/schemas";
import { emitClearChats } from "../components/chat/events";
import { preloadNotifications } from "../components/DeferredNotifications";
import { ProgressController } from "../components/progress";
import { useAuthStore } from "../stores/auth";
import {
  hideRunPause,
  showRunFailure,
  showRunNotice,
  showRunPause,
  showRunStopped,
} from "./notify";

/** How a mode keeps a run: its store, its texts and how its updates are counted. */
export interface RunAdapter<M extends RunModeName> {
  mode: M;
  /** Updates a run of `iterations` sends (single N+1, multi N). */
  expectedUpdates(iterations: number): number;
  /** A run starts or is reattached: clear the run state and mark it optimising. */
  begin(request: RunRequestOf<M>, iterations: number): void;
  /** A reattached run's settings go back into the controls. */
  restore(request: RunRequestOf<M>): void;
  update(data: IterationOf<M>): void;
  /** The run completed (after progress reached 100 %). */
  complete(result: FinalResult | null, request: RunRequestOf<M>): void;
  /** The run ended without completing (failure, stop, leaving the page); what arrived stays. */
  end(): void;
  isOptimizing(): boolean;
  setProgress(value: number): void;
  setShowCompletion?(show: boolean): void;
  /** Spec §8 alert titles of a failed run and of a run that could not start. */
  texts: { failed: string; startFailed: string };
}

/** What a page gets from useRun. */
export interface RunControls<M extends RunModeName> {
  /** Starts a run from a request (the page has checked sign-in and the inputs). */
  start(request: RunRequestOf<M>): void;
  /** Asks the server to stop the running run; it is kept in history as stopped. */
  stop(): void;
  /** Stops following the run locally (the server still finishes it). */
  disconnect(): void;
  /** True from the Stop click until the server confirmed. */
  stopping: boolean;
  /** True from 500 ms after progress reached 100 % until the next run. */
  showCompletion: boolean;
}

/**
 * The one run hook of both optimizer pages: streams a run into the mode's
 * store with the spec's progress arithmetic, shows failures, stops runs on
 * the server, and on page load (and sign-in) reattaches to the caller's
 * active run of the mode, replaying its updates so far and then the live
 * ones. Leaving the page only closes the socket. The toasts' host and the
 * schemas are loaded at mount, so connection errors show even when the
 * server has gone away.
 */
export function useRun<M extends RunModeName>(adapter: RunAdapter<M>): RunControls<M> {
  const progress = useMemo(() => new ProgressController((v) => adapter.setProgress(v)), [adapter]);
  const stream = useRef<RunStream | null>(null);
  const generation = useRef(0);
  const stopRequested = useRef(false);
  const cancelSent = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [stopping, setStopping] = useState(false);
  const [showCompletion, setShowCompletionState] = useState(false);
  const authenticated = useAuthStore((s) => s.status === "authenticated");

  const setShowCompletion = useCallback(
    (show: boolean) => {
      setShowCompletionState(show);
      adapter.setShowCompletion?.(show);
    },
    [adapter],
  );

  const follow = useCallback(
    (
      request: RunRequestOf<M>,
      iterations: number,
      resumeId: string | undefined,
      fresh: boolean,
    ) => {
      const id = ++generation.current;
      const current = () => generation.current === id;
      stream.current?.close();
      stream.current = null;
      stopRequested.current = false;
      cancelSent.current = false;
      setStopping(false);
      if (timer.current) clearTimeout(timer.current);
      setShowCompletion(false);
      adapter.begin(request, iterations);
      if (fresh) emitClearChats();
      progress.start(iterations);

      const ended = (failure: RunFailure | null) => {
        if (!current()) return;
        stream.current = null;
        hideRunPause();
        progress.reset();
        adapter.end();
        setStopping(false);
        if (stopRequested.current) showRunStopped();
        else if (failure) showRunFailure(adapter.texts.failed, failure);
      };
      const first = resumeId ? { type: "resume" as const, run_id: resumeId } : request;
      openRunStream(adapter.mode, first, adapter.expectedUpdates(iterations), {
        onUpdate: (data, runId) => {
          if (!current()) return;
          adapter.update(data);
          progress.recordResponse();
          if (stopRequested.current && runId && !cancelSent.current) {
            cancelSent.current = true;
            void cancelRun(runId).catch(() => {});
          }
        },
        onProgress: (value) => current() && progress.report(value),
        onPause: (state, message) => current() && showRunPause(state, message),
        onComplete: (result) => {
          if (!current()) return;
          stream.current = null;
          hideRunPause();
          progress.markCompleted();
          progress.finish(() => {
            if (!current()) return;
            adapter.complete(result, request);
            if (result?.notice) showRunNotice(result.notice);
            timer.current = setTimeout(
              () => current() && setShowCompletion(true),
              PROGRESS.completionMessageDelayMs,
            );
          });
        },
        onError: ended,
      }).then(
        (opened) => {
          if (current()) stream.current = opened;
          else opened.close();
        },
        (error: unknown) => {
          if (!current()) return;
          progress.reset();
          adapter.end();
          showRunFailure(adapter.texts.startFailed, {
            message: error instanceof Error ? error.message : String(error),
          });
        },
      );
    },
    [adapter, progress, setShowCompletion],
  );

  // Reattach: on load (and once signed in) follow the caller's active run of this mode.
  useEffect(() => {
    preloadNotifications();
    if (!authenticated) return;
    void loadContracts().catch(() => {});
    const controller = new AbortController();
    fetchActiveRun(adapter.mode, controller.signal).then(
      (active) => {
        if (!active || controller.signal.aborted || stream.current || adapter.isOptimizing())
          return;
        const request = active.request as RunRequestOf<M>;
        adapter.restore(request);
        follow(request, active.iterations, active.run_id, false);
      },
      () => {},
    );
    return () => controller.abort();
  }, [adapter, authenticated, follow]);

  // Leaving the page stops following (the run goes on; coming back reattaches).
  useEffect(
    () => () => {
      generation.current++;
      stream.current?.close();
      stream.current = null;
      if (timer.current) clearTimeout(timer.current);
      progress.dispose();
      if (adapter.isOptimizing()) adapter.end();
    },
    [adapter, progress],
  );

  const start = useCallback(
    (request: RunRequestOf<M>) => follow(request, request.iterations, undefined, true),
    [follow],
  );

  const stop = useCallback(() => {
    if (!adapter.isOptimizing() || stopRequested.current) return;
    stopRequested.current = true;
    setStopping(true);
    const runId = stream.current?.runId;
    if (runId) {
      cancelSent.current = true;
      void cancelRun(runId).catch(() => {});
    }
  }, [adapter]);

  const disconnect = useCallback(() => {
    generation.current++;
    stream.current?.close();
    stream.current = null;
    progress.reset();
    if (adapter.isOptimizing()) adapter.end();
  }, [adapter, progress]);

  return { start, stop, disconnect, stopping, showCompletion };
}
