/**
 * Optimisation runs' contracts: the single- and multi-agent requests, the
 * estimate request, the socket messages and the active-run lookup. The
 * result shapes they carry live in run-results.ts and are re-exported here.
 */
import { z } from "zod";
import { ModelNameSchema, MultiAgentConfigSchema, PromptSchema, TemperatureSchema } from "./agents";
import { ITERATIONS } from "./constants";
import {
  FinalResultSchema,
  MultiAgentIterationSchema,
  SingleAgentIterationSchema,
} from "./run-results";

export type {
  FinalResult,
  FrontierPoint,
  HeldOutComparison,
  MultiAgentIteration,
  Point,
  RunEstimate,
  SingleAgentIteration,
  Usage,
} from "./run-results";
export {
  BaselineSchema,
  FinalResultSchema,
  FrontierPointSchema,
  HeldOutComparisonSchema,
  MultiAgentIterationSchema,
  PointSchema,
  RunEstimateSchema,
  SingleAgentIterationSchema,
  UsageSchema,
} from "./run-results";

export const DatasetNameSchema = z
  .string({ error: "dataset_name must be text" })
  .trim()
  .min(1, { error: "dataset_name is required" })
  .max(200, { error: "dataset_name is too long" });

export const IterationsSchema = z
  .number({ error: "iterations must be a number" })
  .int({ error: "iterations must be a whole number" })
  .min(ITERATIONS.min, { error: `iterations must be at least ${ITERATIONS.min}` })
  .max(ITERATIONS.max, { error: `iterations must be at most ${ITERATIONS.max}` });

/** Most candidate models a run may try besides its primary model (per role in multi-agent runs). */
export const MAX_CANDIDATE_MODELS = 4;

/**
 * Models the presented prompt is also tried on after the search (the
 * cost–quality sweep); ids from the defaults' model list, checked by the server.
 */
export const CandidateModelsSchema = z
  .array(ModelNameSchema, { error: "candidate_models must be a list of model names" })
  .max(MAX_CANDIDATE_MODELS, {
    error: `candidate_models may name at most ${MAX_CANDIDATE_MODELS} models`,
  })
  .refine((list) => new Set(list).size === list.length, {
    error: "candidate_models must not repeat a model",
  });

/** The most a run may spend in USD (measured cost); it stops with what it has when reached. */
export const MaxCostUsdSchema = z
  .number({ error: "max_cost_usd must be a number" })
  .positive({ error: "max_cost_usd must be above 0" })
  .max(100_000, { error: "max_cost_usd must be at most 100000" });

/** Most datasets a run may add to its primary one (merged into one evaluation set). */
export const MAX_EXTRA_DATASETS = 3;

/**
 * Datasets merged with `dataset_name` into the run's evaluation set (say a
 * Feedback dataset built from ratings next to an uploaded one); all must use
 * the same metric, which the server checks.
 */
export const ExtraDatasetsSchema = z
  .array(DatasetNameSchema, { error: "extra_datasets must be a list of dataset names" })
  .max(MAX_EXTRA_DATASETS, {
    error: `extra_datasets may name at most ${MAX_EXTRA_DATASETS} datasets`,
  })
  .refine((list) => new Set(list).size === list.length, {
    error: "extra_datasets must not repeat a dataset",
  });

/** Single-agent optimisation request, sent as the first socket message. */
export const SingleAgentOptimizeRequestSchema = z.object({
  prompt: PromptSchema.refine((p) => p.trim().length > 0, { error: "prompt must not be empty" }),
  dataset_name: DatasetNameSchema,
  extra_datasets: ExtraDatasetsSchema.optional(),
  model_name: ModelNameSchema,
  iterations: IterationsSchema,
  temperature: TemperatureSchema,
  candidate_models: CandidateModelsSchema.optional(),
  max_cost_usd: MaxCostUsdSchema.optional(),
});
export type SingleAgentOptimizeRequest = z.infer<typeof SingleAgentOptimizeRequestSchema>;

/** Multi-agent optimisation request, sent as the first socket message. */
export const MultiAgentOptimizeRequestSchema = MultiAgentConfigSchema.extend({
  dataset_name: DatasetNameSchema,
  extra_datasets: ExtraDatasetsSchema.optional(),
  iterations: IterationsSchema,
  /** Per role: models the coordinator and (all) workers are also tried on. */
  candidate_models: z
    .object({
      coordinator: CandidateModelsSchema.optional(),
      workers: CandidateModelsSchema.optional(),
    })
    .optional(),
  max_cost_usd: MaxCostUsdSchema.optional(),
});
export type MultiAgentOptimizeRequest = z.infer<typeof MultiAgentOptimizeRequestSchema>;

