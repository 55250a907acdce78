/**
 * What a deploy from a run deploys, and the gate in front of it (issue 25,
 * item 3). A finished single-agent run's presented configuration carries the
 * run's held-out comparison (initial vs presented on the test split the
 * optimiser never saw); any other iteration was never measured there. The
 * gate refuses an unmeasured configuration and one whose paired difference
 * has a 95 % lower bound below 0; the user may override, and the refusal is
 * recorded on the version.
 */
import {
  type DeployGateCode,
  type DeployRequest,
  deployTargetIsSingle,
  FinalResultSchema,
  type HeldOutComparison,
  HeldOutComparisonSchema,
  type SingleAgentConfig,
  type SingleAgentOptimizeRequest,
} from "@promptune/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { RunRepository } from "../runs/repository";

/** A run's configuration ready to deploy. */
export interface DeployCandidate {
  runId: string;
  iteration: number;
  /** The frontier point deployed, when one was named. */
  frontierPoint: number | null;
  config: SingleAgentConfig;
  heldOut: HeldOutComparison | null;
}

/** The gate's refusal: its code and the sentence shown to the user. */
export interface GateRefusal {
  code: DeployGateCode;
  reason: string;
}

const pct = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} pts`;

/** The gate's verdict on a candidate: null when it may be deployed, else why not. */
export function gateVerdict(candidate: DeployCandidate): GateRefusal | null {
  const h = candidate.heldOut;
  if (!h) {
    const what =
      candidate.frontierPoint === null
        ? `Iteration ${candidate.iteration} of this run`
        : `This frontier point (${candidate.config.model_name})`;
    return {
      code: "held_out_unmeasured",
      reason: `${what} was not compared with the before prompt on held-out examples, so nothing shows it does at least as well.`,
    };
  }
  if (h.ci_low < 0) {
    return {
      code: "held_out_below_zero",
      reason: `On ${h.examples} held-out examples the change is ${pct(h.difference)}, but its 95 % interval reaches ${pct(h.ci_low)} (lower bound below 0): it may do worse than the before prompt.`,
    };
  }
  return null;
}

/**
 * The configuration a deploy request names: the run's presented one (with its
 * held-out comparison; also its recommended frontier point; when the owner
 * chose another frontier point for the run, that one), or another iteration
 * or frontier point (unmeasured). Another user's run answers 404
 * like a missing one.
 */
export async function deployCandidate(
  db: Kysely<Database>,
  userId: string,
  request: DeployRequest,
): Promise<DeployCandidate> {
  if (!deployTargetIsSingle(request))
    throw badRequest("Name an iteration or a frontier point, not both.");
  const runs = new RunRepository(db);
  const run = await runs.getOwned(userId, request.run_id);
  if (!run) throw notFound("No such run.");
  if (run.mode !== "single")
    throw badRequest("Only single-agent runs can be deployed: the bots answer with one prompt.");
  if (run.status !== "completed" || !run.final_result)
    throw conflict(`The run is ${run.status}; only a completed run can be deployed.`);
  const final = FinalResultSchema.parse(JSON.parse(run.final_result));
  const started = JSON.parse(run.request) as SingleAgentOptimizeRequest;
  const heldOut = run.held_out ? HeldOutComparisonSchema.parse(JSON.parse(run.held_out)) : null;
  const presented = {
    prompt: final.prompt,
    model_name: final.model_name ?? started.model_name,
    temperature: final.temperature,
  };
  // Naming nothing deploys what the run presents: the frontier point its owner chose, if any.
  const pointIndex =
    request.frontier_point ??
    (request.iteration === undefined ? (run.frontier_choice ?? undefined) : undefined);
  if (pointIndex !== undefined) {
    const point = final.frontier?.[pointIndex];
    if (!point) throw notFound(`The run has no frontier point ${pointIndex}.`);
    const config = {
      prompt: point.prompt,
      model_name: point.model_name,
      temperature: point.temperature,
    };
    const measured = point.recommended ? heldOut : null;
    const base = { runId: run.id, iteration: final.best_iteration };
    return { ...base, frontierPoint: pointIndex, config, heldOut: measured };
  }
  const iteration = request.iteration ?? final.best_iteration;
  if (iteration === final.best_iteration)
    return { runId: run.id, iteration, frontierPoint: null, config: presented, heldOut };
  if (iteration === 0) {
    const config = {
      prompt: started.prompt,
      model_name: started.model_name,
      temperature: started.temperature,
    };
    return { runId: run.id, iteration, frontierPoint: null, config, heldOut: null };
  }
  const row = (await runs.iterations(run.id)).find((i) => i.iteration === iteration);
  if (!row) throw notFound(`The run has no iteration ${iteration}.`);
  const data = JSON.parse(row.data) as SingleAgentConfig;
  const config = {
    prompt: data.prompt,
    model_name: data.model_name,
    temperature: data.temperature,
  };
  return { runId: run.id, iteration, frontierPoint: null, config, heldOut: null };
}
