/** The run lifecycle calls: the caller's active run of a mode, and stopping a run. */
import type { ActiveRun } from "@promptune/contracts";
import { api } from "./client";
import type { RunModeName } from "./run-socket";
import { lazySchema } from "./schemas";

const activeRunSchema = lazySchema((c) => c.ActiveRunSchema.nullable());

/** GET /auto-tune/optimize/runs/active: the caller's queued or running run of `mode`, or null. */
export function fetchActiveRun(mode: RunModeName, signal?: AbortSignal): Promise<ActiveRun | null> {
  return api.get("/auto-tune/optimize/runs/active", {
    schema: activeRunSchema,
    query: { mode },
    ...(signal ? { signal } : {}),
  });
}

/** POST /auto-tune/optimize/runs/:id/cancel: stops one of the caller's runs (kept in history as stopped). */
export async function cancelRun(runId: string): Promise<void> {
  await api.post(`/auto-tune/optimize/runs/${encodeURIComponent(runId)}/cancel`, {});
}