/**
 * POST /auto-tune/optimize/estimate body: the run request of either socket
 * plus its `mode`, so the estimate uses exactly what the run would start with.
 */
export const RunEstimateRequestSchema = z.discriminatedUnion(
  "mode",
  [
    SingleAgentOptimizeRequestSchema.extend({ mode: z.literal("single") }),
    MultiAgentOptimizeRequestSchema.extend({ mode: z.literal("multi") }),
  ],
  { error: 'mode must be "single" or "multi"' },
);
export type RunEstimateRequest = z.infer<typeof RunEstimateRequestSchema>;

/** Server clock (epoch ms) when an update was published; lets clients and benchmarks measure delivery latency. */
const SentAt = z.number().optional();

/** The run an update belongs to (set on every update the socket forwards, so the first one names it). */
const RunIdField = z.string().optional();

/**
 * A run's failure as the socket reports it: `error` is a plain sentence for
 * the user; `detail` (optional) the technical reason, shown behind a
 * "details" disclosure; `request_id` (optional) the id to quote to support.
 */
export const RunErrorMessageSchema = z.object({
  type: z.literal("error"),
  error: z.string(),
  detail: z.string().optional(),
  request_id: z.string().optional(),
});
export type RunErrorMessage = z.infer<typeof RunErrorMessageSchema>;

/**
 * The run is paused because the model provider stopped answering (most of a
 * window of calls failed). `message` is a plain sentence (RUN_PAUSE.message)
 * saying that it resumes by itself. Not an update: progress does not count it.
 */
export const RunPausedMessageSchema = z.object({
  type: z.literal("paused"),
  message: z.string(),
  run_id: RunIdField,
});
export type RunPausedMessage = z.infer<typeof RunPausedMessageSchema>;

/** The provider answers again and the paused run goes on from its last finished iteration. */
export const RunResumedMessageSchema = z.object({
  type: z.literal("resumed"),
  message: z.string(),
  run_id: RunIdField,
});
export type RunResumedMessage = z.infer<typeof RunResumedMessageSchema>;

/** Server → client messages on the single-agent socket. */
export const SingleAgentServerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("update"),
    data: SingleAgentIterationSchema,
    sent_at: SentAt,
    run_id: RunIdField,
  }),
  z.object({ type: z.literal("complete"), result: FinalResultSchema }),
  RunErrorMessageSchema,
  RunPausedMessageSchema,
  RunResumedMessageSchema,
]);
export type SingleAgentServerMessage = z.infer<typeof SingleAgentServerMessageSchema>;

/** Server → client messages on the multi-agent socket. */
export const MultiAgentServerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("update"),
    data: MultiAgentIterationSchema,
    sent_at: SentAt,
    run_id: RunIdField,
  }),
  z.object({ type: z.literal("complete"), result: FinalResultSchema }),
  RunErrorMessageSchema,
  RunPausedMessageSchema,
  RunResumedMessageSchema,
]);
export type MultiAgentServerMessage = z.infer<typeof MultiAgentServerMessageSchema>;

/**
 * Client → server alternative first message: reattach to one of the caller's
 * runs of the socket's mode. The server replays the run's stored updates,
 * then forwards the live ones (or ends with `complete` / `error` when the run
 * has already finished).
 */
export const ResumeRunMessageSchema = z.object({
  type: z.literal("resume"),
  run_id: z.string().trim().min(1, { error: "run_id is required" }).max(100),
});
export type ResumeRunMessage = z.infer<typeof ResumeRunMessageSchema>;

/**
 * GET /auto-tune/optimize/runs/active?mode=…: the caller's newest queued or
 * running run of that mode (null when none), with the request it was started
 * with so the page can show its settings.
 */
export const ActiveRunSchema = z.object({
  run_id: z.string(),
  mode: z.enum(["single", "multi"]),
  status: z.enum(["queued", "running", "paused"]),
  iterations: z.number().int().positive(),
  request: z.union([SingleAgentOptimizeRequestSchema, MultiAgentOptimizeRequestSchema]),
});
export type ActiveRun = z.infer<typeof ActiveRunSchema>;

/**
 * Every envelope type the spec's client understands (§3): progress, result,
 * error, intermediate, update, complete. The server only sends update,
 * complete and error; the client tolerates the rest.
 */
export const ClientEnvelopeSchema = z.object({
  type: z.enum(["progress", "result", "error", "intermediate", "update", "complete"]),
  progress: z.number().optional(),
  result: z.unknown().optional(),
  error: z.string().optional(),
  data: z.unknown().optional(),
});
export type ClientEnvelope = z.infer<typeof ClientEnvelopeSchema>;
