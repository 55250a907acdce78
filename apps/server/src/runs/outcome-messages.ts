/**
 * What a run's stored outcome says besides its iterations: the estimate it
 * was capped by, the cost-cap notice, and the readable reasons a run failed
 * (safe to show to its owner).
 */
import {
  type FinalResult,
  RUN_FAILURE,
  type RunEstimate,
  RunEstimateSchema,
} from "@promptune/contracts";
import { CostCapReachedError } from "@promptune/engine";
import { BudgetSpentError } from "../budgets/errors";
import { HttpError } from "../errors";
import type { RunRow } from "./repository";

/** Why a run that kept being interrupted is failed instead of resumed again. */
export function tooManyResumesMessage(maxResumes: number): string {
  return `${RUN_FAILURE.storedPrefix}it was interrupted and resumed ${maxResumes} times without finishing, so it was stopped. Check the dataset and start a new optimization.`;
}

/** The final result with the estimate the run was capped by, when it had one. */
export function withEstimate(final: FinalResult, run: RunRow): FinalResult {
  const estimate = storedEstimate(run);
  return estimate ? { ...final, estimate } : final;
}

/** The sentence saying that the run's cost cap ended it early, with the cap. */
export function costCapNotice(maxCostUsd: number): string {
  return `The run reached its cost cap of $${maxCostUsd} and stopped early with the best configuration found so far.`;
}

/** The final result with the cost-cap notice when the cap stopped the run. */
export function withCostCapNotice(
  final: FinalResult,
  engineFinal: { costCapped?: boolean },
  run: RunRow,
): FinalResult {
  if (!engineFinal.costCapped) return final;
  const cap = (JSON.parse(run.request) as { max_cost_usd?: number }).max_cost_usd ?? 0;
  return { ...final, notice: costCapNotice(cap) };
}

/**
 * A readable reason for a failed run, safe to show to its owner: the message
 * of our own typed errors (composed without internals), else a generic
 * sentence; the detail is in the log under the failure's request id.
 */
export function failureMessage(error: unknown): string {
  const message =
    error instanceof HttpError || error instanceof BudgetSpentError
      ? error.message
      : error instanceof CostCapReachedError
        ? `its cost cap of $${error.maxCostUsd} was reached before the initial configuration could be scored. Raise the cost cap and start again.`
        : "an internal error stopped it. Please try again.";
  return `${RUN_FAILURE.storedPrefix}${message}`.slice(0, 500);
}

/** The estimate a run was created with; absent for runs stored before estimates existed. */
export function storedEstimate(run: RunRow): RunEstimate | undefined {
  return run.estimate ? RunEstimateSchema.parse(JSON.parse(run.estimate)) : undefined;
}
