/**
 * Ratings of bot replies and the "Feedback" datasets built from them
 * (issue 25, items 1–2): the web chats' rating request, a Feedback dataset's
 * rows as the review view shows them, and a row edit.
 */
import { z } from "zod";
import { MultiAgentConfigSchema, SingleAgentConfigSchema } from "./agents";
import { DialogSchema, MAX_MESSAGE_CHARS } from "./chat";

/** 👍 or 👎. */
export const RatingValueSchema = z.enum(["up", "down"], { error: "rating must be up or down" });
export type RatingValue = z.infer<typeof RatingValueSchema>;

/** Which configuration replied: the "before" pane/bot or the "after" one. */
export const RatingSideSchema = z.enum(["before", "after"], {
  error: "side must be before or after",
});
export type RatingSide = z.infer<typeof RatingSideSchema>;

/** Longest rater's note (characters). */
export const MAX_RATING_NOTE_CHARS = 1_000;

const Correction = z
  .string({ error: "correction must be text" })
  .trim()
  .max(MAX_MESSAGE_CHARS, { error: `correction must be at most ${MAX_MESSAGE_CHARS} characters` })
  .optional();
const Note = z
  .string({ error: "note must be text" })
  .trim()
  .max(MAX_RATING_NOTE_CHARS, { error: `note must be at most ${MAX_RATING_NOTE_CHARS} characters` })
  .optional();
const Reply = z
  .string({ error: "reply must be text" })
  .trim()
  .min(1, { error: "reply must not be empty" })
  .max(MAX_MESSAGE_CHARS * 4, { error: "reply is too long" });

const RatingFields = {
  side: RatingSideSchema,
  /** The conversation up to the rated reply (ends with the human turn it answered). */
  dialog: DialogSchema,
  reply: Reply,
  rating: RatingValueSchema,
  /** 👎 only: what the reply should have said. */
  correction: Correction,
  /** A note on what a good reply does; becomes a rubric item. */
  note: Note,
};

/** POST /ratings/chat body: a rating of one reply of the caller's web chat. */
export const ChatRatingRequestSchema = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal("single"), config: SingleAgentConfigSchema, ...RatingFields }),
    z.object({ mode: z.literal("multi"), config: MultiAgentConfigSchema, ...RatingFields }),
  ],
  { error: "mode must be single or multi" },
);
export type ChatRatingRequest = z.infer<typeof ChatRatingRequestSchema>;
/** A rating as a client sends it (before defaults are applied). */
export type ChatRatingInput = z.input<typeof ChatRatingRequestSchema>;
/** The configuration part of a rating: which settings produced the reply. */
export type ChatRatingConfig = Pick<ChatRatingInput, "mode" | "config">;

/** POST /ratings/chat response data. */
export const ChatRatingResponseSchema = z.object({ id: z.string() });
export type ChatRatingResponse = z.infer<typeof ChatRatingResponseSchema>;

/** The two Feedback datasets of a user: web chats and the Telegram integration's bots. */
export const FEEDBACK_DATASETS = {
  "feedback-chat": { source: "web", title: "Feedback — web chats" },
  "feedback-telegram": { source: "telegram", title: "Feedback — Telegram bots" },
} as const;
export type FeedbackDatasetName = keyof typeof FEEDBACK_DATASETS;
export const FeedbackDatasetNameSchema = z.enum(["feedback-chat", "feedback-telegram"], {
  error: "unknown Feedback dataset (feedback-chat or feedback-telegram)",
});

/** True for the reserved names of the Feedback datasets. */
export function isFeedbackDatasetName(name: string): name is FeedbackDatasetName {
  return Object.hasOwn(FEEDBACK_DATASETS, name);
}

/** One rated reply as a Feedback dataset row; `reference` null: not used for optimisation yet. */
export const FeedbackRowSchema = z.object({
  id: z.string(),
  side: RatingSideSchema,
  mode: z.enum(["single", "multi"]),
  dialog: z.array(z.object({ type: z.enum(["human", "ai"]), content: z.string() })),
  reply: z.string(),
  rating: RatingValueSchema,
  correction: z.string().nullable(),
  note: z.string().nullable(),
  reference: z.string().nullable(),
  rubric: z.array(z.string()),
  prompt_hash: z.string(),
  model: z.string(),
  temperature: z.number(),
  rater: z.object({ role: z.enum(["owner", "friend"]), username: z.string().nullable() }),
  rated_at: z.string(),
});
export type FeedbackRow = z.infer<typeof FeedbackRowSchema>;

/** GET /feedback/:name/rows response data. */
export const FeedbackRowsResponseSchema = z.object({
  name: FeedbackDatasetNameSchema,
  title: z.string(),
  rows: z.array(FeedbackRowSchema),
});
export type FeedbackRowsResponse = z.infer<typeof FeedbackRowsResponseSchema>;

/** PUT /feedback/:name/rows/:id body: the owner's edit of a row's reference and rubric. */
export const FeedbackRowPatchSchema = z
  .object({
    reference: z
      .string({ error: "reference must be text" })
      .trim()
      .min(1, { error: "reference must not be empty" })
      .max(MAX_MESSAGE_CHARS, {
        error: `reference must be at most ${MAX_MESSAGE_CHARS} characters`,
      })
      .optional(),
    rubric: z
      .array(
        z
          .string({ error: "rubric items must be text" })
          .trim()
          .min(1, { error: "rubric items must not be empty" })
          .max(MAX_RATING_NOTE_CHARS, {
            error: `a rubric item must be at most ${MAX_RATING_NOTE_CHARS} characters`,
          }),
        { error: "rubric must be a list of texts" },
      )
      .max(6, { error: "at most 6 rubric items" })
      .optional(),
  })
  .refine((p) => p.reference !== undefined || p.rubric !== undefined, {
    error: "nothing to change: send reference and/or rubric",
  });
export type FeedbackRowPatch = z.infer<typeof FeedbackRowPatchSchema>;
