/**
 * The chat routes' reply data, built through the contracts' response schemas
 * (the same ones the web client reads with). A reply that does not match its
 * schema is a server fault: it becomes a logged 500 with a request id (a
 * plain Error, not the ZodError that would read as a 400 for the caller's
 * body), never a reply in a shape the client would have to guess at.
 */
import {
  type ChatResponse,
  ChatResponseSchema,
  type IntermediateMessage,
  type MultiAgentChatResponse,
  MultiAgentChatResponseSchema,
} from "@promptune/contracts";
import type { z } from "zod";

/** `value` parsed by `schema`; a mismatch throws a plain Error naming `what`. */
function built<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`${what} does not match its contract: ${parsed.error.message}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** POST /auto-tune/chat data for the model's reply text. */
export function chatReply(text: string): ChatResponse {
  return built(ChatResponseSchema, { reply: text }, "The chat reply");
}

/** A multi-agent turn as the runtime returns it: the composed reply and the agents' messages. */
export interface MultiAgentTurnReply {
  content: string;
  intermediate: readonly IntermediateMessage[];
}

/**
 * POST /auto-tune/multiagent/chat data: `{reply: {output: {content},
 * intermediate_messages: [{name, content}]}}` (other fields of the turn's
 * messages are left out by the schema).
 */
export function multiAgentChatReply(turn: MultiAgentTurnReply): MultiAgentChatResponse {
  return built(
    MultiAgentChatResponseSchema,
    { reply: { output: { content: turn.content }, intermediate_messages: turn.intermediate } },
    "The multi-agent chat reply",
  );
}
