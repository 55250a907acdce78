/**
 * Multi-agent optimisation: the candidate is the whole configuration
 * (coordinator + workers). Each proposal rewrites one component — the
 * coordinator's prompt, a worker's prompt or a worker's description (which the
 * coordinator reads when delegating) — chosen round robin, and the reflection
 * sees the whole multi-agent trace of every minibatch example.
 */
import type { MultiAgentConfig } from "@promptune/contracts";
import { z } from "zod";
import { runMultiAgentTurn } from "../multiagent";
import type { ChatMessage, LlmPort } from "../ports";
import type { Prng } from "../util/prng";
import type { ModeAdapter, Proposal } from "./adapter";
import { taskVocabulary } from "./anchors";
import {
  agentOf,
  applyJointEdits,
  type MultiAgentComponent,
  multiAgentComponents,
  pickBlamedComponent,
  withComponent,
} from "./components";
import { runOptimisation, runSplit } from "./loop";
import { MECHANISM_DEFAULTS } from "./mechanisms";
import { prunedWorkerPrompts } from "./multi-pruning";
import { multiAgentSweep } from "./multi-sweep";
import {
  cleanProposedPrompt,
  materialSections,
  PROPOSAL_SCHEMA_NAME,
  ProposalSchema,
} from "./reflection";
import { withResumedTuning } from "./resume-tuning";
import { renderTask, type TaskContext, taskContextOf } from "./task";
import type {
  MultiAgentCandidate,
  MultiAgentOptions,
  OptimisationRun,
  ReflectionExample,
} from "./types";

export {
  applyJointEdits,
  type MultiAgentComponent,
  multiAgentComponents,
  pickBlamedComponent,
  withComponent,
} from "./components";

/** The configuration as text: embedded for the 2-D point and shown to the reflection. */
export function renderConfiguration(config: MultiAgentConfig): string {
  const master = config["master-agent"];
  const lines = [`Coordinator "${master.name}":`, master.prompt, ""];
  for (const w of config["worker-agents"]) {
    lines.push(`Worker "${w.name}" (description: ${w.description || "none"}):`, w.prompt, "");
  }
  return lines.join("\n").trim();
}

const MULTI_REFLECTION_SYSTEM = [
  "You improve a multi-agent AI assistant for the task described in <task>.",
  "A coordinator reads the conversation and the roster of workers (name and description), delegates tasks to some of them, and writes the final reply from their reports; each worker follows its own prompt.",
  "You are shown the whole configuration, the component to improve, a few conversations with how the agents handled them (the whole trace), an expert's reference reply, and a grader's verdict on each final reply.",
  "Rewrite the named component so that the final replies satisfy what the grader found missing:",
  "- keep what already works, copied word for word, and the agent's role; to change what the agent does in a case that already has an instruction, rewrite that instruction instead of adding a second one for the same case; when replies still fail in a case that an instruction already covers because that instruction is vague, rewrite it to name the exact behaviour the reference replies show;",
  "- state required behaviours as clear, general instructions; an instruction needed only in some kinds of conversation says which kinds, so that it leaves the others unchanged; never copy details of these particular conversations;",
  "- a description tells the coordinator when to use the worker: keep it to one or two sentences.",
  "Read the traces to see where each failure arose. When the blame is shared — for example the coordinator delegated to the wrong worker and that worker also lacks an instruction — also rewrite the other components at fault in `also` (their complete new text, by the component's label); leave `also` empty when the named component alone is at fault.",
  "Return the complete new text of the named component in `prompt` and a one-sentence rationale.",
].join("\n");

/**
 * The multi-agent reflection schema: the named component's new text plus
 * optional joint edits of other components, named through an enum of their
 * labels so the reflection cannot name a component that does not exist.
 */
export function jointProposalSchema(otherLabels: readonly string[]) {
  if (otherLabels.length === 0) return ProposalSchema;
  return ProposalSchema.extend({
    also: z
      .array(
        z.object({
          component: z.enum(otherLabels as [string, ...string[]]),
          text: z.string(),
        }),
      )
      .default([]),
  });
}

