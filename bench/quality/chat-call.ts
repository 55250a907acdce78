/**
 * Reading a chat call that reaches the quality benchmark's fixture server:
 * its last user message and its system text. Every simulated world's handler
 * (dispatch.ts, agents.ts, rule-dispatch.ts, frontier.ts) reads calls the
 * same way, so the two readers live here once.
 */
import type { ChatCall } from "../../apps/server/src/testing/fixture-llm/protocol";

/** The content of the call's last user message ("" when there is none). */
export function lastUser(call: ChatCall): string {
  return [...call.messages].reverse().find((m) => m.role === "user")?.content ?? "";
}

/** The call's system messages joined by newlines: the prompt the caller sent. */
export function systemText(call: ChatCall): string {
  return call.messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");
}
