import { z } from "zod";
import { DialogEntrySchema } from "./chat";
import { MAX_DATASET_CHARS } from "./constants";

/** How a dataset's replies are scored. */
export const MetricSchema = z.enum(["judge", "exact", "contains", "regex"]);
export type Metric = z.infer<typeof MetricSchema>;

/**
 * One evaluation example, one JSONL line: the conversation so far (ending with
 * a human turn), a reference reply, checkable rubric items and, for
 * deterministic metrics, the expected answer.
 */
export const DatasetExampleSchema = z.object({
  id: z.string().min(1),
  domain: z.string().min(1).optional(),
  dialog: z
    .array(DialogEntrySchema)
    .min(1)
    .refine((d) => d[d.length - 1]?.type === "human", {
      error: "the conversation must end with a human turn",
    }),
  reference: z.string().min(1),
  rubric: z.array(z.string().min(1)).max(6).default([]),
  expected: z.string().optional(),
});
export type DatasetExample = z.infer<typeof DatasetExampleSchema>;

/** A dataset's description in datasets/index.json. */
export const DatasetManifestEntrySchema = z.object({
  name: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  file: z.string().min(1),
  metric: MetricSchema,
});
export type DatasetManifestEntry = z.infer<typeof DatasetManifestEntrySchema>;

/** A dataset as listed by the datasets API. */
export const DatasetSummarySchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  metric: MetricSchema,
  size: z.number().int(),
  /** bundled; an upload of the user; or one of the user's Feedback datasets built from ratings. */
  owner: z.enum(["bundled", "user", "feedback"]),
});
export type DatasetSummary = z.infer<typeof DatasetSummarySchema>;

/** Dataset names: letters, digits, '-', '_' and '.', 1–64 characters. */
export const DatasetNameFieldSchema = z
  .string({ error: "name must be text" })
  .trim()
  .min(1, { error: "name is required" })
  .max(64, { error: "name must be at most 64 characters" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
    error:
      "name may contain only letters, digits, '.', '-' and '_', starting with a letter or digit",
  });

/** Longest task text a dataset upload or `promptune optimize --task` may carry. */
export const MAX_TASK_CHARS = 2000;

/** POST /datasets body: a JSONL or CSV file's text plus its description. */
export const DatasetUploadRequestSchema = z.object({
  name: DatasetNameFieldSchema,
  title: z.string().trim().max(120, { error: "title must be at most 120 characters" }).optional(),
  description: z
    .string()
    .trim()
    .max(1000, { error: "description must be at most 1000 characters" })
    .optional(),
  /** What the assistant is for, in the user's words; the optimiser's reflection and judge read it. */
  task: z
    .string({ error: "task must be text" })
    .trim()
    .max(MAX_TASK_CHARS, { error: `task must be at most ${MAX_TASK_CHARS} characters` })
    .optional(),
  metric: MetricSchema.optional().default("judge"),
  format: z.enum(["jsonl", "csv"], { error: "format must be jsonl or csv" }),
  content: z
    .string({ error: "content must be text" })
    .min(1, { error: "the file is empty" })
    .max(MAX_DATASET_CHARS, { error: `the file must be at most ${MAX_DATASET_CHARS} characters` }),
});
export type DatasetUploadRequest = z.infer<typeof DatasetUploadRequestSchema>;