function describeComponent(config: MultiAgentConfig, component: MultiAgentComponent): string {
  if (component.agent === "master")
    return `the prompt of the coordinator "${config["master-agent"].name}"`;
  const worker = config["worker-agents"][component.agent];
  return component.field === "prompt"
    ? `the prompt of the worker "${worker?.name}"`
    : `the description of the worker "${worker?.name}" (what the coordinator reads when choosing whom to delegate to)`;
}

/** Builds the multi-agent reflection messages for one component. */
export function multiReflectionMessages(
  parent: MultiAgentConfig,
  component: MultiAgentComponent,
  material: readonly ReflectionExample[],
  joint = true,
  task?: TaskContext,
): ChatMessage[] {
  const others = joint
    ? multiAgentComponents(parent)
        .filter((c) => c.label !== component.label)
        .map((c) => c.label)
    : [];
  const user = [
    renderTask(task),
    "",
    `Component to improve: ${describeComponent(parent, component)}.`,
    "",
    "<configuration>",
    renderConfiguration(parent),
    "</configuration>",
    "",
    "<current_prompt>",
    agentOf(parent, component)?.[component.field] ?? "",
    "</current_prompt>",
    "",
    ...materialSections(material),
    `Other components you may rewrite jointly in \`also\`: ${others.join(", ") || "none"}.`,
    "",
    "Propose the improved text of the component.",
  ].join("\n");
  return [
    { role: "system", content: MULTI_REFLECTION_SYSTEM },
    { role: "user", content: user },
  ];
}

/** The multi-agent adapter for the shared loop. */
export function multiAgentAdapter(options: {
  reflectionModel: string;
  jointEdits?: boolean;
  task?: TaskContext;
  /** Drop added instructions that conflict with kept ones (`conflictingAdditionsDropped`). Default true. */
  conflictingAdditionsDropped?: boolean;
  /**
   * Prune the worker prompts an accepted proposal changed (multi-pruning.ts), with the task's
   * vocabulary; null when a run turns it off (recorded in the fingerprint).
   */
  workerPruning?: { vocabulary: ReadonlySet<string> } | null;
}): ModeAdapter<MultiAgentCandidate> {
  const joint = options.jointEdits ?? true;
  const dropConflicts =
    options.conflictingAdditionsDropped ?? MECHANISM_DEFAULTS.conflictingAdditionsDropped;
  return {
    mode: "multi",
    key: (c) => JSON.stringify(c),
    embeddingText: renderConfiguration,
    promptOf: (c) => c["master-agent"].prompt,
    callsPerRun: (c) => 2 + c["worker-agents"].length,
    deterministic: (c) =>
      [c["master-agent"], ...c["worker-agents"]].every((a) => a.temperature === 0),
    // recorded only when off, so checkpoints from before the rule resume with it
    fingerprintParts: () => ({
      reflectionModel: options.reflectionModel,
      joint,
      ...(dropConflicts ? {} : { conflictingAdditionsDropped: false }),
      ...(options.workerPruning === null ? { workerPruning: false } : {}),
    }),
    components: (c) => multiAgentComponents(c).map((x) => x.label),
    componentValues: (c) => multiAgentComponents(c).map((x) => agentOf(c, x)?.[x.field] ?? ""),
    withComponentValues: (c, values) =>
      multiAgentComponents(c).reduce((acc, x, k) => withComponent(acc, x, values[k] ?? ""), c),
    async run(llm: LlmPort, c, example, signal) {
      const turn = await runMultiAgentTurn(llm, c, example.dialog, { signal });
      const consulted = turn.intermediate
        .map((m) => /^worker(\d+)$/.exec(m.name)?.[1])
        .filter((n): n is string => n !== undefined)
        .map((n) => Number(n) - 1);
      // coordinator plan → workers in parallel → composition
      return {
        reply: turn.content,
        trace: turn.trace,
        consulted,
        depth: consulted.length ? 3 : 2,
        calls: 2 + consulted.length,
      };
    },
    pickComponent: (c, cursor, material) => pickBlamedComponent(c, cursor, material),
    ...(options.workerPruning
      ? {
          prunesOnOwnMinibatch: true,
          prunedOf: (c: MultiAgentCandidate, parent: MultiAgentCandidate, rng: Prng) =>
            prunedWorkerPrompts(c, parent, rng, options.workerPruning?.vocabulary),
        }
      : {}),
    async propose(
      llm,
      parent,
      index,
      material,
      signal,
    ): Promise<Proposal<MultiAgentCandidate> | null> {
      const components = multiAgentComponents(parent);
      const component = components[index];
      if (!component) return null;
      const others = joint
        ? components.filter((c) => c.label !== component.label).map((c) => c.label)
        : [];
      const { value } = await llm.completeStructured({
        model: options.reflectionModel,
        messages: multiReflectionMessages(parent, component, material, joint, options.task),
        temperature: 0.7,
        purpose: "reflection",
        schema: jointProposalSchema(others),
        schemaName: PROPOSAL_SCHEMA_NAME,
        signal,
      });
      const text = cleanProposedPrompt(value.prompt);
      if (!text) return null;
      const also = "also" in value ? (value.also as { component: string; text: string }[]) : [];
      const { config, changed } = applyJointEdits(parent, component, text, also, dropConflicts);
      return {
        config,
        rationale: value.rationale,
        ...(changed.length > 1 ? { component: changed.join(" + ") } : {}),
      };
    },
  };
}

