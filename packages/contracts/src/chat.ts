import { z } from "zod";
import { ModelNameSchema, MultiAgentConfigSchema, PromptSchema, TemperatureSchema } from "./agents";

/** Longest single dialog message (characters). */
export const MAX_MESSAGE_CHARS = 8_000;
/** Most dialog entries accepted in one chat call. */
export const MAX_DIALOG_ENTRIES = 100;
/** Most characters of all dialog entries together in one chat call. */
export const MAX_DIALOG_TOTAL_CHARS = 120_000;

/** One dialog entry the client sends: who said it and what. */
export const DialogEntrySchema = z.object({
  type: z.enum(["human", "ai"], { error: "dialog entry type must be human or ai" }),
  content: z
    .string({ error: "dialog content must be text" })
    .max(MAX_MESSAGE_CHARS, { error: `a message must be at most ${MAX_MESSAGE_CHARS} characters` }),
});
export type DialogEntry = z.infer<typeof DialogEntrySchema>;

export const DialogSchema = z
  .array(DialogEntrySchema)
  .min(1, { error: "dialog must contain at least one message" })
  .max(MAX_DIALOG_ENTRIES, { error: `dialog must contain at most ${MAX_DIALOG_ENTRIES} messages` })
  .refine((d) => d[d.length - 1]?.type === "human", {
    error: "the last dialog entry must be a human message",
  })
  .refine((d) => (d[d.length - 1]?.content.trim().length ?? 0) > 0, {
    error: "the last message must not be empty",
  })
  .refine((d) => d.reduce((n, e) => n + e.content.length, 0) <= MAX_DIALOG_TOTAL_CHARS, {
    error: `the conversation is too long (at most ${MAX_DIALOG_TOTAL_CHARS} characters in all); clear the chat and start again`,
  });

/** POST /auto-tune/chat body. */
export const ChatRequestSchema = z.object({
  prompt: PromptSchema.refine((p) => p.trim().length > 0, { error: "prompt must not be empty" }),
  temperature: TemperatureSchema,
  model_name: ModelNameSchema.optional(),
  dialog: DialogSchema,
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** POST /auto-tune/chat response data (the server builds its reply through this schema). */
export const ChatResponseSchema = z.object({ reply: z.string() });
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

/** POST /auto-tune/multiagent/chat body. */
export const MultiAgentChatRequestSchema = z.object({
  model: MultiAgentConfigSchema,
  dialog: DialogSchema,
});
export type MultiAgentChatRequest = z.infer<typeof MultiAgentChatRequestSchema>;

/** One intermediate message of a multi-agent reply (names master, worker1, …). */
export const IntermediateMessageSchema = z.object({ name: z.string(), content: z.string() });
export type IntermediateMessage = z.infer<typeof IntermediateMessageSchema>;

/** POST /auto-tune/multiagent/chat response data (the server builds its reply through this schema). */
export const MultiAgentChatResponseSchema = z.object({
  reply: z.object({
    output: z.object({ content: z.string() }),
    intermediate_messages: z.array(IntermediateMessageSchema),
  }),
});
export type MultiAgentChatResponse = z.infer<typeof MultiAgentChatResponseSchema>;

/** A field read as text when it is non-empty text; anything else reads as absent. */
const TextOrAbsent = z.string().min(1).optional().catch(undefined);

/**
 * The spec client's fallbacks for a chat answer that does not match
 * ChatResponseSchema / MultiAgentChatResponseSchema (§7): `reply` when it is
 * text, else `response` (the name other servers use). Never fails: a missing
 * or mistyped field reads as absent, and the client then shows
 * 'Error getting response'.
 */
export const ChatReplyFallbackSchema = z
  .object({ reply: TextOrAbsent, response: TextOrAbsent })
  .catch({});
export type ChatReplyFallback = z.infer<typeof ChatReplyFallbackSchema>;

/** Well-formed intermediate messages of a list; malformed entries are dropped, a non-list reads as none. */
const IntermediateMessagesOrNone = z
  .array(z.unknown())
  .catch([])
  .transform((items) =>
    items.flatMap((item) => {
      const parsed = IntermediateMessageSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  );

/**
 * A multi-agent answer read part by part when it does not match
 * MultiAgentChatResponseSchema as a whole: the output's content when it is
 * text, and the well-formed intermediate messages. Never fails; what is
 * missing reads as absent (then ChatReplyFallbackSchema's fallbacks apply).
 */
export const MultiAgentChatReplyPartsSchema = z
  .object({
    reply: z
      .object({
        output: z.object({ content: z.string() }).optional().catch(undefined),
        intermediate_messages: IntermediateMessagesOrNone.optional(),
      })
      .optional()
      .catch(undefined),
  })
  .catch({});
export type MultiAgentChatReplyParts = z.infer<typeof MultiAgentChatReplyPartsSchema>;
