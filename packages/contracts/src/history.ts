import { z } from "zod";
import { AgentConfigSchema } from "./agents";
import { HeldOutComparisonSchema, PointSchema, UsageSchema } from "./optimize";

export const RunModeSchema = z.enum(["single", "multi"]);
export type RunMode = z.infer<typeof RunModeSchema>;

export const RunStatusSchema = z.enum(["queued", "running", "completed", "failed", "cancelled"]);
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
  usage: UsageSchema,
  error: z.string().nullable(),
});
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>;

/** PUT /auto-tune/optimize/selected-prompt body: by step number or step id. */
export const SelectPromptRequestSchema = z.union([
  z.object({ run_id: z.string().min(1), step_number: z.number().int().positive() }),
  z.object({ selected_step_id: z.string().min(1) }),
]);
export type SelectPromptRequest = z.infer<typeof SelectPromptRequestSchema>;
