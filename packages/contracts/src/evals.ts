/**
 * POST /api/evals: scores one prompt on a dataset on the server (the REST
 * counterpart of `promptune eval`), answering an `EvalReportSchema` report.
 */
import { z } from "zod";
import { ModelNameSchema, PromptSchema, TemperatureSchema } from "./agents";
import { DatasetNameSchema } from "./optimize";

/** Most examples one server-side eval scores (the held-out split holds at most 100). */
export const MAX_SERVER_EVAL_EXAMPLES = 200;

export const EvalRequestSchema = z.strictObject({
  dataset_name: DatasetNameSchema,
  prompt: PromptSchema.refine((p) => p.trim().length > 0, { error: "prompt must not be empty" }),
  model_name: ModelNameSchema,
  /** Default 0: repeatable scores. */
  temperature: TemperatureSchema.default(0),
  /** `held-out` (default): the examples optimisation never trains on; `all`: every example. */
  split: z.enum(["held-out", "all"]).default("held-out"),
  /** An example passes at this score. Default 1. */
  pass_score: z.number().min(0).max(1).default(1),
});
export type EvalRequest = z.infer<typeof EvalRequestSchema>;
