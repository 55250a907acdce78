/** Helpers shared by the optimiser's unit tests. */
import type { MultiAgentConfig } from "@promptune/contracts";
import { createFakeLlm, type FakeLlmOptions, syntheticExamples } from "../testing/fake-llm";
import { estimateRun } from "./estimate";
import { optimizeSingleAgent } from "./single";
import type { FinalResult, IterationResult, OptimisationRun, SingleAgentOptions } from "./types";

/** Drains a run: every yielded result and the final result. */
export async function drive<C>(
  run: OptimisationRun<C>,
): Promise<{ results: IterationResult<C>[]; final: FinalResult<C> }> {
  const results: IterationResult<C>[] = [];
  for (;;) {
    const step = await run.next();
    if (step.done) return { results, final: step.value };
    results.push(step.value);
  }
}

/**
 * The issue-22 mechanisms switched off, for tests that pin down the earlier
 * mechanisms' exact calls and draws on their own.
 */
export const WITHOUT_NEW_MECHANISMS = {
  removalEdits: false,
  instructionMerge: false,
  targetedMinibatch: false,
  temperatureByEvidence: false,
  temperatureEdits: false,
  seedSurvey: false,
  pruneGenericAdditions: false,
} as const;

/** Single-agent options over a 30-example synthetic dataset and a fresh fake port. */
export function singleOptions(
  overrides: Partial<SingleAgentOptions> = {},
  fake: FakeLlmOptions = {},
) {
  const llm = createFakeLlm(fake);
  const options: SingleAgentOptions = {
    llm,
    models: { judge: "judge-model", reflection: "reflection-model" },
    dataset: { name: "synthetic", metric: "judge", examples: syntheticExamples(30) },
    model: "assistant-model",
    prompt: "You are a helpful customer-help assistant.",
    temperature: 0.7,
    iterations: 4,
    seed: 7,
    ...overrides,
  };
  return { llm, options, run: () => optimizeSingleAgent(options) };
}

/** The estimate of a single-agent run with `options` (no embedding model), as a page would show it. */
export function singleEstimate(options: SingleAgentOptions) {
  return estimateRun({
    mode: "single",
    dataset: options.dataset,
    iterations: options.iterations,
    models: { ...options.models, embedding: null },
    model: options.model,
    prompt: options.prompt,
    ...(options.seedSurvey === undefined ? {} : { seedSurvey: options.seedSurvey }),
  });
}

/** An agent of the multi-agent fixtures: a fixed model and temperature, a description naming it. */
function fixtureAgent(name: string, prompt: string) {
  return { name, prompt, model_name: "m", temperature: 0.4, description: `${name} node.` };
}

/** A coordinator and two workers (Expert, Writer), for multi-agent tests over the fake port. */
export const TWO_WORKER_CONFIG: MultiAgentConfig = {
  "master-agent": fixtureAgent("Coordinator", "You coordinate."),
  "worker-agents": [
    fixtureAgent("Expert", "You know policies."),
    fixtureAgent("Writer", "You write."),
  ],
};
