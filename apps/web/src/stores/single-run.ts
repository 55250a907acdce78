/**
 * Working state of the single-agent optimizer (spec §3, not persisted): the
 * initial evaluation, optimised prompts and results, the selection shared by
 * the carousel, slider, graphs and after-chat, and the graph data.
 */
import type { FrontierPoint, HeldOutComparison, RunPick, Usage } from "@promptune/contracts";
import { create } from "zustand";
import type { SingleFinalResult, SingleIterationResult } from "../api/run-types";
import { validFrontierChoice } from "../components/frontier/selection";
import { reachedPercent } from "../components/progress/ended-run";
import { bestIndex } from "../run/score";

/** A graph point of the run (x/y may be missing for an iteration without an embedding). */
export interface RunGraphPoint {
  iteration: number;
  x?: number;
  y?: number;
}

/** Run-level figures beyond the spec: held-out test scores and LLM usage. */
export interface RunSummary {
  runId?: string;
  initialScore?: number | null;
  bestScore?: number | null;
  testScore?: number | null;
  initialTestScore?: number | null;
  bestIteration?: number;
  /**
   * The temperature the finished run presents its best iteration at (the end's temperature probe
   * may have moved it from the iteration's own); see runTemperatureOf.
   */
  presentedTemperature?: number | null;
  usage?: Usage;
  /** Held-out comparison of the initial and the presented configuration. */
  heldOut?: HeldOutComparison | null;
  /** How the presented configuration was picked (the number the pick used). */
  pick?: RunPick;
}

/** The single-agent working state. */
export interface SingleRunState {
  selectedPrompt: string;
  isOptimized: boolean;
  isOptimizing: boolean;
  optimizedPrompts: string[];
  /** Optimised results, iterations 1..N (index i is iteration i + 1). */
  iterationResults: SingleIterationResult[];
  /** Evaluation of the initial configuration (iteration 0). */
  initialResult: SingleIterationResult | null;
  selectedIterationIndex: number;
  embeddingData: RunGraphPoint[];
  iterationData: RunGraphPoint[];
  graphSliderValue: number;
  /** Iterations requested by the current or last run. */
  requestedIterations: number;
  summary: RunSummary | null;
  /** The cost–quality frontier of the finished run (null without candidate models). */
  frontier: FrontierPoint[] | null;
  /** The frontier point chosen in the chart or table (index); null = the recommended one. */
  frontierSelected: number | null;
  /** Progress of the running or last run in percent (0–100). */
  progress: number;
}

/** Actions on the working state. */
export interface SingleRunActions {
  /** A new run starts: everything cleared, optimising with N iterations. */
  beginRun(iterations: number): void;
  /** The run stopped without completing (error or disconnect). */
  abortRun(): void;
  setInitialResult(result: SingleIterationResult): void;
  appendResult(result: SingleIterationResult): void;
  /** Selects optimised iteration `index` (0-based) everywhere. */
  select(index: number): void;
  /** The run completed: the final prompts list, optimised flag and summary. */
  completeRun(final: SingleFinalResult): void;
  setSummary(summary: RunSummary | null): void;
  /** A frontier loaded from history, with the point its user chose (null: the recommended one). */
  setFrontier(frontier: FrontierPoint[] | null, chosen?: number | null): void;
  /** Chooses frontier point `index`; the iteration with its prompt becomes the selected one. */
  selectFrontierPoint(index: number): void;
  setProgress(progress: number): void;
  /**
   * Loads prompts from elsewhere (history, integration): `prompts` become the
   * optimised prompts, `optimized` marks them as a finished run.
   */
  loadPrompts(prompts: string[], optimized: boolean, results?: SingleIterationResult[]): void;
  /** Back to the empty state. */
  clear(): void;
}

function emptyState(): SingleRunState {
  return {
    selectedPrompt: "",
    isOptimized: false,
    isOptimizing: false,
    optimizedPrompts: [],
    iterationResults: [],
    initialResult: null,
    selectedIterationIndex: 0,
    embeddingData: [],
    iterationData: [],
    graphSliderValue: 0,
    requestedIterations: 0,
    summary: null,
    frontier: null,
    frontierSelected: null,
    progress: 0,
  };
}

/** Index of the best optimised iteration (see run/score.ts); re-exported for the store's users. */
export { bestIndex };

/** Graph points of a result: embedding point and (iteration, evaluation). */
function pointsOf(r: SingleIterationResult): {
  embedding: RunGraphPoint;
  evaluation: RunGraphPoint;
} {
  const embedding: RunGraphPoint = { iteration: r.iteration };
  if (r.embedding_point) {
    embedding.x = r.embedding_point.x;
    embedding.y = r.embedding_point.y;
  }
  const evaluation: RunGraphPoint = { iteration: r.iteration, x: r.iteration };
  if (r.evaluation_point) evaluation.y = r.evaluation_point.y;
  else if (r.validation_score !== undefined) evaluation.y = r.validation_score * 100;
  return { embedding, evaluation };
}

function withPoints(
  state: SingleRunState,
  r: SingleIterationResult,
): Pick<SingleRunState, "embeddingData" | "iterationData"> {
  const { embedding, evaluation } = pointsOf(r);
  return {
    embeddingData: [
      ...state.embeddingData.filter((p) => p.iteration !== r.iteration),
      embedding,
    ].sort((a, b) => a.iteration - b.iteration),
    iterationData: [
      ...state.iterationData.filter((p) => p.iteration !== r.iteration),
      evaluation,
    ].sort((a, b) => a.iteration - b.iteration),
  };
}

