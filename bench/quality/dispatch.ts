/**
 * Routes a chat call of the world server to the right simulated model: the
 * assistant, the reflection (Promptune's schemas and AxGEPA's signatures),
 * the coordinator, the workers and the composer.
 */
import type { ChatCall } from "../../apps/server/src/testing/fixture-llm/protocol";
import { type ComponentTarget, promptuneFailures, type WorldAgents } from "./agents";

export const MODELS = {
  assistant: "world-assistant",
  reflection: "world-reflect",
  coordinator: "world-coord",
  worker: "world-worker",
} as const;

function lastUser(call: ChatCall): string {
  return [...call.messages].reverse().find((m) => m.role === "user")?.content ?? "";
}
function systemText(call: ChatCall): string {
  return call.messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");
}

/** Failing types in an AxGEPA reflection request (its `Minibatch` JSON). */
function axFailures(text: string, agents: WorldAgents): number[] {
  const json = /Minibatch: (\[[\s\S]*?\n\])/.exec(text)?.[1];
  if (!json) return [];
  const rows = JSON.parse(json) as { input: { question: string }; score: number }[];
  const out: number[] = [];
  for (const r of rows) {
    const id = /\[([a-z]+\d+)\]/.exec(r.input.question)?.[1];
    const q = id ? agents.book.get(id) : undefined;
    if (q && r.score < 1) out.push(q.type);
  }
  return out;
}

function componentTarget(text: string, agents: WorldAgents): ComponentTarget {
  const m = /Component to improve: the (prompt|description) of the (coordinator|worker) "([^"]+)"/.exec(
    text,
  );
  if (!m || m[2] === "coordinator") return { kind: "coordinator" };
  const worker = Math.max(0, agents.world.workers.indexOf(m[3] as string));
  return m[1] === "prompt" ? { kind: "worker", worker } : { kind: "description", worker };
}

/** Answers one call of the world. */
export function dispatch(call: ChatCall, agents: WorldAgents): string {
  const sys = systemText(call);
  const user = lastUser(call);
  switch (call.model) {
    case MODELS.assistant: {
      const reply = agents.assistant(call);
      return sys.includes("<output_fields>") ? `answer: ${reply}` : reply;
    }
    case MODELS.coordinator:
      return call.kind === "delegation_plan" ? agents.plan(call) : agents.compose(call);
    case MODELS.worker:
      return agents.worker(call);
    case MODELS.reflection: {
      if (call.kind === "prompt_proposal") {
        if (!user.includes("Component to improve:")) return agents.singleReflection(call);
        const target = componentTarget(user, agents);
        const current = /<current_prompt>\n([\s\S]*?)\n<\/current_prompt>/.exec(user)?.[1] ?? "";
        const prompt = agents.rewriteComponent(target, current, promptuneFailures(user, agents.book));
        return JSON.stringify({ prompt, rationale: "Addressed the failing cases." });
      }
      if (sys.includes("`feedbackSummary`")) return "feedbackSummary: Some answers are wrong.";
      if (sys.includes("`newValue`")) {
        const current = /Current Value: ([\s\S]*?)\n\nFeedback Summary:/.exec(user)?.[1] ?? "";
        return `newValue: ${agents.rewrite(current, axFailures(user, agents))}`;
      }
      return "";
    }
    default:
      throw new Error(`unknown model ${call.model}`);
  }
}
