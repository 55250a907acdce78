/**
 * Putting a saved single-agent run on the optimizer page: used by the
 * History tab's 'Load into optimizer' and by the run permalink
 * (`/home?run=<id>`, issue 26 §3 item 2).
 */
import type { HistoryRecord } from "@promptune/contracts";
import { ensureDefaults } from "../../stores/defaults-loader";
import { useOptimizationStore } from "../../stores/optimization";
import { useSessionStore } from "../../stores/session";
import { useSingleRunStore } from "../../stores/single-run";
import { optimizerLoadFromHistory } from "../profile/history/mapping";

/**
 * Fills the persisted settings and the run store from a saved run (its
 * prompts as a finished run, the selected step selected) in Standard
 * Optimization. Waits for the defaults first, so their first load cannot
 * overwrite what is loaded.
 */
export async function applySingleRecord(record: HistoryRecord): Promise<void> {
  await ensureDefaults();
  const load = optimizerLoadFromHistory(record);
  useOptimizationStore.getState().update(load.settings);
  useSessionStore.getState().setOptimizationType("standard");
  const run = useSingleRunStore.getState();
  run.loadPrompts(load.prompts, true, load.results);
  run.select(load.selectedIndex);
  // The frontier comes back with the run, with the point its user chose (else the recommended one).
  run.setFrontier(record.frontier ?? null, record.frontier_choice);
  const computedBest = useSingleRunStore.getState().summary?.bestIteration;
  const bestIteration = record.best_iteration ?? computedBest;
  run.setSummary({
    runId: record.run_id,
    initialScore: record.initial_score,
    bestScore: record.best_score,
    testScore: record.test_score,
    usage: record.usage,
    heldOut: record.held_out ?? null,
    presentedTemperature: record.presented_temperature ?? null,
    ...(bestIteration !== undefined && bestIteration !== null ? { bestIteration } : {}),
  });
}
