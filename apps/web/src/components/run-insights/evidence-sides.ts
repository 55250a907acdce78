/**
 * Names and selector options of the evidence grid's two sides: the run's
 * iterations and, for a run with candidate models, its frontier points
 * (model, temperature, "(frontier)"), each selected by the value the
 * evidence API takes ("3" or "f2").
 */
import {
  type EvidenceConfiguration,
  type EvidenceFrontierPoint,
  type EvidencePage,
  type EvidenceSide,
  evidenceSelectorOf,
  isFrontierSide,
} from "@promptune/contracts";
import { percent } from "../../run/score";

/** The name of an iteration's configuration in selectors and answer headers. */
export function configurationName(c: EvidenceConfiguration): string {
  const parts = [c.iteration === 0 ? "Initial (iteration 0)" : `Iteration ${c.iteration}`];
  if (c.iteration > 0 && c.candidate_iteration !== c.iteration) {
    parts.push(
      `same as ${c.candidate_iteration === 0 ? "initial" : `iteration ${c.candidate_iteration}`}`,
    );
  }
  if (c.presented) parts.push("presented");
  return `${parts.join(" · ")} — ${percent(c.validation_score)}`;
}

/** A temperature as short as it reads: 0.2, 0.75, 1. */
const temperature = (t: number) => String(Math.round(t * 100) / 100);

/** The name of a frontier point: "gpt-4o-mini · T 0.2 (frontier) — 85.0 %". */
export function frontierPointName(p: EvidenceFrontierPoint): string {
  const parts = [p.model_name, `T ${temperature(p.temperature)} (frontier)`];
  if (p.recommended) parts.push("recommended");
  return `${parts.join(" · ")} — ${percent(p.validation_score)}`;
}

/** The name of either side. */
export function sideName(side: EvidenceSide): string {
  return isFrontierSide(side) ? frontierPointName(side) : configurationName(side);
}

/** One option of a side selector. */
export interface SideOption {
  value: string;
  label: string;
}

/**
 * The options of both selectors: the iterations, then (when the run stored
 * any) the frontier points as a group of their own.
 */
export function sideOptions(
  page: Pick<EvidencePage, "configurations" | "frontier_points"> | null,
): SideOption[] | { group: string; items: SideOption[] }[] {
  const iterations = (page?.configurations ?? []).map((c) => ({
    value: evidenceSelectorOf(c),
    label: configurationName(c),
  }));
  const points = (page?.frontier_points ?? []).map((p) => ({
    value: evidenceSelectorOf(p),
    label: frontierPointName(p),
  }));
  if (points.length === 0) return iterations;
  return [
    { group: "Iterations", items: iterations },
    { group: "Frontier points", items: points },
  ];
}
