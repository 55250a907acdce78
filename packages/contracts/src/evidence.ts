/**
 * Per-example evidence and the optimiser's reasoning: what each
 * configuration of a run answered on each validation and held-out test
 * example (score, judge feedback, reply, multi-agent trace), compared
 * pairwise, and what each iteration tried (parent, examples, minibatch
 * scores, accepted or rejected and why).
 */
import { z } from "zod";
import { DialogEntrySchema } from "./chat";

/** A score counts as a pass at or above this share (the judge's scale is [0, 1]). */
export const EVIDENCE_PASS_SCORE = 0.5;
/** Longest reply, trace and feedback kept per example (characters); longer ones are cut. */
export const EVIDENCE_TEXT_LIMITS = { reply: 4000, trace: 6000, feedback: 1500 } as const;
/** Most rows per evidence page. */
export const EVIDENCE_MAX_PAGE_SIZE = 100;
/** Longest rationale kept per proposal (characters). */
export const RATIONALE_LIMIT = 600;

/** How an example changed from configuration A to configuration B. */
export const EvidenceStatusSchema = z.enum(["fixed", "broken", "both_pass", "both_fail"]);
export type EvidenceStatus = z.infer<typeof EvidenceStatusSchema>;

/** The split an example belongs to: validation (the search's yardstick) or held-out test. */
export const EvidenceSplitSchema = z.enum(["validation", "test"]);
export type EvidenceSplit = z.infer<typeof EvidenceSplitSchema>;

const iterationParam = (name: string) =>
  z.coerce
    .number({ error: `${name} must be an iteration number` })
    .int({ error: `${name} must be an iteration number` })
    .min(0, { error: `${name} must be an iteration number` })
    .max(1000, { error: `${name} must be an iteration number` });

/** A frontier point as a selector: "f" and the point's index in the run's frontier (cheapest first). */
const FRONTIER_SELECTOR = /^f(\d{1,3})$/;

/** An iteration number ("3") or a frontier point ("f2"). */
const configurationParam = (name: string) => {
  const error = `${name} must be an iteration number or a frontier point (f0, f1, …)`;
  return z.union([iterationParam(name), z.string({ error }).regex(FRONTIER_SELECTOR, { error })], {
    error,
  });
};

/** What a query's `a` or `b` selects: an iteration of the run or a point of its frontier. */
export type EvidenceSelector =
  | { kind: "iteration"; iteration: number }
  | { kind: "frontier"; point: number };

/** The parsed `a`/`b` of an evidence query (an iteration number, or "f" and a frontier point's index). */
export function parseEvidenceSelector(value: number | string): EvidenceSelector {
  if (typeof value === "number") return { kind: "iteration", iteration: value };
  const m = FRONTIER_SELECTOR.exec(value);
  return m
    ? { kind: "frontier", point: Number(m[1]) }
    : { kind: "iteration", iteration: Number(value) };
}

/** Query of GET /auto-tune/optimize/runs/:id/evidence (and of its export). */
export const EvidenceQuerySchema = z.object({
  /** Configuration A: an iteration (default 0, the initial one) or a frontier point ("f2"). */
  a: configurationParam("a").optional(),
  /** Configuration B: an iteration (default: the presented one) or a frontier point ("f2"). */
  b: configurationParam("b").optional(),
  status: z
    .enum(["all", ...EvidenceStatusSchema.options], {
      error: "status must be all, fixed, broken, both_pass or both_fail",
    })
    .default("all"),
  split: z
    .enum(["all", ...EvidenceSplitSchema.options], {
      error: "split must be all, validation or test",
    })
    .default("all"),
  /** Case-insensitive text searched in the conversation, reference, replies and feedback. */
  q: z.string().max(200, { error: "q must be at most 200 characters" }).default(""),
  sort: z
    .enum(["change_desc", "change_asc", "example"], {
      error: "sort must be change_desc, change_asc or example",
    })
    .default("change_desc"),
  page: z.coerce
    .number({ error: "page must be a positive integer" })
    .int({ error: "page must be a positive integer" })
    .min(1, { error: "page must be a positive integer" })
    .max(100_000, { error: "page must be a positive integer" })
    .default(1),
  page_size: z.coerce
    .number({ error: `page_size must be 1 to ${EVIDENCE_MAX_PAGE_SIZE}` })
    .int({ error: `page_size must be 1 to ${EVIDENCE_MAX_PAGE_SIZE}` })
    .min(1, { error: `page_size must be 1 to ${EVIDENCE_MAX_PAGE_SIZE}` })
    .max(EVIDENCE_MAX_PAGE_SIZE, { error: `page_size must be 1 to ${EVIDENCE_MAX_PAGE_SIZE}` })
    .default(25),
});
export type EvidenceQuery = z.infer<typeof EvidenceQuerySchema>;

