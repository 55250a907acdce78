/**
 * The changeable components of a multi-agent configuration (coordinator
 * prompt, worker prompts, worker descriptions), how one is replaced, how a
 * reflection's joint edits are applied, and the blame that picks which one a
 * proposal focuses on.
 */
import { MAX_DESCRIPTION_CHARS, type MultiAgentConfig } from "@promptune/contracts";
import { withoutConflictingAdditions } from "./instructions";
import { MECHANISM_DEFAULTS } from "./mechanisms";
import { cleanProposedPrompt } from "./reflection";
import type { ReflectionExample } from "./types";

/** One changeable part of a configuration. */
export interface MultiAgentComponent {
  /** "master" or the worker's index. */
  agent: "master" | number;
  field: "prompt" | "description";
  label: string;
}

/**
 * Components in round-robin order: the coordinator's prompt, every worker's
 * prompt, then every worker's description. The coordinator's description is
 * not a component: no model reads it.
 */
export function multiAgentComponents(config: MultiAgentConfig): MultiAgentComponent[] {
  const workers = config["worker-agents"];
  return [
    { agent: "master", field: "prompt", label: "coordinator.prompt" },
    ...workers.map((w, i) => ({
      agent: i,
      field: "prompt" as const,
      label: `worker:${w.name}.prompt`,
    })),
    ...workers.map((w, i) => ({
      agent: i,
      field: "description" as const,
      label: `worker:${w.name}.description`,
    })),
  ];
}

/** The agent a component belongs to. */
export function agentOf(config: MultiAgentConfig, component: MultiAgentComponent) {
  return component.agent === "master"
    ? config["master-agent"]
    : config["worker-agents"][component.agent];
}

/**
 * Blame from the trajectories: starting at the round-robin `cursor`, the
 * first component that can have caused a shortfall on the minibatch. The
 * coordinator's prompt always can; a worker's prompt only if that worker was
 * consulted on an imperfect example; a worker's description only if the
 * coordinator left that worker out of an imperfect example.
 */
export function pickBlamedComponent(
  config: MultiAgentConfig,
  cursor: number,
  material: readonly ReflectionExample[],
): { index: number; cursor: number } {
  const components = multiAgentComponents(config);
  const failing = material.filter((m) => m.score < 1 - 1e-9);
  const blamed = (c: MultiAgentComponent): boolean => {
    if (c.agent === "master") return true;
    const worker = c.agent;
    return c.field === "prompt"
      ? failing.some((m) => m.consulted.includes(worker))
      : failing.some((m) => !m.consulted.includes(worker));
  };
  for (let k = 0; k < components.length; k++) {
    const index = (cursor + k) % components.length;
    if (blamed(components[index] as MultiAgentComponent)) return { index, cursor: cursor + k + 1 };
  }
  return { index: 0, cursor: cursor + 1 };
}

/** A copy of `config` with one component replaced by `text`. */
export function withComponent(
  config: MultiAgentConfig,
  component: MultiAgentComponent,
  text: string,
): MultiAgentConfig {
  const value = component.field === "description" ? text.slice(0, MAX_DESCRIPTION_CHARS) : text;
  if (component.agent === "master") {
    return { ...config, "master-agent": { ...config["master-agent"], [component.field]: value } };
  }
  const index = component.agent;
  return {
    ...config,
    "worker-agents": config["worker-agents"].map((w, i) =>
      i === index ? { ...w, [component.field]: value } : w,
    ),
  };
}

/**
 * Applies the reflection's answer: the focus component's text, then each
 * joint edit of another component (the first edit per component wins; empty
 * texts and unknown labels are ignored). Returns the new configuration and
 * the labels of every changed component.
 */
export function applyJointEdits(
  parent: MultiAgentConfig,
  focus: MultiAgentComponent,
  text: string,
  also: readonly { component: string; text: string }[],
  dropConflicts: boolean = MECHANISM_DEFAULTS.conflictingAdditionsDropped,
): { config: MultiAgentConfig; changed: string[] } {
  const guarded = (c: MultiAgentComponent, t: string) =>
    dropConflicts ? withoutConflictingAdditions(agentOf(parent, c)?.[c.field] ?? "", t) : t;
  let config = withComponent(parent, focus, guarded(focus, text));
  const changed = [focus.label];
  const all = multiAgentComponents(parent);
  for (const edit of also) {
    const target = all.find((c) => c.label === edit.component);
    const raw = cleanProposedPrompt(edit.text);
    const clean = target && raw ? guarded(target, raw) : raw;
    if (!target || !clean || changed.includes(target.label)) continue;
    const next = withComponent(config, target, clean);
    if (JSON.stringify(next) === JSON.stringify(config)) continue;
    config = next;
    changed.push(target.label);
  }
  return { config, changed };
}
