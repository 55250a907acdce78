import type {
  ActiveRun,
  MultiAgentOptimizeRequest,
  SingleAgentOptimizeRequest,
} from "@promptune/contracts";
import type { RunRow } from "./repository";

/**
 * The active-run payload of a stored queued/running run: what a page needs to
 * reattach (its id, iteration count and the request it was started with).
 */
export function activeRun(run: RunRow): ActiveRun {
  return {
    run_id: run.id,
    mode: run.mode === "multi" ? "multi" : "single",
    status: run.status === "queued" || run.status === "paused" ? run.status : "running",
    iterations: run.iterations,
    request: JSON.parse(run.request) as SingleAgentOptimizeRequest | MultiAgentOptimizeRequest,
  };
}
