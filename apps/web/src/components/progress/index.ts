/** Progress displays and the optimisation progress arithmetic shared by both optimizer pages. */

export { endedCaption, reachedPercent } from "./ended-run";
export {
  CircularProgress,
  IterationSteps,
  type IterationStepsProps,
  LinearProgress,
  ProgressSummary,
} from "./ProgressDisplays";
export { ProgressController } from "./progress-controller";
export { type OptimizationProgress, useOptimizationProgress } from "./useOptimizationProgress";
