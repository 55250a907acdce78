/**
 * The single-agent reflection prompt: the instructions that ask the reflection
 * model for a better complete system prompt (and, when temperature is tuned,
 * a temperature), and the messages that show it the task, the current prompt,
 * the minibatch's replies and the grader's feedback. Apart from single.ts,
 * which holds the mode adapter and the entry point and re-exports it.
 */
import type { ChatMessage } from "../ports";
import { materialSections } from "./reflection";
import { renderTask, type TaskContext } from "./task";
import type { ReflectionExample, SingleAgentCandidate } from "./types";

const REFLECTION_SYSTEM = [
  "You improve the system prompt of an AI assistant for the task described in <task>.",
  "You are shown the task, the current system prompt, a few conversations the assistant answered with it, a reference reply for each, and a grader's verdict on each reply.",
  "Write a better complete system prompt for that task:",
  "- keep every instruction that already works, copied word for word; to change what the assistant does in a case that already has an instruction, rewrite that instruction instead of adding a second one for the same case; when replies still fail in a case that an instruction already covers because that instruction is vague, rewrite it to name the exact behaviour the reference replies show;",
  "- turn what the grader found missing into general, reusable instructions, each a clear standalone sentence; an instruction needed only in some kinds of conversation says which kinds, so that it leaves the replies to the others unchanged; never copy names, numbers or other details of these particular conversations;",
  "- remove instructions that the feedback shows to hurt, and sentences that state no checkable behaviour;",
  "- keep the assistant's role and tone, stay concise, and do not add instructions that no feedback calls for.",
  "Return the full new prompt (not a diff) and a one-sentence rationale.",
].join("\n");

const TEMPERATURE_NOTE =
  "Also return the sampling temperature (0 to 1) the assistant should use: keep the current one unless the replies are inconsistent (lower it) or stiff and repetitive (raise it).";

/** Builds the single-agent reflection messages. */
export function singleReflectionMessages(
  parent: SingleAgentCandidate,
  material: readonly ReflectionExample[],
  tuneTemperature: boolean,
  task?: TaskContext,
): ChatMessage[] {
  const user = [
    renderTask(task),
    "",
    "<current_prompt>",
    parent.prompt,
    "</current_prompt>",
    "",
    ...(tuneTemperature
      ? ["<temperature>", parent.temperature.toFixed(2), "</temperature>", ""]
      : []),
    ...materialSections(material),
    "Propose the improved system prompt.",
  ].join("\n");
  const system = tuneTemperature ? `${REFLECTION_SYSTEM}\n${TEMPERATURE_NOTE}` : REFLECTION_SYSTEM;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}
