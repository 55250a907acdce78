/**
 * Chat limits (issue 21, item 3): the rate limit counts a user's chats
 * (single- and multi-agent together), whatever session or web process they
 * come from, in the shared counter table (http/shared-rate-limit.ts); and
 * one chat call's input is capped in characters.
 */
import type { ChatRequest, MultiAgentChatRequest } from "@promptune/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { HttpError } from "../errors";
import { hitSharedLimit } from "../http/shared-rate-limit";

/** The 429 message of the chat rate limit. */
export const CHAT_RATE_MESSAGE = "Too many chat messages. Please wait a moment and try again.";

/**
 * Counts one chat of `userId` against `perMinute` chats per minute; throws
 * 429 (with Retry-After) past it. Shared by every session of the user and
 * every process using the database.
 */
export function hitChatLimit(
  db: Kysely<Database>,
  userId: string,
  perMinute: number,
): Promise<void> {
  return hitSharedLimit(
    db,
    { name: "chat", max: perMinute, windowMs: 60_000, message: CHAT_RATE_MESSAGE },
    `user:${userId}`,
  );
}

/** Characters of a single-agent chat's input: the prompt and the dialog. */
export function chatInputChars(body: ChatRequest): number {
  return body.prompt.length + dialogChars(body.dialog);
}

/**
 * Characters of a multi-agent chat's input: every agent's prompt and
 * description, and the dialog (each model call of the turn carries a part
 * of it, and the dialog, so this bounds every call).
 */
export function multiAgentChatInputChars(body: MultiAgentChatRequest): number {
  const agents = [body.model["master-agent"], ...body.model["worker-agents"]];
  const config = agents.reduce((n, a) => n + a.prompt.length + (a.description?.length ?? 0), 0);
  return config + dialogChars(body.dialog);
}

const dialogChars = (dialog: { content: string }[]) =>
  dialog.reduce((n, entry) => n + entry.content.length, 0);

/** Refuses (413) a chat whose input has more than `max` characters, with both numbers. */
export function assertChatInput(chars: number, max: number): void {
  if (chars <= max) return;
  const n = (x: number) => x.toLocaleString("en-US");
  throw new HttpError(
    413,
    `This chat message carries ${n(chars)} characters (prompts and conversation); one chat call may carry at most ${n(max)}. Clear the chat or shorten the prompts.`,
    { code: "chat_input_too_large" },
  );
}
