import { z } from "zod";
import { DatasetExampleSchema, DatasetSummarySchema } from "./datasets";

/** How many examples `GET /datasets/:name` returns at most (the datasets page's preview). */
export const DATASET_PREVIEW_ROWS = 20;

/** One dataset with its first examples (GET /datasets/:name; bundled or the caller's own). */
export const DatasetDetailSchema = z.object({
  dataset: DatasetSummarySchema,
  examples: z.array(DatasetExampleSchema),
  /** The task text given at upload (what the assistant is for); absent when none was given. */
  task: z.string().optional(),
});
export type DatasetDetail = z.infer<typeof DatasetDetailSchema>;

/** PUT /datasets/:name: renames (title) and re-describes one of the caller's datasets. */
export const DatasetUpdateRequestSchema = z
  .object({
    title: z
      .string({ error: "title must be text" })
      .trim()
      .min(1, { error: "title is required" })
      .max(120, { error: "title must be at most 120 characters" })
      .optional(),
    description: z
      .string({ error: "description must be text" })
      .trim()
      .max(1000, { error: "description must be at most 1000 characters" })
      .optional(),
  })
  .refine((b) => b.title !== undefined || b.description !== undefined, {
    error: "nothing to change: send a title or a description",
  });
export type DatasetUpdateRequest = z.infer<typeof DatasetUpdateRequestSchema>;
