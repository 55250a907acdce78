import { z } from "zod";
import { AgentConfigSchema } from "./agents";
import { FrontierPointSchema, HeldOutComparisonSchema, PointSchema, UsageSchema } from "./optimize";

export const RunModeSchema = z.enum(["single", "multi"]);
export type RunMode = z.infer<typeof RunModeSchema>;

/** `paused`: the model provider stopped answering; the run resumes by itself (RUN_PAUSE). */
export const RunStatusSchema = z.enum([
  "queued",
  "running",
  "paused",
  "completed",
  "failed",
  "cancelled",
]);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** One optimised step of a saved run (spec §3 history record). */
export const HistoryStepSchema = z.object({
  id: z.string(),
  step_number: z.number().int().positive(),
  prompt: z.string(),
  model_name: z.string(),
  temperature: z.number(),
  accepted: z.boolean(),
  validation_score: z.number(),
  embedding_point: PointSchema,
  evaluation_point: PointSchema,
  "master-agent": AgentConfigSchema.optional(),
  "worker-agents": z.array(AgentConfigSchema).optional(),
});
export type HistoryStep = z.infer<typeof HistoryStepSchema>;

/** The initial configuration's evaluation (iteration 0) of a saved run: its graph points and score. */
export const HistoryInitialEvaluationSchema = z.object({
  validation_score: z.number(),
  embedding_point: PointSchema,
  evaluation_point: PointSchema,
});
export type HistoryInitialEvaluation = z.infer<typeof HistoryInitialEvaluationSchema>;

/** A saved run in GET /auto-tune/optimize/history (first spec shape plus extras). */
export const HistoryRecordSchema = z.object({
  id: z.string(),
  run_id: z.string(),
  created_at: z.string(),
  mode: RunModeSchema,
  status: RunStatusSchema,
  configuration: z.object({
    initial_prompt: z.string(),
    model_name: z.string(),
    temperature: z.number(),
    iterations: z.number().int(),
    dataset_name: z.string(),
    /** Datasets merged with dataset_name for this run, when it named more than one. */
    extra_datasets: z.array(z.string()).optional(),
    "master-agent": AgentConfigSchema.optional(),
    "worker-agents": z.array(AgentConfigSchema).optional(),
  }),
  steps: z.array(HistoryStepSchema),
  selected_step_id: z.string().nullable(),
  initial_score: z.number().nullable(),
  best_score: z.number().nullable(),
  test_score: z.number().nullable(),
  /** Held-out comparison of initial vs presented configuration, when measured. */
  held_out: HeldOutComparisonSchema.nullable().optional(),
  /** The cost–quality frontier, when the run named candidate models. */
  frontier: z.array(FrontierPointSchema).nullable().optional(),
  /**
   * The frontier point the user chose for this run (its index in `frontier`);
   * null or absent: the recommended one. Set by PUT
   * /auto-tune/optimize/runs/:id/frontier-choice.
   */
  frontier_choice: z.number().int().nonnegative().nullable().optional(),
  usage: UsageSchema,
  error: z.string().nullable(),
  /** Iteration 0, so a reloaded run draws it in both graphs and shows its badge. */
  initial_evaluation: HistoryInitialEvaluationSchema.nullable().optional(),
  /** The iteration the finished run presented (its final result's pick), when finished. */
  best_iteration: z.number().int().nullable().optional(),
  /**
   * The temperature the finished single-agent run presents. The end's temperature probe may
   * present the best iteration's prompt at another temperature than the one it was searched at,
   * so the presented configuration is that step's prompt at this temperature.
   */
  presented_temperature: z.number().nullable().optional(),
});
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>;

/** Page sizes of GET /auto-tune/optimize/history (records per page). */
export const HISTORY_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

/**
 * GET /auto-tune/optimize/history query: the mode, the `next_cursor` of the
 * previous page (absent for the first page) and how many records to return.
 */
export const HistoryQuerySchema = z.object({
  mode: RunModeSchema.optional(),
  cursor: z
    .string()
    .min(1, { error: "cursor must not be empty" })
    .max(200, { error: "cursor is malformed" })
    .optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: `limit must be between 1 and ${HISTORY_PAGE.maxLimit}` })
    .max(HISTORY_PAGE.maxLimit, { error: `limit must be between 1 and ${HISTORY_PAGE.maxLimit}` })
    .default(HISTORY_PAGE.defaultLimit),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/**
 * One page of GET /auto-tune/optimize/history: the envelope keeps the spec's
 * `{success, data}` with `data` the record list (newest first), and adds
 * `next_cursor`, the cursor of the next page, or null on the last page.
 */
export const HistoryPageSchema = z.object({
  success: z.literal(true),
  data: z.array(HistoryRecordSchema),
  next_cursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/** PUT /auto-tune/optimize/selected-prompt body: by step number or step id. */
export const SelectPromptRequestSchema = z.union([
  z.object({ run_id: z.string().min(1), step_number: z.number().int().positive() }),
  z.object({ selected_step_id: z.string().min(1) }),
]);
export type SelectPromptRequest = z.infer<typeof SelectPromptRequestSchema>;

/**
 * PUT /auto-tune/optimize/runs/:id/frontier-choice body: the index of the
 * frontier point the run's configuration uses from now on (history, 'Load to
 * integration', the pages), or null for the recommended one again.
 */
export const FrontierChoiceRequestSchema = z.object({
  point: z
    .number({ error: "point must be a number or null" })
    .int({ error: "point must be a whole number" })
    .nonnegative({ error: "point must not be negative" })
    .nullable(),
});
export type FrontierChoiceRequest = z.infer<typeof FrontierChoiceRequestSchema>;
