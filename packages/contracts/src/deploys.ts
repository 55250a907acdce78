/**
 * Versioned, gated deploys of the after-bot (issue 25, items 3–4): a deploy
 * request, a deployed version as the versions list shows it, the gate's
 * refusal, and each version's live evidence from the bots' ratings.
 */
import { z } from "zod";
import { HeldOutComparisonSchema } from "./optimize";

/** POST /integration/deploys body: deploy a finished single-agent run's configuration. */
export const DeployRequestSchema = z.strictObject({
  run_id: z
    .string({ error: "run_id must be text" })
    .trim()
    .min(1, { error: "run_id is required" })
    .max(100, { error: "run_id is too long" }),
  /** The iteration to deploy; absent: the configuration the run presented. */
  iteration: z
    .number({ error: "iteration must be a number" })
    .int({ error: "iteration must be a whole number" })
    .min(0, { error: "iteration must be 0 or more" })
    .max(10_000, { error: "iteration is too large" })
    .optional(),
  /** Deploy this point of the run's cost–quality frontier (index, cheapest first) instead. */
  frontier_point: z
    .number({ error: "frontier_point must be a number" })
    .int({ error: "frontier_point must be a whole number" })
    .min(0, { error: "frontier_point must be 0 or more" })
    .max(100, { error: "frontier_point is too large" })
    .optional(),
  /** Deploy even though the gate refuses (recorded on the version). */
  override: z.boolean({ error: "override must be true or false" }).optional(),
});
export type DeployRequest = z.infer<typeof DeployRequestSchema>;

/** True unless a deploy request names both an iteration and a frontier point. */
export function deployTargetIsSingle(request: DeployRequest): boolean {
  return request.iteration === undefined || request.frontier_point === undefined;
}

/** Where a version came from: a run, or a save of the Integration page. */
export const DeploySourceSchema = z.enum(["run", "integration"]);
export type DeploySource = z.infer<typeof DeploySourceSchema>;

/** A deployed version of the after-bot. */
export const DeployVersionSchema = z.object({
  id: z.string(),
  /** 1, 2, 3… per user. */
  number: z.number().int().positive(),
  source: DeploySourceSchema,
  prompt: z.string(),
  model_name: z.string(),
  temperature: z.number(),
  run_id: z.string().nullable(),
  iteration: z.number().int().nullable(),
  /** The frontier point deployed (index into the run's frontier), else null. */
  frontier_point: z.number().int().nullable(),
  /** The run's held-out comparison, copied when deployed; null when unmeasured or not from a run. */
  held_out: HeldOutComparisonSchema.nullable(),
  /** True when deployed past a refusal of the gate, with `gate_reason` the refusal. */
  override_confirmed: z.boolean(),
  gate_reason: z.string().nullable(),
  deployed_by: z.string(),
  created_at: z.string(),
  /** True for the version the after-bot serves. */
  active: z.boolean(),
  /** When (and by whom) it last became active: its deploy, or a later rollback to it. */
  activated_at: z.string(),
  activated_by: z.string(),
});
export type DeployVersion = z.infer<typeof DeployVersionSchema>;

/** GET /integration/deploys data: versions, newest first. */
export const DeployVersionListSchema = z.array(DeployVersionSchema);

/** Why the gate refused a deploy (the 409's `code`). */
export const DeployGateCodeSchema = z.enum(["held_out_below_zero", "held_out_unmeasured"]);
export type DeployGateCode = z.infer<typeof DeployGateCodeSchema>;

/** Live evidence of one side: the after-bot's version, or the before-bot. */
export const LiveEvidenceSchema = z.object({
  conversations: z.number().int().nonnegative(),
  replies: z.number().int().nonnegative(),
  up: z.number().int().nonnegative(),
  down: z.number().int().nonnegative(),
  /** 👍 share of rated replies; null before any rating. */
  up_rate: z.number().nullable(),
  /** Wilson 95 % interval of `up_rate`; null before any rating. */
  up_rate_low: z.number().nullable(),
  up_rate_high: z.number().nullable(),
  /** Latest 👎 notes and corrections (newest first, at most 5). */
  down_notes: z.array(z.string()),
});
export type LiveEvidence = z.infer<typeof LiveEvidenceSchema>;

/** PUT /integration/deploys/split body: split the after-bot's people between the active version and a baseline. */
export const DeploySplitRequestSchema = z.strictObject({
  /** Another of the caller's versions, served to the people outside the active version's share. */
  baseline_version_id: z
    .string({ error: "baseline_version_id must be text" })
    .trim()
    .min(1, { error: "baseline_version_id is required" })
    .max(100, { error: "baseline_version_id is too long" }),
  /** The share of people (1–99 %) the active version serves. */
  share_percent: z
    .number({ error: "share_percent must be a number" })
    .int({ error: "share_percent must be a whole number" })
    .min(1, { error: "share_percent must be at least 1" })
    .max(99, { error: "share_percent must be at most 99" }),
});
export type DeploySplitRequest = z.infer<typeof DeploySplitRequestSchema>;

/** A live split: who serves which share of the people talking to the after-bot. */
export const DeploySplitSchema = z.object({
  /** The active (new) version and the share of people it serves. */
  active_version_id: z.string(),
  share_percent: z.number().int().min(1).max(99),
  /** The baseline version and its share (100 − share_percent). */
  baseline_version_id: z.string(),
  baseline_share_percent: z.number().int().min(1).max(99),
  created_by: z.string(),
  created_at: z.string(),
});
export type DeploySplit = z.infer<typeof DeploySplitSchema>;

/** GET /integration/deploys/split data: the live split, or null when the active version serves everyone. */
export const DeploySplitStateSchema = DeploySplitSchema.nullable();

/** GET /integration/deploys/evidence data: per version id, and the before-bot beside them. */
export const DeployEvidenceSchema = z.object({
  versions: z.record(z.string(), LiveEvidenceSchema),
  before: LiveEvidenceSchema,
  /** The live split, if any (both of its versions are in `versions`), marking each one's share. */
  split: DeploySplitSchema.nullable(),
});
export type DeployEvidence = z.infer<typeof DeployEvidenceSchema>;