/** The single-agent working store. */
export const useSingleRunStore = create<SingleRunState & SingleRunActions>()((set) => ({
  ...emptyState(),
  beginRun: (iterations) =>
    set({ ...emptyState(), isOptimizing: true, requestedIterations: iterations }),
  abortRun: () =>
    set((s) => ({
      isOptimizing: false,
      // What arrived stays on screen, and so does how far the run got (issue 26 §3 item 4).
      progress: reachedPercent(
        s.iterationResults.length + (s.initialResult ? 1 : 0),
        s.requestedIterations + 1,
      ),
    })),
  setInitialResult: (result) =>
    set((s) => ({ initialResult: result, ...withPoints(s, { ...result, iteration: 0 }) })),
  appendResult: (result) =>
    set((s) => {
      const optimizedPrompts = [...s.optimizedPrompts, result.prompt];
      const index = Math.min(s.selectedIterationIndex, optimizedPrompts.length - 1);
      return {
        iterationResults: [...s.iterationResults, result],
        optimizedPrompts,
        selectedPrompt: optimizedPrompts[index] ?? "",
        ...withPoints(s, result),
      };
    }),
  select: (index) =>
    set((s) => {
      if (index < 0 || index >= s.optimizedPrompts.length) return {};
      return {
        selectedIterationIndex: index,
        graphSliderValue: index,
        selectedPrompt: s.optimizedPrompts[index] ?? "",
      };
    }),
  completeRun: (final) =>
    set((s) => {
      const optimizedPrompts = final.prompts.length > 0 ? final.prompts : s.optimizedPrompts;
      const best = bestIndex(s.iterationResults, final.best_iteration);
      const index = Math.max(0, Math.min(best, optimizedPrompts.length - 1));
      return {
        optimizedPrompts,
        isOptimized: optimizedPrompts.length > 0,
        isOptimizing: false,
        selectedIterationIndex: index,
        graphSliderValue: index,
        selectedPrompt: optimizedPrompts[index] ?? "",
        frontier: final.frontier ?? null,
        frontierSelected: null,
        summary: {
          ...s.summary,
          ...(final.run_id !== undefined ? { runId: final.run_id } : {}),
          ...(final.initial_score !== undefined ? { initialScore: final.initial_score } : {}),
          ...(final.best_validation_score !== undefined
            ? { bestScore: final.best_validation_score }
            : {}),
          ...(final.test_score !== undefined ? { testScore: final.test_score } : {}),
          ...(final.initial_test_score !== undefined
            ? { initialTestScore: final.initial_test_score }
            : {}),
          ...(final.best_iteration !== undefined ? { bestIteration: final.best_iteration } : {}),
          ...(final.best_iteration !== undefined && final.temperature !== undefined
            ? { presentedTemperature: final.temperature }
            : {}),
          ...(final.usage !== undefined ? { usage: final.usage } : {}),
          ...(final.held_out !== undefined ? { heldOut: final.held_out } : {}),
          ...(final.pick !== undefined ? { pick: final.pick } : {}),
        },
      };
    }),
  setSummary: (summary) => set({ summary }),
  setFrontier: (frontier, chosen) =>
    set({ frontier, frontierSelected: validFrontierChoice(frontier, chosen) }),
  selectFrontierPoint: (index) =>
    set((s) => {
      const point = s.frontier?.[index];
      if (!point) return {};
      const iteration = s.optimizedPrompts.lastIndexOf(point.prompt);
      if (iteration < 0) return { frontierSelected: index };
      return {
        frontierSelected: index,
        selectedIterationIndex: iteration,
        graphSliderValue: iteration,
        selectedPrompt: point.prompt,
      };
    }),
  setProgress: (progress) => set({ progress }),
  loadPrompts: (prompts, optimized, results) =>
    set(() => {
      const base = {
        ...emptyState(),
        optimizedPrompts: prompts,
        isOptimized: optimized && prompts.length > 0,
        selectedPrompt: prompts[0] ?? "",
        requestedIterations: prompts.length,
        progress: optimized && prompts.length > 0 ? 100 : 0,
      };
      if (!results) return base;
      let points = { embeddingData: [] as RunGraphPoint[], iterationData: [] as RunGraphPoint[] };
      for (const r of results) points = withPoints({ ...base, ...points }, r);
      const optimised = results.filter((r) => r.iteration > 0);
      const initialResult = results.find((r) => r.iteration === 0) ?? null;
      const index = Math.min(bestIndex(optimised), Math.max(0, prompts.length - 1));
      const scores = optimised.flatMap((r) =>
        r.validation_score === undefined ? [] : [r.validation_score],
      );
      return {
        ...base,
        ...points,
        iterationResults: optimised,
        initialResult,
        selectedIterationIndex: index,
        graphSliderValue: index,
        selectedPrompt: prompts[index] ?? "",
        summary: {
          ...(initialResult?.validation_score !== undefined
            ? { initialScore: initialResult.validation_score }
            : {}),
          ...(scores.length ? { bestScore: Math.max(...scores) } : {}),
          ...(optimised[index] ? { bestIteration: optimised[index].iteration } : {}),
        },
      };
    }),
  clear: () => set(emptyState()),
}));
