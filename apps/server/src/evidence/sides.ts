/**
 * The two sides of an evidence comparison: the configurations a run offers
 * (its iterations, and its frontier points whose answers were stored) and
 * the side an `a`/`b` query value selects, with the key its answers are
 * stored under.
 */
import {
  type EvidenceConfiguration,
  type EvidenceFrontierPoint,
  type EvidenceSide,
  FrontierPointSchema,
  parseEvidenceSelector,
} from "@promptune/contracts";
import { z } from "zod";
import { badRequest } from "../errors";
import type { RunRow } from "../runs/repository";
import type { AnswerKey } from "./repository";

const StoredFrontierSchema = z.array(FrontierPointSchema);

/**
 * The run's frontier points with stored answers (`stored`: their indices),
 * as comparable sides; none for a run without a frontier.
 */
export function frontierSidesOf(run: RunRow, stored: readonly number[]): EvidenceFrontierPoint[] {
  if (!run.frontier || stored.length === 0) return [];
  const parsed = StoredFrontierSchema.safeParse(JSON.parse(run.frontier));
  if (!parsed.success) return [];
  const frontier = parsed.data;
  return stored.flatMap((index) => {
    const p = frontier[index];
    if (!p) return [];
    return [
      {
        frontier_point: index,
        model_name: p.model_name,
        temperature: p.temperature,
        validation_score: p.score,
        test_score: p.test_score ?? null,
        recommended: p.recommended,
      },
    ];
  });
}

/**
 * The side `value` selects (an iteration number or "f<index>"), with the key
 * of its stored answers; 400 when the run has no such iteration or no such
 * frontier point with stored answers.
 */
export function selectSide(
  value: number | string,
  configurations: readonly EvidenceConfiguration[],
  frontier: readonly EvidenceFrontierPoint[],
): { side: EvidenceSide; key: AnswerKey } {
  const selector = parseEvidenceSelector(value);
  if (selector.kind === "frontier") {
    const point = frontier.find((p) => p.frontier_point === selector.point);
    if (!point)
      throw badRequest(`Run has no frontier point f${selector.point} with stored answers.`);
    return { side: point, key: { point: point.frontier_point } };
  }
  const c = configurations.find((x) => x.iteration === selector.iteration);
  if (!c) throw badRequest(`Run has no iteration ${selector.iteration}.`);
  return { side: c, key: { candidate: c.candidate_iteration } };
}
