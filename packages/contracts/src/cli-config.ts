/**
 * `promptune.config.yaml`: what `promptune eval -c` and `optimize -c` run —
 * a dataset, the prompts and models to compare (every prompt × model ×
 * temperature), how replies are scored (a metric or assertions) and the
 * thresholds. The JSON schema editors use is generated from this schema
 * (promptune.config.schema.json in the `promptune` package).
 */
import { z } from "zod";
import { MetricSchema } from "./datasets";

const share = z.number().min(0).max(1);

/** A prompt: inline text, or a file relative to the config file. */
export const ConfigPromptSchema = z.union([
  z.string().min(1, { error: "a prompt must not be empty" }),
  z.strictObject({
    /** Short name shown in the comparison table. */
    id: z.string().min(1).optional(),
    text: z.string().min(1),
  }),
  z.strictObject({ id: z.string().min(1).optional(), file: z.string().min(1) }),
]);
export type ConfigPrompt = z.infer<typeof ConfigPromptSchema>;

/**
 * A check every reply must pass. Text values may name the example's fields
 * as `{{expected}}`, `{{reference}}` or `{{id}}`. An example's score is the
 * weighted share of assertions it passes (`rubric` and `javascript` may give
 * partial credit).
 */
export const ConfigAssertionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("contains"),
    value: z.string().min(1),
    ignore_case: z.boolean().default(true),
    weight: z.number().positive().default(1),
  }),
  z.strictObject({
    type: z.literal("not-contains"),
    value: z.string().min(1),
    ignore_case: z.boolean().default(true),
    weight: z.number().positive().default(1),
  }),
  z.strictObject({
    type: z.literal("regex"),
    pattern: z.string().min(1),
    flags: z
      .string()
      .regex(/^[ims]*$/, { error: "flags may only be i, m and s" })
      .default(""),
    weight: z.number().positive().default(1),
  }),
  z.strictObject({
    type: z.literal("json-schema"),
    /** A JSON Schema the reply, parsed as JSON, must match. */
    schema: z.record(z.string(), z.unknown()),
    weight: z.number().positive().default(1),
  }),
  z.strictObject({
    type: z.literal("rubric"),
    /** Criteria the LLM judge checks (with the example's reference answer). */
    items: z.array(z.string().min(1)).min(1).max(6),
    weight: z.number().positive().default(1),
  }),
  z.strictObject({
    type: z.literal("javascript"),
    /**
     * An ES module (relative to the config file) whose default export is
     * `(example, reply) => {score, feedback} | boolean | number` (or a promise of one).
     */
    module: z.string().min(1),
    weight: z.number().positive().default(1),
  }),
]);
export type ConfigAssertion = z.infer<typeof ConfigAssertionSchema>;

/** The dataset: a JSONL/CSV file relative to the config file, or a bundled one by name. */
export const ConfigDatasetSchema = z.union([
  z.string().min(1),
  z.strictObject({ file: z.string().min(1) }),
  z.strictObject({ name: z.string().min(1) }),
]);

/** Gates `eval -c` applies to every configuration. */
export const ConfigThresholdsSchema = z.strictObject({
  /** Exit 1 when a configuration's mean score (or its lower bound) is below this. */
  min_score: share.optional(),
  /** Compare min_score with the mean or the lower bound of its 95 % interval. */
  gate_on: z.enum(["mean", "lower"]).default("mean"),
  /** Every example must reach this score (exit 1 otherwise). */
  pass_score: share.optional(),
});

/** The whole config file. */
export const PromptuneConfigSchema = z
  .strictObject({
    /** Editors: the JSON schema of this file. */
    $schema: z.string().optional(),
    description: z.string().optional(),
    dataset: ConfigDatasetSchema,
    /** How replies are scored when no assertions are given. Default judge. */
    metric: MetricSchema.optional(),
    prompts: z.array(ConfigPromptSchema).min(1).max(20),
    /** Answering models; default the provider's default model. */
    models: z.array(z.string().min(1)).min(1).max(20).optional(),
    /** Sampling temperatures to compare; default [0] for evals (repeatable scores). */
    temperatures: z.array(z.number().min(0).max(1)).min(1).max(5).optional(),
    /** Checks applied to every example instead of the metric. */
    assertions: z.array(ConfigAssertionSchema).min(1).max(20).optional(),
    thresholds: ConfigThresholdsSchema.optional(),
    /** Optimisation settings of `optimize -c`. */
    optimize: z
      .strictObject({
        iterations: z.number().int().min(1).max(50).optional(),
        seed: z.number().int().min(0).optional(),
        max_calls: z.number().int().positive().optional(),
      })
      .optional(),
  })
  .refine((c) => !(c.metric && c.assertions), {
    error: "give either metric or assertions, not both",
    path: ["assertions"],
  });
export type PromptuneConfig = z.infer<typeof PromptuneConfigSchema>;
