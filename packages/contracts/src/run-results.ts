/**
 * What an optimisation run produces, as zod schemas: usage, the iteration
 * results of both modes, the held-out comparison, the estimate, the
 * cost–quality frontier points and the final result. Split from
 * optimize.ts (which re-exports all of it) so the requests and the socket
 * messages stay apart from the result shapes they carry.
 */
import { z } from "zod";
import { AgentConfigSchema } from "./agents";
import { ProposalSchema, RunPickSchema, ScoreIntervalSchema } from "./evidence";

/** A 2-D point on a graph. */
export const PointSchema = z.object({ x: z.number(), y: z.number() });
export type Point = z.infer<typeof PointSchema>;

/** LLM usage accumulated by a step or a run. */
export const UsageSchema = z.object({
  calls: z.number().int().nonnegative(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cost_usd: z.number().nonnegative(),
  cached_calls: z.number().int().nonnegative().default(0),
});
export type Usage = z.infer<typeof UsageSchema>;

/**
 * The optimiser's reasoning an iteration result carries (optional: runs
 * stored before it was recorded lack it): the configuration it reports, the
 * validation interval and every proposal tried.
 */
const IterationReasoningFields = {
  candidate_iteration: z.number().int().nonnegative().optional(),
  component: z.string().nullable().optional(),
  rationale: z.string().nullable().optional(),
  validation_interval: ScoreIntervalSchema.nullable().optional(),
  proposals: z.array(ProposalSchema).optional(),
};

/** What every iteration result of both modes carries: its graph points, outcome, score and usage. */
const IterationStepFields = {
  evaluation_point: PointSchema,
  embedding_point: PointSchema,
  accepted: z.boolean(),
  parent: z.number().int().nullable(),
  validation_score: z.number(),
  usage: UsageSchema,
};

/** One single-agent iteration result (iteration 0 is the initial evaluation). */
export const SingleAgentIterationSchema = z.object({
  iteration: z.number().int().nonnegative(),
  prompt: z.string(),
  model_name: z.string(),
  temperature: z.number(),
  ...IterationStepFields,
  ...IterationReasoningFields,
});
export type SingleAgentIteration = z.infer<typeof SingleAgentIterationSchema>;

/** Points of the initial configuration carried by the first multi-agent update. */
export const BaselineSchema = z.object({
  evaluation_point: PointSchema,
  embedding_point: PointSchema,
  validation_score: z.number(),
  /** 95 % interval of the initial validation score (absent in runs stored before it was recorded). */
  validation_interval: ScoreIntervalSchema.nullable().optional(),
});

/** One multi-agent iteration result (iterations 1..N). */
export const MultiAgentIterationSchema = z.object({
  iteration: z.number().int().positive(),
  prompt: z.string(),
  temperature: z.number(),
  "master-agent": AgentConfigSchema,
  "worker-agents": z.array(AgentConfigSchema),
  ...IterationStepFields,
  baseline: BaselineSchema.optional(),
  ...IterationReasoningFields,
});
export type MultiAgentIteration = z.infer<typeof MultiAgentIterationSchema>;

/**
 * Held-out comparison of the initial and the presented configuration on the
 * test split the optimiser never saw. Scores are shares in [0, 1];
 * `difference` = final − initial, with the bootstrap 95 % interval of that
 * paired difference. `significant` is true when the interval excludes 0.
 */
export const HeldOutComparisonSchema = z.object({
  examples: z.number().int().nonnegative(),
  initial_score: z.number(),
  final_score: z.number(),
  difference: z.number(),
  ci_low: z.number(),
  ci_high: z.number(),
  significant: z.boolean(),
});
export type HeldOutComparison = z.infer<typeof HeldOutComparisonSchema>;

/**
 * What a run is expected to spend before it starts: model calls, tokens and
 * cost (null when a model has no known price). A run never issues more than
 * `max_calls` (at most 10 % above `calls`).
 */
export const RunEstimateSchema = z.object({
  calls: z.number().int().nonnegative(),
  max_calls: z.number().int().nonnegative(),
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cost_usd: z.number().nonnegative().nullable(),
});
export type RunEstimate = z.infer<typeof RunEstimateSchema>;

/**
 * One measured configuration of the cost–quality sweep: validation score with
 * its 95 % interval and the measured cost of 1,000 replies (tokens × price;
 * multi-agent: every agent call of a reply). `recommended` marks the cheapest
 * configuration not measurably worse than the best-scoring one (paired 95 %
 * interval of the per-example difference reaching 0, confirmed on more
 * examples when it is cheaper); `on_frontier`
 * the configurations no other one beats on both score and cost.
 */
export const FrontierPointSchema = z.object({
  model_name: z.string(),
  temperature: z.number(),
  prompt: z.string(),
  score: z.number(),
  ci_low: z.number(),
  ci_high: z.number(),
  cost_per_1k_usd: z.number().nonnegative(),
  calls_per_reply: z.number().nonnegative(),
  recommended: z.boolean(),
  on_frontier: z.boolean().optional(),
  /** Held-out test score (the recommended and the best-scoring point); null when not measured. */
  test_score: z.number().nullable().optional(),
  /** Multi-agent: the whole configuration of this point. */
  "master-agent": AgentConfigSchema.optional(),
  "worker-agents": z.array(AgentConfigSchema).optional(),
});
export type FrontierPoint = z.infer<typeof FrontierPointSchema>;

/** Final result of a run: the best candidate plus the optimised prompts list. */
export const FinalResultSchema = z.object({
  run_id: z.string(),
  prompt: z.string(),
  prompts: z.array(z.string()),
  totalIterations: z.number().int(),
  evaluation_point: PointSchema,
  embedding_point: PointSchema,
  temperature: z.number(),
  best_iteration: z.number().int(),
  initial_score: z.number(),
  best_validation_score: z.number(),
  test_score: z.number().nullable(),
  initial_test_score: z.number().nullable(),
  usage: UsageSchema,
  /** Held-out comparison of initial vs presented; null when the test split is empty or unmeasured. */
  held_out: HeldOutComparisonSchema.nullable().optional(),
  /** The estimate the run was started with (its calls cap). */
  estimate: RunEstimateSchema.optional(),
  /** Why the run ended before its plan, when it did (e.g. the user's budget ran out). */
  notice: z.string().optional(),
  "master-agent": AgentConfigSchema.optional(),
  "worker-agents": z.array(AgentConfigSchema).optional(),
  /** How the presented configuration was picked (absent for runs stored before it was recorded). */
  pick: RunPickSchema.optional(),
  /** Single-agent: the model of the presented configuration (the recommended frontier point). */
  model_name: z.string().optional(),
  /** The cost–quality frontier when the run named candidate models (cheapest first). */
  frontier: z.array(FrontierPointSchema).optional(),
});
export type FinalResult = z.infer<typeof FinalResultSchema>;
