/**
 * Which frontier point a run's configuration uses: the one the user chose in
 * the "Cost vs quality" chart or table, else the recommended one. The
 * after-chat, 'Use this configuration' and the integration sync all read it
 * through these helpers, so they agree. The server keeps the choice with the
 * run (`frontier_choice`), so history and other tabs come back to it.
 */
import type { FrontierPoint } from "@promptune/contracts";

/** Index of the chosen point: `selected` when it names a point, else the recommended one (-1: none). */
export function chosenFrontierIndex(
  frontier: readonly FrontierPoint[] | null | undefined,
  selected: number | null | undefined,
): number {
  if (!frontier || frontier.length === 0) return -1;
  if (selected !== null && selected !== undefined && frontier[selected]) return selected;
  return frontier.findIndex((p) => p.recommended);
}

/**
 * The chosen point when it belongs to the configuration `matches` accepts
 * (every point carries the presented prompt, so another iteration's prompt
 * keeps its own model and temperature); undefined otherwise.
 */
export function chosenFrontierPoint(
  frontier: readonly FrontierPoint[] | null | undefined,
  selected: number | null | undefined,
  matches: (point: FrontierPoint) => boolean,
): FrontierPoint | undefined {
  const point = frontier?.[chosenFrontierIndex(frontier, selected)];
  return point && matches(point) ? point : undefined;
}

/** `chosen` when it names one of the frontier's points, else null (the recommended one). */
export function validFrontierChoice(
  frontier: readonly FrontierPoint[] | null | undefined,
  chosen: number | null | undefined,
): number | null {
  const index = chosenFrontierIndex(frontier, chosen);
  return index >= 0 && index === chosen ? index : null;
}
