/**
 * Routes a chat call of the world server to the right simulated model: the
 * assistant, the reflection (Promptune's schemas and AxGEPA's signatures),
 * the coordinator, the workers and the composer.
 */
import type { ChatCall } from "../../apps/server/src/testing/fixture-llm/protocol";
import { type ComponentTarget, promptuneFailures, type WorldAgents } from "./agents";
import { lastUser, systemText } from "./chat-call";

export const MODELS = {
  assistant: "world-assistant",
  reflection: "world-reflect",
  coordinator: "world-coord",
  worker: "world-worker",
} as const;

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
  const m =
    /Component to improve: the (prompt|description) of the (coordinator|worker) "([^"]+)"/.exec(
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
  agents.keyed(call);
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
        const failures = promptuneFailures(user, agents.book);
        const prompt = agents.rewriteComponent(target, current, failures);
        const also = jointLabels(call).flatMap((label) => {
          const other = labelTarget(label, agents);
          const text = other ? currentText(user, other, agents) : undefined;
          if (!other || text === undefined || !agents.wantsJointEdit(failures)) return [];
          return [{ component: label, text: agents.rewriteComponent(other, text, failures) }];
        });
        return JSON.stringify({ prompt, rationale: "Addressed the failing cases.", also });
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

/** Labels the reflection may edit jointly (the enum of the schema's `also` items), if any. */
function jointLabels(call: ChatCall): string[] {
  const props = call.schema?.properties as
    | Record<string, { items?: { properties?: Record<string, { enum?: string[] }> } }>
    | undefined;
  return props?.also?.items?.properties?.component?.enum ?? [];
}

function labelTarget(label: string, agents: WorldAgents): ComponentTarget | undefined {
  if (label === "coordinator.prompt") return { kind: "coordinator" };
  const m = /^worker:(.+)\.(prompt|description)$/.exec(label);
  const worker = m ? agents.world.workers.indexOf(m[1] as string) : -1;
  if (!m || worker < 0) return undefined;
  return m[2] === "prompt" ? { kind: "worker", worker } : { kind: "description", worker };
}

/** The current text of a component, read from the request's `<configuration>`. */
function currentText(
  user: string,
  target: ComponentTarget,
  agents: WorldAgents,
): string | undefined {
  const conf = /<configuration>\n([\s\S]*?)\n<\/configuration>/.exec(user)?.[1] ?? "";
  if (target.kind === "coordinator") return /^Coordinator "[^"]*":\n(.*)$/m.exec(conf)?.[1];
  const name = agents.world.workers[target.worker] as string;
  const m = new RegExp(`^Worker "${name}" \\(description: (.*)\\):\\n(.*)$`, "m").exec(conf);
  if (!m) return undefined;
  return target.kind === "worker" ? m[2] : m[1] === "none" ? "" : m[1];
}
