/** The history calls (spec §7): saved runs of the signed-in user and step selection. */
import type { HistoryRecord, RunMode } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const historyList = lazySchema((c) => c.HistoryRecordSchema.array());
const historyRecord = lazySchema((c) => c.HistoryRecordSchema);

/** GET /auto-tune/optimize/history: the caller's runs of one mode (newest first). */
export function fetchHistory(mode?: RunMode, signal?: AbortSignal): Promise<HistoryRecord[]> {
  return api.get("/auto-tune/optimize/history", {
    schema: historyList,
    query: { mode },
    ...(signal ? { signal } : {}),
  });
}

/** PUT /auto-tune/optimize/selected-prompt: marks a step of a run as the selected one. */
export function selectHistoryStep(stepId: string): Promise<HistoryRecord> {
  return api.put(
    "/auto-tune/optimize/selected-prompt",
    { selected_step_id: stepId },
    { schema: historyRecord },
  );
}