/** Query of the export: the same filters plus the format. */
export const EvidenceExportQuerySchema = EvidenceQuerySchema.omit({
  page: true,
  page_size: true,
}).extend({
  format: z.enum(["csv", "jsonl"], { error: "format must be csv or jsonl" }),
});
export type EvidenceExportQuery = z.infer<typeof EvidenceExportQuerySchema>;

/** The judge's verdict on one rubric item of an example. */
export const RubricItemVerdictSchema = z.object({ item: z.string(), met: z.boolean() });
export type RubricItemVerdict = z.infer<typeof RubricItemVerdictSchema>;

/** One configuration's answer to one example. */
export const EvidenceAnswerSchema = z.object({
  score: z.number(),
  passed: z.boolean(),
  feedback: z.string(),
  /** Each rubric item met or not, in the rubric's order; null (or absent) when the judge gave none. */
  rubric_items: z.array(RubricItemVerdictSchema).nullable().optional(),
  reply: z.string(),
  /** Multi-agent reasoning trace (coordinator plan and worker replies); "" for a single agent. */
  trace: z.string(),
});
export type EvidenceAnswer = z.infer<typeof EvidenceAnswerSchema>;

/** One example compared across configurations A and B. */
export const EvidenceRowSchema = z.object({
  example_id: z.string(),
  split: EvidenceSplitSchema,
  dialog: z.array(DialogEntrySchema),
  reference: z.string(),
  rubric: z.array(z.string()),
  a: EvidenceAnswerSchema,
  b: EvidenceAnswerSchema,
  status: EvidenceStatusSchema,
  /** B's score minus A's. */
  change: z.number(),
});
export type EvidenceRow = z.infer<typeof EvidenceRowSchema>;

/** A configuration of the run that can be compared. */
export const EvidenceConfigurationSchema = z.object({
  iteration: z.number().int().nonnegative(),
  /** The iteration that created the configuration this iteration reports. */
  candidate_iteration: z.number().int().nonnegative(),
  validation_score: z.number(),
  presented: z.boolean(),
});
export type EvidenceConfiguration = z.infer<typeof EvidenceConfigurationSchema>;

/**
 * A point of the run's cost–quality frontier that can be compared: the
 * presented prompt (or the sweep's proposal for that model) on another model
 * and temperature. Listed when its answers were stored.
 */
export const EvidenceFrontierPointSchema = z.object({
  /** Index of the point in the run's frontier (cheapest first); selected as "f<index>". */
  frontier_point: z.number().int().nonnegative(),
  /** The model (multi-agent: the coordinator's and the workers' models). */
  model_name: z.string(),
  temperature: z.number(),
  validation_score: z.number(),
  /** Held-out test score (the recommended and the best-scoring point); null when not measured. */
  test_score: z.number().nullable(),
  /** The recommended point: the configuration the run presents. */
  recommended: z.boolean(),
});
export type EvidenceFrontierPoint = z.infer<typeof EvidenceFrontierPointSchema>;

/** Either side of a comparison: an iteration's configuration or a frontier point. */
export const EvidenceSideSchema = z.union([
  EvidenceConfigurationSchema,
  EvidenceFrontierPointSchema,
]);
export type EvidenceSide = z.infer<typeof EvidenceSideSchema>;

/** Whether a compared side is a frontier point. */
export function isFrontierSide(side: EvidenceSide): side is EvidenceFrontierPoint {
  return "frontier_point" in side;
}

/** The query value that selects `side` again: its iteration ("3") or its frontier point ("f2"). */
export function evidenceSelectorOf(side: EvidenceSide): string {
  return isFrontierSide(side) ? `f${side.frontier_point}` : String(side.iteration);
}