/**
 * Multi-agent defaults that differ from the single-agent ones. A wrong final
 * reply can come from the plan, a worker or the composition, so the
 * reflection needs more failures per proposal to see which component is at
 * fault and to fix several at once: up to 24 of the parent's cached train
 * failures beside a fresh minibatch of 4 (failures aggregated across
 * examples at no extra call). Each multi-agent reply costs several calls, so
 * the single-agent adaptive minibatch (which grows only when an iteration's
 * share of the budget also pays for a validation pass) never grows here.
 * Measured in bench/quality.ts (docs/optimiser.md, Sessions 51 and 52): 24
 * failures rather than 14 raised the share of possible gain by 0.035 at 700
 * calls over 240 seeds in both multi-agent worlds; with that material a
 * fresh minibatch of 4 rather than 6 buys more iterations and raised it by
 * another 0.027 over the same seeds. Neither moved the product's cap
 * (−0.007 and +0.008 over 100 seeds).
 */
export const MULTI_AGENT_DEFAULTS = {
  minibatchSize: 4,
  reflectionExtra: 24,
  // 20 seeds in bench/quality.ts: 0.69 with minibatches toward failures, 0.73 without
  targetedMinibatch: false,
  inheritedFailures: true,
} as const;

/**
 * The multi-agent minibatch and failure count of checkpoints written before
 * checkpoints recorded them (session 51's defaults), so runs started on that
 * engine resume on this one.
 */
const MULTI_AGENT_TUNING_UNRECORDED = { minibatchSize: 6, reflectionExtra: 24 };

/**
 * Optimises a multi-agent configuration. Yields iteration 0 (the seed
 * configuration's evaluation, the socket's `baseline`) and then exactly one
 * result per iteration; returns the final result.
 */
export function optimizeMultiAgent(
  options: MultiAgentOptions,
): OptimisationRun<MultiAgentCandidate> {
  const task = taskContextOf(options.dataset, options.config["master-agent"].prompt);
  const adapter = multiAgentAdapter({
    reflectionModel: options.models.reflection,
    jointEdits: options.jointEdits ?? true,
    task,
    conflictingAdditionsDropped: options.conflictingAdditionsDropped,
    workerPruning:
      (options.workerPruning ?? MECHANISM_DEFAULTS.workerPruning)
        ? { vocabulary: taskVocabulary(task, runSplit(options).train) }
        : null,
  });
  const tuned = withResumedTuning(options, MULTI_AGENT_TUNING_UNRECORDED);
  return runOptimisation(
    adapter,
    options.config,
    {
      ...options,
      minibatchSize: tuned.minibatchSize ?? MULTI_AGENT_DEFAULTS.minibatchSize,
      reflectionExtra: tuned.reflectionExtra ?? MULTI_AGENT_DEFAULTS.reflectionExtra,
      targetedMinibatch: options.targetedMinibatch ?? MULTI_AGENT_DEFAULTS.targetedMinibatch,
      inheritedFailures: options.inheritedFailures ?? MULTI_AGENT_DEFAULTS.inheritedFailures,
    },
    multiAgentSweep(adapter, options.config, options.candidateModels),
  );
}
