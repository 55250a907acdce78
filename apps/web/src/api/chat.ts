/**
 * Chat API of the web app (spec §7 "Details", §8 "Chat failure"): the
 * single- and multi-agent chat calls, reading replies with the contracts'
 * zod schemas (the ones the server builds its replies with) and the spec's
 * fallbacks, naming intermediate messages, building the dialog sent back,
 * and turning any failure into the bot message 'Sorry, I encountered an
 * error. Please try again.'
 */
import {
  type AgentConfigInput,
  type ChatRatingConfig,
  type DialogEntry,
  INTERMEDIATE_HEADER,
} from "@promptune/contracts";
import { api } from "./client";
import type * as Contracts from "./contract-schemas";
import { loadContracts } from "./schemas";

/** Bot message shown when a chat call fails. */
export const CHAT_ERROR_TEXT = "Sorry, I encountered an error. Please try again.";
/** Bot message shown when the server answered without a reply. */
export const NO_REPLY_TEXT = "Error getting response";

/** One worker's (or the coordinator's) contribution to a multi-agent reply. */
export interface IntermediateMessage {
  name: string;
  content: string;
}

/** A chat message as the chat panels show it (spec §3). */
export interface ChatMessage {
  id: string;
  text: string;
  sender: "user" | "bot";
  intermediateMessages?: IntermediateMessage[];
  /** True for the error bot message; such messages are not sent back as dialog. */
  error?: boolean;
  /** A bot reply's settings, kept so the reply can be rated (👍/👎) with what produced it. */
  rating?: ChatRatingConfig;
}

/** Single-agent chat settings sent with each message. */
export interface SingleAgentChatSettings {
  prompt: string;
  temperature: number;
  model_name?: string;
}

/** Multi-agent configuration sent with each message. */
export interface MultiAgentChatSettings {
  "master-agent": AgentConfigInput;
  "worker-agents": AgentConfigInput[];
}

/** The contracts' chat schemas the reply readers parse with (from the lazily loaded contracts chunk). */
export type ChatSchemas = Pick<
  typeof Contracts,
  | "ChatResponseSchema"
  | "ChatReplyFallbackSchema"
  | "MultiAgentChatResponseSchema"
  | "MultiAgentChatReplyPartsSchema"
>;

let counter = 0;
/** A unique id for a new chat message. */
export function newMessageId(): string {
  counter += 1;
  return globalThis.crypto?.randomUUID?.() ?? `msg-${Date.now()}-${counter}`;
}

/**
 * A single-agent reply from response data: `data.reply` as
 * ChatResponseSchema reads it; else the fallbacks of
 * ChatReplyFallbackSchema (`data.reply` as non-empty text, else
 * `data.response`); else 'Error getting response'.
 */
export function readChatReply(data: unknown, schemas: ChatSchemas): string {
  const reply = schemas.ChatResponseSchema.safeParse(data);
  if (reply.success && reply.data.reply) return reply.data.reply;
  const fallback = schemas.ChatReplyFallbackSchema.parse(data);
  return fallback.reply ?? fallback.response ?? NO_REPLY_TEXT;
}

/** How an intermediate message's sender is shown: master → Coordinator, worker{n}/worker-{n} → that worker's name. */
export function agentDisplayName(name: string, workerNames: readonly string[]): string {
  if (name === "master") return "Coordinator";
  const m = /^worker-?(\d+)$/.exec(name);
  if (m) return workerNames[Number(m[1]) - 1] || name;
  return name;
}

/**
 * A multi-agent reply from response data: `data.reply.output.content` with
 * `data.reply.intermediate_messages` as MultiAgentChatResponseSchema reads
 * them; an answer that does not match it as a whole is read part by part
 * (MultiAgentChatReplyPartsSchema: the content when it is text, the
 * well-formed intermediate messages); without content the fallbacks are
 * `data.reply` (text), `data.response`, then 'Error getting response'.
 */
