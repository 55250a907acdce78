/**
 * Single-agent optimisation: the candidate is the assistant's system prompt
 * (and, optionally, its temperature); replies come from the user's model with
 * the candidate as the system prompt.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { ChatMessage, LlmPort } from "../ports";
import type { AgentRun, ModeAdapter, Proposal } from "./adapter";
import { runOptimisation } from "./loop";
import {
  cleanProposedPrompt,
  cleanTemperature,
  PROPOSAL_SCHEMA_NAME,
  ProposalSchema,
  ProposalWithTemperatureSchema,
  renderExamples,
  renderFeedback,
} from "./reflection";
import type {
  OptimisationRun,
  ReflectionExample,
  SingleAgentCandidate,
  SingleAgentOptions,
} from "./types";

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

const REFLECTION_SYSTEM = [
  "You improve the system prompt of a customer-help assistant.",
  "You are shown the current system prompt, a few conversations the assistant answered with it, an expert's reference reply for each, and a grader's verdict on each reply.",
  "Write a better complete system prompt:",
  "- keep every instruction that already works;",
  "- turn what the grader found missing into general, reusable instructions, each a clear standalone sentence; never copy customer names, order numbers or other details of these particular conversations;",
  "- keep the assistant's role and tone, stay concise, and do not add instructions that no feedback supports.",
  "Return the full new prompt (not a diff) and a one-sentence rationale.",
].join("\n");

const TEMPERATURE_NOTE =
  "Also return the sampling temperature (0 to 1) the assistant should use: keep the current one unless the replies are inconsistent (lower it) or stiff and repetitive (raise it).";

/** Builds the single-agent reflection messages. */
export function singleReflectionMessages(
  parent: SingleAgentCandidate,
  material: readonly ReflectionExample[],
  tuneTemperature: boolean,
): ChatMessage[] {
  const user = [
    "<current_prompt>",
    parent.prompt,
    "</current_prompt>",
    "",
    ...(tuneTemperature
      ? ["<temperature>", parent.temperature.toFixed(2), "</temperature>", ""]
      : []),
    "<examples>",
    renderExamples(material),
    "</examples>",
    "",
    "<feedback>",
    renderFeedback(material),
    "</feedback>",
    "",
    "Propose the improved system prompt.",
  ].join("\n");
  const system = tuneTemperature ? `${REFLECTION_SYSTEM}\n${TEMPERATURE_NOTE}` : REFLECTION_SYSTEM;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

/** The single-agent adapter for the shared loop. */
export function singleAgentAdapter(options: {
  model: string;
  reflectionModel: string;
  tuneTemperature: boolean;
}): ModeAdapter<SingleAgentCandidate> {
  const { model, reflectionModel, tuneTemperature } = options;
  return {
    mode: "single",
    key: (c) => JSON.stringify([c.prompt.trim(), c.temperature]),
    embeddingText: (c) => c.prompt,
    promptOf: (c) => c.prompt,
    callsPerRun: () => 1,
    deterministic: (c) => c.temperature === 0,
    fingerprintParts: () => ({ model, reflectionModel, tuneTemperature }),
    components: () => ["prompt"],
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
      const messages = singleReflectionMessages(parent, material, tuneTemperature);
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
      const prompt = cleanProposedPrompt(value.prompt);
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
  const adapter = singleAgentAdapter({
    model: options.model,
    reflectionModel: options.models.reflection,
    tuneTemperature: options.tuneTemperature ?? true,
  });
  const seed: SingleAgentCandidate = {
    prompt: options.prompt,
    temperature: cleanTemperature(options.temperature, 0.7),
  };
  return runOptimisation(adapter, seed, options);
}
