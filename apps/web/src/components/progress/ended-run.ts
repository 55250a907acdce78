/**
 * What the progress displays say about a run that ended before completing
 * (stopped, failed or left): how far it got, instead of falling back to
 * 0 % "Ready to optimize" while its results are still shown (issue 26 §3
 * item 4).
 */

/** Percent of a run's updates that arrived (the initial evaluation counts as one in single-agent). */
export function reachedPercent(received: number, expected: number): number {
  if (expected <= 0 || received <= 0) return 0;
  return Math.min(100, Math.round((received / expected) * 100));
}

/** Caption of a run that ended early with `done` of `total` iterations. */
export function endedCaption(done: number, total: number): string {
  return `Stopped after ${done} of ${total} ${total === 1 ? "iteration" : "iterations"}`;
}