export function readMultiAgentReply(
  data: unknown,
  workerNames: readonly string[],
  schemas: ChatSchemas,
): { text: string; intermediateMessages: IntermediateMessage[] } {
  const whole = schemas.MultiAgentChatResponseSchema.safeParse(data);
  const parts = whole.success ? whole.data : schemas.MultiAgentChatReplyPartsSchema.parse(data);
  const content = parts.reply?.output?.content;
  let text = content;
  if (text === undefined) {
    const fallback = schemas.ChatReplyFallbackSchema.parse(data);
    text = fallback.reply ?? fallback.response ?? NO_REPLY_TEXT;
  }
  const intermediateMessages = (parts.reply?.intermediate_messages ?? []).map((m) => ({
    name: agentDisplayName(m.name, workerNames),
    content: m.content,
  }));
  return { text, intermediateMessages };
}

/**
 * The dialog sent to the server: user messages as `human`, bot messages as
 * `ai` with their intermediate messages appended under the spec's header as
 * `[name]: content` blocks. Error bot messages are left out.
 */
export function toDialog(messages: readonly ChatMessage[]): DialogEntry[] {
  return messages
    .filter((m) => !m.error)
    .map((m): DialogEntry => {
      if (m.sender === "user") return { type: "human", content: m.text };
      const extra = m.intermediateMessages?.length
        ? `\n\n${INTERMEDIATE_HEADER}\n${m.intermediateMessages.map((i) => `[${i.name}]: ${i.content}`).join("\n\n")}`
        : "";
      return { type: "ai", content: `${m.text}${extra}` };
    });
}

/** POST /auto-tune/chat; resolves to the reply text, rejects with ApiRequestError. */
export async function sendChat(
  settings: SingleAgentChatSettings,
  dialog: DialogEntry[],
  signal?: AbortSignal,
): Promise<string> {
  const [data, schemas] = await Promise.all([
    api.post<unknown>("/auto-tune/chat", { ...settings, dialog }, signal ? { signal } : {}),
    loadContracts(),
  ]);
  return readChatReply(data, schemas);
}

/** POST /auto-tune/multiagent/chat; resolves to the reply and its named intermediate messages. */
export async function sendMultiAgentChat(
  model: MultiAgentChatSettings,
  dialog: DialogEntry[],
  signal?: AbortSignal,
): Promise<{ text: string; intermediateMessages: IntermediateMessage[] }> {
  const [data, schemas] = await Promise.all([
    api.post<unknown>("/auto-tune/multiagent/chat", { model, dialog }, signal ? { signal } : {}),
    loadContracts(),
  ]);
  return readMultiAgentReply(
    data,
    model["worker-agents"].map((w) => w.name),
    schemas,
  );
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** The error bot message of spec §8. */
export function chatErrorMessage(): ChatMessage {
  return { id: newMessageId(), text: CHAT_ERROR_TEXT, sender: "bot", error: true };
}

/**
 * The bot's answer to a conversation that ends with the user's new message.
 * Never rejects on failure (it resolves to the error bot message); only an
 * abort by the caller (e.g. the chat was cleared) propagates.
 */
export async function singleAgentBotReply(
  settings: SingleAgentChatSettings,
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
): Promise<ChatMessage> {
  try {
    return {
      id: newMessageId(),
      text: await sendChat(settings, toDialog(messages), signal),
      sender: "bot",
    };
  } catch (error) {
    if (isAbort(error)) throw error;
    return chatErrorMessage();
  }
}

/** Multi-agent counterpart of singleAgentBotReply; the reply carries its intermediate messages. */
export async function multiAgentBotReply(
  model: MultiAgentChatSettings,
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
): Promise<ChatMessage> {
  try {
    const reply = await sendMultiAgentChat(model, toDialog(messages), signal);
    return {
      id: newMessageId(),
      text: reply.text,
      sender: "bot",
      ...(reply.intermediateMessages.length
        ? { intermediateMessages: reply.intermediateMessages }
        : {}),
    };
  } catch (error) {
    if (isAbort(error)) throw error;
    return chatErrorMessage();
  }
}
