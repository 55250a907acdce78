import { useEffect, useMemo, useState } from "react";
import { ProgressController } from "./progress-controller";

/** Progress state and actions of one optimisation run (spec §4 arithmetic). */
export interface OptimizationProgress {
  /** Percent, 0–100. */
  progress: number;
  start(iterations: number): void;
  recordResponse(): void;
  report(value: number): void;
  markCompleted(): void;
  finish(onDone?: () => void): void;
  reset(): void;
}

/**
 * React binding of ProgressController: per-response steps of 90/(N+1) %,
 * simulated 0.075 %/100 ms up to 90, easing to 100 in 20 × 50 ms on finish.
 */
export function useOptimizationProgress(): OptimizationProgress {
  const [progress, setProgress] = useState(0);
  const controller = useMemo(() => new ProgressController(setProgress), []);
  useEffect(() => () => controller.dispose(), [controller]);
  return useMemo(
    () => ({
      progress,
      start: (n: number) => controller.start(n),
      recordResponse: () => controller.recordResponse(),
      report: (v: number) => controller.report(v),
      markCompleted: () => controller.markCompleted(),
      finish: (onDone?: () => void) => controller.finish(onDone),
      reset: () => controller.reset(),
    }),
    [progress, controller],
  );
}
