/**
 * Single-agent optimisation: the candidate is the assistant's system prompt
 * (and, optionally, its temperature); replies come from the user's model with
 * the candidate as the system prompt.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { ChatMessage, LlmPort } from "../ports";
import type { Prng } from "../util/prng";
import type { AgentRun, ModeAdapter, Proposal } from "./adapter";
import { taskVocabulary } from "./anchors";
import {
  drawGenericPruning,
  drawRemoval,
  drawUnanchoredPruning,
  mergeInstructions,
  withoutConflictingAdditions,
  withoutUnanchored,
} from "./instructions";
import { OPTIMISER_DEFAULTS, runOptimisation, runSplit } from "./loop";
import {
  cleanProposedPrompt,
  cleanTemperature,
  PROPOSAL_SCHEMA_NAME,
  ProposalSchema,
  ProposalWithTemperatureSchema,
} from "./reflection";
import { singleReflectionMessages } from "./single-reflection";
import type { SweepPlan } from "./sweep";
import { type TaskContext, taskContextOf } from "./task";
import type { OptimisationRun, SingleAgentCandidate, SingleAgentOptions } from "./types";

export { singleReflectionMessages } from "./single-reflection";

/** Converts a dataset dialog into chat messages after the system prompt. */
export function dialogMessages(
  systemPrompt: string,
  dialog: DatasetExample["dialog"],
): ChatMessage[] {
  const messages: ChatMessage[] = systemPrompt.trim()
    ? [{ role: "system", content: systemPrompt }]
    : [];
  for (const d of dialog)
    messages.push({ role: d.type === "human" ? "user" : "assistant", content: d.content });
  return messages;
}

/** The single-agent adapter for the shared loop. */
export function singleAgentAdapter(options: {
  model: string;
  reflectionModel: string;
  tuneTemperature: boolean;
  task?: TaskContext;
  /** Offer removal edits (instructions.ts). */
  removalEdits?: boolean;
  /** Drafts that added a generic instruction beside others are tried without it (pruning.ts). */
  pruneGenericAdditions?: boolean;
  /** With the run's seed prompt: the pruning may also drop one of the seed's generic instructions. */
  pruneSeedGeneric?: boolean;
  /** The pruning drops all generic additions of a draft at once when it made two or more. */
  pruneGenericTogether?: boolean;
  /** Merge two lineages instruction by instruction. */
  instructionMerge?: boolean;
  /** The task's vocabulary (anchors.ts): with it, a pruning first drops every unanchored instruction. */
  vocabulary?: ReadonlySet<string>;
  /** With the vocabulary: whether the pruning uses it (default true). */
  pruneUnanchored?: boolean;
  /** With the vocabulary: a pool candidate is proposed once without its unanchored instructions. */
  unanchoredRemovals?: boolean;
  /** Test a pruning of unanchored instructions alone on one fresh minibatch only, which it must beat. */
  unanchoredOnFreshMinibatch?: boolean;
  /** Drop added instructions that conflict with kept ones (`conflictingAdditionsDropped`). Default true. */
  conflictingAdditionsDropped?: boolean;
}): ModeAdapter<SingleAgentCandidate> {
  const { model, reflectionModel, tuneTemperature, task } = options;
  const dropConflicts =
    options.conflictingAdditionsDropped ?? OPTIMISER_DEFAULTS.conflictingAdditionsDropped;
  const prunesSeed = options.pruneSeedGeneric ?? OPTIMISER_DEFAULTS.pruneSeedGeneric;
  const prunesTogether = options.pruneGenericTogether ?? OPTIMISER_DEFAULTS.pruneGenericTogether;
  const { vocabulary } = options;
  const prunesUnanchored = vocabulary !== undefined && options.pruneUnanchored !== false;
  return {
    mode: "single",
    key: (c) => JSON.stringify([c.prompt.trim(), c.temperature]),
    embeddingText: (c) => c.prompt,
    promptOf: (c) => c.prompt,
    callsPerRun: () => 1,
    deterministic: (c) => c.temperature === 0,
    // recorded only when off, so checkpoints from before the rule resume with it
    fingerprintParts: () => ({
      model,
      reflectionModel,
      tuneTemperature,
      ...(dropConflicts ? {} : { conflictingAdditionsDropped: false }),
    }),
    components: () => ["prompt"],
    ...(options.instructionMerge
      ? {
          mergeThreeWay: (
            better: SingleAgentCandidate,
            other: SingleAgentCandidate,
            common: SingleAgentCandidate,
          ) => {
            const prompt = mergeInstructions(
              better.prompt,
              other.prompt,
              common.prompt,
              !dropConflicts,
            );
            return prompt ? { ...better, prompt } : null;
          },
        }
      : {}),
    ...(options.removalEdits
      ? {
          removalOf: (c: SingleAgentCandidate, rng: Prng) => {
            const r = drawRemoval(c.prompt, rng);
            return r ? { config: { ...c, prompt: r.prompt }, removed: r.removed } : null;
          },
        }
      : {}),
    ...(vocabulary && options.unanchoredRemovals
      ? {
          unanchoredRemovalOf: (c: SingleAgentCandidate) => {
            const r = withoutUnanchored(c.prompt, task?.initialPrompt, vocabulary);
            return r ? { config: { ...c, prompt: r.prompt }, removed: r.removed } : null;
          },
        }
      : {}),
    ...(options.pruneGenericAdditions
      ? {
          prunesSeed,
          prunesTogether,
          prunesUnanchored,
          unanchoredOnFresh:
            prunesUnanchored &&
            (options.unanchoredOnFreshMinibatch ?? OPTIMISER_DEFAULTS.unanchoredOnFreshMinibatch),
          prunedOf: (c: SingleAgentCandidate, parent: SingleAgentCandidate, rng: Prng) => {
            const u =
              prunesUnanchored && vocabulary
                ? drawUnanchoredPruning(parent.prompt, c.prompt, vocabulary)
                : null;
            if (u) {
              const config = { ...c, prompt: u.prompt };
              const unanchored = u.withGenericAdditions ? "with-generic-additions" : "alone";
              return { config, removed: u.removed, fromSeed: false, unanchored };
            }
            const r = drawGenericPruning(parent.prompt, c.prompt, rng, {
              seed: prunesSeed ? task?.initialPrompt : undefined,
              together: prunesTogether,
            });
            return r
              ? { config: { ...c, prompt: r.prompt }, removed: r.removed, fromSeed: r.fromSeed }
              : null;
          },
        }
      : {}),
    ...(tuneTemperature
      ? {
          temperatureOf: (c: SingleAgentCandidate) => c.temperature,
          withTemperature: (c: SingleAgentCandidate, t: number) => ({ ...c, temperature: t }),
        }
      : {}),
    async run(llm: LlmPort, c, example, signal): Promise<AgentRun> {
      const { text } = await llm.complete({
        model,
        messages: dialogMessages(c.prompt, example.dialog),
        temperature: c.temperature,
        purpose: "assistant",
        signal,
      });
      return { reply: text, trace: "", consulted: [], depth: 1, calls: 1 };
    },
    async propose(
      llm,
      parent,
      _component,
      material,
      signal,
    ): Promise<Proposal<SingleAgentCandidate> | null> {
      const messages = singleReflectionMessages(parent, material, tuneTemperature, task);
      const base = {
        model: reflectionModel,
        messages,
        temperature: 0.7,
        purpose: "reflection" as const,
        signal,
      };
      let value: { prompt: string; rationale: string; temperature?: number };
      if (tuneTemperature) {
        const out = await llm.completeStructured({
          ...base,
          schema: ProposalWithTemperatureSchema,
          schemaName: PROPOSAL_SCHEMA_NAME,
        });
        value = out.value;
      } else {
        const out = await llm.completeStructured({
          ...base,
          schema: ProposalSchema,
          schemaName: PROPOSAL_SCHEMA_NAME,
        });
        value = out.value;
      }
      const cleaned = cleanProposedPrompt(value.prompt);
      const prompt =
        cleaned && dropConflicts ? withoutConflictingAdditions(parent.prompt, cleaned) : cleaned;
      if (!prompt) return null;
      const temperature =
        value.temperature === undefined
          ? parent.temperature
          : cleanTemperature(value.temperature, parent.temperature);
      return { config: { prompt, temperature }, rationale: value.rationale };
    },
  };
}

