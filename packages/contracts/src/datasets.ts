import { z } from "zod";
import { DialogEntrySchema } from "./chat";

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
  owner: z.enum(["bundled", "user"]),
});
export type DatasetSummary = z.infer<typeof DatasetSummarySchema>;
