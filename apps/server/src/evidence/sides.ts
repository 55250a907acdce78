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

/** The models of a configuration: the single model, or the coordinator's then the workers'. */
function modelsOf(config: {
  model_name?: string;
  "master-agent"?: { model_name: string };
  "worker-agents"?: Array<{ model_name: string }>;
}): string {
  if (config["master-agent"]) {
    const workers = (config["worker-agents"] ?? []).map((w) => w.model_name);
    return [config["master-agent"].model_name, ...workers].join("|");
  }
  return config.model_name ?? "";
}

/**
 * The default B when the run presents a frontier point on other models than
 * its primary ones: that recommended point (its answers are what the run
 * presents, the presented iteration's are the primary model's); else null,
 * and the presented iteration stays the default.
 */
export function recommendedOffPrimary(
  run: RunRow,
  frontier: readonly EvidenceFrontierPoint[],
): string | null {
  if (!run.frontier) return null;
  const stored = StoredFrontierSchema.safeParse(JSON.parse(run.frontier));
  if (!stored.success) return null;
  const index = stored.data.findIndex((p) => p.recommended);
  const point = stored.data[index];
  if (!point || !frontier.some((p) => p.frontier_point === index)) return null;
  const request = JSON.parse(run.request) as Parameters<typeof modelsOf>[0];
  return modelsOf(point) === modelsOf(request) ? null : `f${index}`;
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