/** One page of GET /auto-tune/optimize/runs/:id/evidence. */
export const EvidencePageSchema = z.object({
  run_id: z.string(),
  mode: z.enum(["single", "multi"]),
  a: EvidenceSideSchema,
  b: EvidenceSideSchema,
  configurations: z.array(EvidenceConfigurationSchema),
  /** The frontier points with stored answers (runs with candidate models; none before they were kept). */
  frontier_points: z.array(EvidenceFrontierPointSchema).default([]),
  /** Counts of the filtered split and search, before the status filter. */
  counts: z.object({
    fixed: z.number().int(),
    broken: z.number().int(),
    both_pass: z.number().int(),
    both_fail: z.number().int(),
  }),
  /**
   * Examples of the held-out test split are compared only for the initial and
   * the presented configuration (and the tested frontier points).
   */
  test_compared: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  rows: z.array(EvidenceRowSchema),
});
export type EvidencePage = z.infer<typeof EvidencePageSchema>;

/** Why a proposal ended as it did. */
export const ProposalOutcomeSchema = z.enum([
  "accepted",
  "refined",
  "rejected_minibatch",
  "rejected_validation",
  "duplicate",
  "parent_perfect",
  "reflection_failed",
  "budget",
]);
export type ProposalOutcome = z.infer<typeof ProposalOutcomeSchema>;

/**
 * One proposal an iteration tried. Scores are shares in [0, 1]. A
 * `refinement` is a further reflection on a proposal that passed its
 * minibatch (outcome `refined`), tried before that proposal's validation; a
 * `pruning` (single-agent) is that proposal without one generic instruction
 * (one it added beside its fix, or one of the initial prompt's), tried
 * before the refinement.
 */
export const ProposalSchema = z.object({
  kind: z.enum(["reflection", "merge", "refinement", "pruning"]),
  parent: z.number().int(),
  other_parent: z.number().int().nullable(),
  component: z.string().nullable(),
  minibatch: z.array(z.string()),
  reflected_on: z.array(z.string()),
  parent_minibatch_score: z.number().nullable(),
  proposal_minibatch_score: z.number().nullable(),
  parent_validation_score: z.number().nullable(),
  validation_score: z.number().nullable(),
  outcome: ProposalOutcomeSchema,
  rationale: z.string().nullable(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** A validation mean's 95 % interval (normal approximation over the examples), shares in [0, 1]. */
export const ScoreIntervalSchema = z.object({
  low: z.number(),
  high: z.number(),
  examples: z.number().int().nonnegative(),
});
export type ScoreInterval = z.infer<typeof ScoreIntervalSchema>;

/** How the presented configuration was picked: the pooled number the pick ranked by. */
export const RunPickSchema = z.object({
  iteration: z.number().int().nonnegative(),
  pooled_score: z.number(),
  validation_measurements: z.number().int().positive(),
  validation_examples: z.number().int().nonnegative(),
  train_examples: z.number().int().nonnegative(),
  initial_pooled_score: z.number(),
  beat_initial: z.boolean(),
});
export type RunPick = z.infer<typeof RunPickSchema>;

/** One iteration's reasoning. */
export const IterationReasoningSchema = z.object({
  iteration: z.number().int().nonnegative(),
  candidate_iteration: z.number().int().nonnegative(),
  parent: z.number().int().nullable(),
  accepted: z.boolean(),
  component: z.string().nullable(),
  rationale: z.string().nullable(),
  validation_score: z.number(),
  validation_interval: ScoreIntervalSchema.nullable(),
  proposals: z.array(ProposalSchema),
});
export type IterationReasoning = z.infer<typeof IterationReasoningSchema>;

/** GET /auto-tune/optimize/runs/:id/reasoning: every iteration's reasoning and the pick. */
export const RunReasoningSchema = z.object({
  run_id: z.string(),
  mode: z.enum(["single", "multi"]),
  status: z.string(),
  iterations: z.array(IterationReasoningSchema),
  /** Creating iteration of the presented configuration; null until the run completed. */
  presented: z.number().int().nullable(),
  pick: RunPickSchema.nullable(),
});
export type RunReasoning = z.infer<typeof RunReasoningSchema>;