/**
 * Optimises a single-agent system prompt. Yields iteration 0 (the seed's
 * validation score) and then exactly one result per iteration; returns the
 * final result (best candidate, prompts, held-out test scores).
 */
export function optimizeSingleAgent(
  options: SingleAgentOptions,
): OptimisationRun<SingleAgentCandidate> {
  const task = taskContextOf(options.dataset, options.prompt);
  const pruneUnanchored = options.pruneUnanchored ?? OPTIMISER_DEFAULTS.pruneUnanchored;
  const unanchoredRemovals = options.unanchoredRemovals ?? OPTIMISER_DEFAULTS.unanchoredRemovals;
  // read once for the run, whichever candidate model an adapter is built for
  const vocabulary =
    pruneUnanchored || unanchoredRemovals
      ? taskVocabulary(task, runSplit(options).train)
      : undefined;
  const adapterFor = (model: string) =>
    singleAgentAdapter({
      model,
      reflectionModel: options.models.reflection,
      tuneTemperature: options.tuneTemperature ?? true,
      task,
      removalEdits: options.removalEdits ?? OPTIMISER_DEFAULTS.removalEdits,
      pruneGenericAdditions:
        options.pruneGenericAdditions ?? OPTIMISER_DEFAULTS.pruneGenericAdditions,
      pruneSeedGeneric: options.pruneSeedGeneric,
      pruneGenericTogether: options.pruneGenericTogether,
      instructionMerge: options.instructionMerge ?? OPTIMISER_DEFAULTS.instructionMerge,
      conflictingAdditionsDropped: options.conflictingAdditionsDropped,
      unanchoredOnFreshMinibatch: options.unanchoredOnFreshMinibatch,
      pruneUnanchored,
      unanchoredRemovals,
      ...(vocabulary ? { vocabulary } : {}),
    });
  const seed: SingleAgentCandidate = {
    prompt: options.prompt,
    temperature: cleanTemperature(options.temperature, 0.7),
  };
  const others = [...new Set(options.candidateModels ?? [])].filter((m) => m !== options.model);
  const sweep: SweepPlan<SingleAgentCandidate> | undefined =
    others.length > 0
      ? {
          primaryModelName: options.model,
          variants: others.map((m) => ({ modelName: m, adapter: adapterFor(m), apply: (c) => c })),
        }
      : undefined;
  return runOptimisation(adapterFor(options.model), seed, options, sweep);
}
