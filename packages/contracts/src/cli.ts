/**
 * Files the `promptune` command line writes and reads back: the result of
 * `promptune optimize --output run.json` and the report of `promptune eval
 * --output report.json`, which a later `promptune eval --baseline` compares
 * against.
 */
import { z } from "zod";
import { AgentConfigSchema } from "./agents";
import { MetricSchema } from "./datasets";
import { FinalResultSchema, UsageSchema } from "./optimize";

/** Which dataset a CLI run used: a bundled one by name or a local file. */
export const CliDatasetRefSchema = z.object({
  name: z.string(),
  source: z.enum(["bundled", "file"]),
  metric: MetricSchema,
  size: z.number().int().nonnegative(),
});
export type CliDatasetRef = z.infer<typeof CliDatasetRefSchema>;

/** A configuration as the CLI reports it: a prompt and temperature, plus the agents of a multi-agent one. */
export const CliConfigurationSchema = z.object({
  prompt: z.string(),
  temperature: z.number(),
  "master-agent": AgentConfigSchema.optional(),
  "worker-agents": z.array(AgentConfigSchema).optional(),
});
export type CliConfiguration = z.infer<typeof CliConfigurationSchema>;

/** One iteration of a CLI optimisation (0 is the initial configuration). */
export const CliIterationSchema = z.object({
  iteration: z.number().int().nonnegative(),
  configuration: CliConfigurationSchema,
  validation_score: z.number(),
  accepted: z.boolean(),
  parent: z.number().int().nullable(),
  usage: UsageSchema,
});
export type CliIteration = z.infer<typeof CliIterationSchema>;

/** `promptune optimize --output FILE`: every configuration, its scores and the final result. */
export const CliOptimizeOutputSchema = z.object({
  type: z.literal("optimize"),
  dataset: CliDatasetRefSchema,
  /** The answering model of a single-agent run; null for multi-agent runs. */
  model: z.string().nullable(),
  iterations: z.array(CliIterationSchema),
  /**
   * The run's final result (held-out comparison and estimate included when
   * measured); null when the run stopped early (see `status`).
   */
  result: FinalResultSchema.nullable(),
  /** `complete`, or why the run stopped early: Ctrl-C or a provider failure. */
  status: z.enum(["complete", "interrupted", "provider_failed"]).default("complete"),
  /** The failure that stopped the run. */
  error: z.string().optional(),
});
export type CliOptimizeOutput = z.infer<typeof CliOptimizeOutputSchema>;

/** One scored example of `promptune eval`. */
export const EvalExampleResultSchema = z.object({
  id: z.string(),
  score: z.number(),
  passed: z.boolean(),
  feedback: z.string(),
  reply: z.string(),
  /** Score of each repetition (`--repeat K`); `score` is their mean. */
  scores: z.array(z.number()).optional(),
  /** Time the example's reply and scoring took (ms; the last repetition). */
  duration_ms: z.number().nonnegative().optional(),
});
export type EvalExampleResult = z.infer<typeof EvalExampleResultSchema>;

/** `promptune eval --output FILE` / `--json`: the score of one configuration on a dataset. */
export const EvalReportSchema = z.object({
  type: z.literal("eval"),
  dataset: CliDatasetRefSchema,
  /** `held-out`: the test split the optimiser never sees; `all`: every example. */
  split: z.enum(["held-out", "all"]),
  /** The answering model of a single-agent configuration; null for multi-agent ones. */
  model: z.string().nullable(),
  configuration: CliConfigurationSchema,
  /** Mean score in [0, 1]. */
  score: z.number(),
  /** An example passes when its score reaches this. */
  pass_score: z.number(),
  examples: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  results: z.array(EvalExampleResultSchema),
  usage: UsageSchema,
  /**
   * `complete`, or why the report is partial: `interrupted` (Ctrl-C) or
   * `provider_failed` (the model provider failed); `results` then holds the
   * examples scored before that and `examples` the number planned.
   */
  status: z.enum(["complete", "interrupted", "provider_failed"]).default("complete"),
  /** The failure that ended a partial report. */
  error: z.string().optional(),
  /** Sampling temperature of the answering model (evals default to 0). */
  temperature: z.number().optional(),
  /** Repetitions of every example (`--repeat K`). */
  repeat: z.number().int().positive().default(1),
  /** 95 % interval of the mean score over the examples (t-distribution); null below two examples. */
  interval: z.object({ low: z.number(), high: z.number() }).nullable().optional(),
  /** When the evaluation started (ISO 8601) and how long it took. */
  started_at: z.string().optional(),
  duration_ms: z.number().nonnegative().optional(),
});
export type EvalReport = z.infer<typeof EvalReportSchema>;

/** A file `promptune eval --baseline` accepts: an earlier eval report or an optimize output. */
export const CliBaselineFileSchema = z.union([EvalReportSchema, CliOptimizeOutputSchema]);
export type CliBaselineFile = z.infer<typeof CliBaselineFileSchema>;
