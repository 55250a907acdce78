/** POST /auto-tune/optimize/estimate: what a run would spend before it starts. */
import type { RunEstimate, RunEstimateRequest } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const estimateSchema = lazySchema((c) => c.RunEstimateSchema);

/** The estimated model calls, tokens and cost of a run of `request` (its calls are capped at max_calls). */
export function fetchRunEstimate(
  request: RunEstimateRequest,
  signal?: AbortSignal,
): Promise<RunEstimate> {
  return api.post("/auto-tune/optimize/estimate", request, {
    schema: estimateSchema,
    ...(signal ? { signal } : {}),
  });
}
