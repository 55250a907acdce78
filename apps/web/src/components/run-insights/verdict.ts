/**
 * The presented-configuration verdict of each optimizer page, from the
 * page's run state and, after a reload, from what the server stored.
 */
import { useShallow } from "zustand/react/shallow";
import { type PresentedVerdict, presentedVerdict } from "../../run/presented";
import { useMultiRunStore } from "../../stores/multi-run";
import { useRunInsightsStore } from "../../stores/run-insights";
import { useSingleRunStore } from "../../stores/single-run";

/** The run the single-agent page shows (live or loaded from history), if known. */
export function useSingleRunId(): string | undefined {
  return useSingleRunStore((s) => s.summary?.runId);
}

/** The run the multi-agent page shows (live or loaded from history), if known. */
export function useMultiRunId(): string | undefined {
  const live = useMultiRunStore((s) => s.finalResult?.server?.run_id);
  const idle = useMultiRunStore((s) => s.isOptimizing || s.multiAgentIterationResults.length === 0);
  const loaded = useRunInsightsStore((s) => s.historyRun.multi);
  if (idle) return undefined;
  return live ?? loaded ?? undefined;
}

/** The single-agent page's verdict. */
export function useSingleVerdict(): PresentedVerdict {
  const runId = useSingleRunId();
  const stored = useRunInsightsStore((s) => (runId ? s.picks[runId] : undefined));
  const { results, bestIteration, initialScore, pick, running } = useSingleRunStore(
    useShallow((s) => ({
      results: s.iterationResults,
      bestIteration: s.summary?.bestIteration,
      initialScore: s.summary?.initialScore ?? s.initialResult?.validation_score,
      pick: s.summary?.pick,
      running: s.isOptimizing,
    })),
  );
  return presentedVerdict({
    results,
    bestIteration: running ? undefined : (bestIteration ?? stored?.presented ?? undefined),
    initialScore: initialScore ?? stored?.initialScore,
    pick: running ? undefined : (pick ?? stored?.pick),
    pending: !running && runId !== undefined,
  });
}

/** The multi-agent page's verdict. */
export function useMultiVerdict(): PresentedVerdict {
  const runId = useMultiRunId();
  const stored = useRunInsightsStore((s) => (runId ? s.picks[runId] : undefined));
  const { results, server, baseline, running } = useMultiRunStore(
    useShallow((s) => ({
      results: s.multiAgentIterationResults,
      server: s.finalResult?.server,
      baseline: s.baseline?.validation_score,
      running: s.isOptimizing,
    })),
  );
  return presentedVerdict({
    results,
    bestIteration: running ? undefined : (server?.best_iteration ?? stored?.presented ?? undefined),
    initialScore: baseline ?? server?.initial_score ?? stored?.initialScore,
    pick: running ? undefined : (server?.pick ?? stored?.pick),
    pending: !running && runId !== undefined,
  });
}
