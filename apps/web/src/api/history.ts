/** The history calls (spec §7): saved runs of the signed-in user and step selection. */
import type { HistoryRecord, RunMode } from "@promptune/contracts";
import { api, apiRequestEnvelope } from "./client";
import { lazySchema } from "./schemas";

const historyList = lazySchema((c) => c.HistoryRecordSchema.array());
const historyRecord = lazySchema((c) => c.HistoryRecordSchema);

/** One page of history: records newest first, and the cursor of the next page (null: the last). */
export interface HistoryPageResult {
  records: HistoryRecord[];
  nextCursor: string | null;
}

/**
 * GET /auto-tune/optimize/history: one page of the caller's runs of a mode,
 * newest first, after `cursor` (the previous page's `next_cursor`; absent
 * for the first page). The server pages by 20 by default.
 */
export async function fetchHistoryPage(
  mode: RunMode | undefined,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<HistoryPageResult> {
  const { data, envelope } = await apiRequestEnvelope("GET", "/auto-tune/optimize/history", {
    schema: historyList,
    query: { mode, ...(cursor ? { cursor } : {}) },
    ...(signal ? { signal } : {}),
  });
  const next = envelope.next_cursor;
  return { records: data, nextCursor: typeof next === "string" && next ? next : null };
}

/** The caller's newest runs of a mode (the first history page, newest first). */
export async function fetchHistory(mode?: RunMode, signal?: AbortSignal): Promise<HistoryRecord[]> {
  return (await fetchHistoryPage(mode, null, signal)).records;
}

/** PUT /auto-tune/optimize/selected-prompt: marks a step of a run as the selected one. */
export function selectHistoryStep(stepId: string): Promise<HistoryRecord> {
  return api.put(
    "/auto-tune/optimize/selected-prompt",
    { selected_step_id: stepId },
    { schema: historyRecord },
  );
}

/** GET /auto-tune/optimize/history/:id: one of the caller's runs (404 for another user's). */
export function fetchHistoryRecord(runId: string, signal?: AbortSignal): Promise<HistoryRecord> {
  return api.get(`/auto-tune/optimize/history/${encodeURIComponent(runId)}`, {
    schema: historyRecord,
    ...(signal ? { signal } : {}),
  });
}

/**
 * PUT /auto-tune/optimize/runs/:id/frontier-choice: the frontier point the
 * run's configuration uses (null: the recommended one), kept with the run so
 * history, 'Load to integration' and other tabs use it too.
 */
export function saveFrontierChoice(runId: string, point: number | null): Promise<HistoryRecord> {
  return api.put(
    `/auto-tune/optimize/runs/${encodeURIComponent(runId)}/frontier-choice`,
    { point },
    { schema: historyRecord },
  );
}
