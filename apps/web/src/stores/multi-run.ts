import type {
  AgentConfig,
  FrontierPoint,
  MultiAgentIteration,
  Point,
  ScoreInterval,
} from "@promptune/contracts";
import { create } from "zustand";
import type { MultiAgentFinalResult } from "../api/run-types";
import { validFrontierChoice } from "../components/frontier/selection";
import { reachedPercent } from "../components/progress/ended-run";

/** A whole multi-agent configuration in payload form (coordinator + workers). */
export interface MultiAgentSnapshot {
  "master-agent": AgentConfig;
  "worker-agents": AgentConfig[];
}

/** The initial configuration's graph points (the first update's `baseline`, drawn as iteration 0). */
export interface BaselinePoints {
  evaluation_point: Point;
  embedding_point: Point;
  /** The initial configuration's validation score in [0, 1]. */
  validation_score?: number;
  /** Its 95 % interval (error bar of iteration 0). */
  validation_interval?: ScoreInterval | null;
}

/** Working (not persisted) state of the multi-agent page (spec §3 multi-agent fields). */
export interface MultiRunState {
  /** Results received so far, iterations 1..N in arrival order. */
  multiAgentIterationResults: MultiAgentIteration[];
  /** True once a run finished (progress reached 100 %). */
  multiAgentIsOptimized: boolean;
  /** Index into the results of the optimised configuration shown and chatted with. */
  multiAgentSelectedIterationIndex: number;
  /** A run is in progress (controls are locked). */
  isOptimizing: boolean;
  /** Progress target in percent (0–100); displays ease towards it. */
  progress: number;
  /** Iteration count requested by the running or last run. */
  requestedIterations: number;
  /** The configuration the last run started from (the 'Initial configuration' card). */
  initialConfig: MultiAgentSnapshot | null;
  /** Baseline points of the last run. */
  baseline: BaselinePoints | null;
  /** The final result of the last completed run. */
  finalResult: MultiAgentFinalResult | null;
  /** The completion message is visible. */
  showCompletion: boolean;
  /** The cost–quality frontier of the finished (or loaded) run; null without candidate models. */
  frontier: FrontierPoint[] | null;
  /** The frontier point chosen in the chart or table (index); null = the recommended one. */
  frontierSelected: number | null;
  /** The run the frontier belongs to (to remember the choice per run). */
  frontierRunId: string | null;
}

interface MultiRunActions {
  /** Starts a run: clears results, selection, progress and graph data (spec §4 "Starting"). */
  startRun(initialConfig: MultiAgentSnapshot, iterations: number): void;
  /** Stores one received result (and the baseline the first carries). */
  addResult(result: MultiAgentIteration): void;
  /** Sets the progress target. */
  setProgress(progress: number): void;
  /** Keeps the final result of the run. */
  setFinalResult(result: MultiAgentFinalResult | null): void;
  /** Run `runId`'s frontier loaded from history, with the point its user chose (null: the recommended one). */
  setFrontier(frontier: FrontierPoint[] | null, runId: string, chosen?: number | null): void;
  /** Chooses frontier point `index`; the iteration with its prompts becomes the selected one. */
  selectFrontierPoint(index: number): void;
  /** Marks the run finished and optimised (after progress reached 100 %). */
  markOptimized(): void;
  /** Ends a run without result (error or manual stop): back to idle. */
  stopRun(): void;
  /** Selects an optimised iteration (carousel, chat picker). */
  selectIteration(index: number): void;
  /** Shows or hides the completion message. */
  setShowCompletion(show: boolean): void;
  /** Forgets everything (tests, sign-out). */
  clear(): void;
}

function initialRunState(): MultiRunState {
  return {
    multiAgentIterationResults: [],
    multiAgentIsOptimized: false,
    multiAgentSelectedIterationIndex: 0,
    isOptimizing: false,
    progress: 0,
    requestedIterations: 0,
    initialConfig: null,
    baseline: null,
    finalResult: null,
    showCompletion: false,
    frontier: null,
    frontierSelected: null,
    frontierRunId: null,
  };
}

/**
 * Auto-advance rule of the multi-agent carousel (spec §4): follow a new
 * result only when the user was on the latest one (or nothing was shown).
 */
export function nextSelectedIndex(current: number, previousCount: number): number {
  return previousCount === 0 || current >= previousCount - 1 ? previousCount : current;
}

/** The prompts of a whole configuration (coordinator, then workers) as one key; null without one. */
export function promptsKey(c: {
  "master-agent"?: { prompt: string } | undefined;
  "worker-agents"?: { prompt: string }[] | undefined;
}): string | null {
  if (!c["master-agent"] || !c["worker-agents"]) return null;
  return JSON.stringify([c["master-agent"].prompt, ...c["worker-agents"].map((w) => w.prompt)]);
}

/** The multi-agent run store (results, selection, progress, completion). */
export const useMultiRunStore = create<MultiRunState & MultiRunActions>()((set) => ({
  ...initialRunState(),
  startRun: (initialConfig, iterations) =>
    set({
      ...initialRunState(),
      isOptimizing: true,
      requestedIterations: iterations,
      initialConfig,
    }),
  addResult: (result) =>
    set((s) => {
      const results = [...s.multiAgentIterationResults, result];
      return {
        multiAgentIterationResults: results,
        multiAgentSelectedIterationIndex: nextSelectedIndex(
          s.multiAgentSelectedIterationIndex,
          s.multiAgentIterationResults.length,
        ),
        baseline:
          s.baseline ??
          (result.baseline
            ? {
                evaluation_point: result.baseline.evaluation_point,
                embedding_point: result.baseline.embedding_point,
                validation_score: result.baseline.validation_score,
                validation_interval: result.baseline.validation_interval ?? null,
              }
            : null),
      };
    }),
  setProgress: (progress) => set({ progress }),
  setFinalResult: (finalResult) =>
    set({
      finalResult,
      frontier: finalResult?.server?.frontier ?? null,
      frontierSelected: null,
      frontierRunId: finalResult?.server?.run_id ?? null,
    }),
  setFrontier: (frontier, runId, chosen) =>
    set({
      frontier,
      frontierSelected: validFrontierChoice(frontier, chosen),
      frontierRunId: runId,
    }),
  selectFrontierPoint: (index) =>
    set((s) => {
      const point = s.frontier?.[index];
      if (!point) return {};
      const key = promptsKey(point);
      const iteration = key
        ? s.multiAgentIterationResults.findLastIndex((r) => promptsKey(r) === key)
        : -1;
      return iteration < 0
        ? { frontierSelected: index }
        : { frontierSelected: index, multiAgentSelectedIterationIndex: iteration };
    }),
  markOptimized: () => set({ isOptimizing: false, multiAgentIsOptimized: true, progress: 100 }),
  stopRun: () =>
    set((s) => ({
      isOptimizing: false,
      progress: reachedPercent(s.multiAgentIterationResults.length, s.requestedIterations),
    })),
  selectIteration: (index) =>
    set((s) => ({
      multiAgentSelectedIterationIndex: Math.max(
        0,
        Math.min(index, Math.max(0, s.multiAgentIterationResults.length - 1)),
      ),
    })),
  setShowCompletion: (showCompletion) => set({ showCompletion }),
  clear: () => set(initialRunState()),
}));
