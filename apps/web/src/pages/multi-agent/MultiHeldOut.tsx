import type { HeldOutComparison, HistoryRecord } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { fetchHistory } from "../../api/history";
import { HeldOutResult } from "../../components/run-budget";
import { useAuthStore } from "../../stores/auth";
import { type MultiAgentSnapshot, useMultiRunStore } from "../../stores/multi-run";

/** Polls for the run's held-out comparison this many times, this far apart (the server scores the test split after the last update). */
const ATTEMPTS = 20;
const INTERVAL_MS = 1500;

/** The newest completed multi-agent record started from `config` with `iterations` (history is newest first). */
export function matchingRun(
  records: readonly HistoryRecord[],
  config: MultiAgentSnapshot,
  iterations: number,
): HistoryRecord | undefined {
  const master = config["master-agent"];
  return records.find(
    (r) =>
      r.mode === "multi" &&
      r.status === "completed" &&
      r.configuration.initial_prompt === master.prompt &&
      r.configuration.iterations === iterations &&
      (r.configuration["worker-agents"]?.length ?? 0) === config["worker-agents"].length,
  );
}

/**
 * The held-out comparison of the multi-agent run on the page (just finished
 * or loaded from history): read from history, where the server stores it
 * with the run, and shown with the shared HeldOutResult.
 */
export function MultiHeldOut() {
  const signedIn = useAuthStore((s) => s.status === "authenticated");
  const optimized = useMultiRunStore((s) => s.multiAgentIsOptimized && !s.isOptimizing);
  const config = useMultiRunStore((s) => s.initialConfig);
  const iterations = useMultiRunStore((s) => s.requestedIterations);
  const [comparison, setComparison] = useState<HeldOutComparison | null>(null);

  useEffect(() => {
    setComparison(null);
    if (!signedIn || !optimized || !config) return;
    const controller = new AbortController();
    void (async () => {
      for (let i = 0; i < ATTEMPTS && !controller.signal.aborted; i++) {
        try {
          const run = matchingRun(
            await fetchHistory("multi", controller.signal),
            config,
            iterations,
          );
          if (run?.held_out) {
            setComparison(run.held_out);
            return;
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
      }
    })();
    return () => controller.abort();
  }, [signedIn, optimized, config, iterations]);

  return <HeldOutResult comparison={comparison} />;
}
