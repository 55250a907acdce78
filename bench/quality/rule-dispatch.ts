/**
 * The fixture LLM's handler in a rule world: routes each chat call to the
 * assistant, the judge or the reflection (rule-agents.ts) and answers in the
 * form the caller expects — Promptune's proposal JSON and judge verdicts, or
 * AxGEPA's framed fields. Kept apart from the agents so the wire format of
 * the calls is in one place.
 */
import type { ChatCall } from "../../apps/server/src/testing/fixture-llm/protocol";
import { lastUser, systemText } from "./chat-call";
import { MODELS } from "./dispatch";
import type { RuleAgents } from "./rule-agents";
import { recorded } from "./world";

/**
 * Answers one call of a rule world: the assistant's reply, the judge's verdict or the
 * reflection's rewrite, in the form the caller (Promptune or AxGEPA) parses.
 */
export function ruleDispatch(call: ChatCall, agents: RuleAgents): string {
  const sys = systemText(call);
  const user = lastUser(call);
  const rng = agents.keyed(
    `${call.model}|${call.kind}|${call.temperature}|${call.messages.map((m) => m.content).join("|")}`,
  );
  if (call.model === MODELS.assistant) {
    const q = agents.question(user);
    const prompt = sys.includes("<output_fields>") ? agents.instructionIn(sys) : sys;
    const reply = q
      ? agents.world.reply(prompt, call.temperature ?? 0.7, q, rng)
      : "I do not know.";
    return sys.includes("<output_fields>") ? `answer: ${reply}` : reply;
  }
  if (call.model !== MODELS.reflection) throw new Error(`unknown model ${call.model}`);
  if (call.kind === "judge_verdict") {
    const q = agents.question(/<conversation>([\s\S]*?)<\/conversation>/.exec(user)?.[1] ?? "");
    const reply = /<reply>\n([\s\S]*?)\n<\/reply>/.exec(user)?.[1] ?? "";
    if (!q) return JSON.stringify({ score: 0, feedback: "Missing: an answer" });
    // the judge reads the dataset's recorded code as the reference (`--label-noise`)
    return JSON.stringify(agents.world.grade({ ...q, answer: recorded(q) }, reply, rng));
  }
  if (call.kind === "prompt_proposal") {
    const current = /<current_prompt>\n([\s\S]*?)\n<\/current_prompt>/.exec(user)?.[1] ?? "";
    const temperature = Number(/<temperature>\n([\d.]+)/.exec(user)?.[1] ?? "0.7");
    const prompt = agents.rewrite(
      current,
      agents.promptuneFailures(user),
      agents.promptuneWrapped(user),
    );
    return JSON.stringify({
      prompt,
      rationale: "Stated rules for the failing cases.",
      temperature: agents.proposeTemperature(temperature),
    });
  }
  if (sys.includes("`feedbackSummary`")) return "feedbackSummary: Some answers are wrong.";
  if (sys.includes("`newValue`")) {
    const current = /Current Value: ([\s\S]*?)\n\nFeedback Summary:/.exec(user)?.[1] ?? "";
    return `newValue: ${agents.rewrite(current, agents.axFailures(user), agents.axWrapped(user))}`;
  }
  return "";
}
