/**
 * Single-agent chat: the spec's fixed framing around the user's prompt
 * (§7 "Details") and the dialog as model messages.
 */
import { CHAT_FRAMING, type DialogEntry } from "@promptune/contracts";
import type { ChatMessage } from "@promptune/engine";

/** The system message of a single-agent chat: preamble, the prompt, then the reminder. */
export function framedPrompt(prompt: string): string {
  return `${CHAT_FRAMING.preamble}:\n\n${prompt.trim()}\n\n${CHAT_FRAMING.reminder}`;
}

/** The chat call's messages: framed system prompt, then the dialog (human → user, ai → assistant). */
export function chatMessages(prompt: string, dialog: DialogEntry[]): ChatMessage[] {
  return [
    { role: "system", content: framedPrompt(prompt) },
    ...dialog.map(
      (d): ChatMessage => ({ role: d.type === "human" ? "user" : "assistant", content: d.content }),
    ),
  ];
}
