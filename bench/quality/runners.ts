/**
 * One optimisation run per optimiser in a seed's world: Promptune single- and
 * multi-agent through the production gateway, AxGEPA through its own OpenAI
 * client. Each returns the presented candidate's validation score, its
 * expected held-out accuracy and the calls and tokens the world served. The
 * world's setup is in world-setup.ts, the parts' draw in run-split.ts, the
 * gateway in run-gateway.ts and the outcome in run-outcome.ts.
 */
import { AxGEPA, ai, ax } from "@ax-llm/ax";
import {
  estimateRun,
  type MultiAgentOptions,
  optimizeMultiAgent,
  optimizeSingleAgent,
  type SingleAgentOptions,
} from "@promptune/engine";
import { MODELS } from "./dispatch";
import { gatewayFor } from "./run-gateway";
import type { RunOutcome } from "./run-outcome";
import type { WorldServer } from "./server";
import type { Question } from "./world";
import {
  example,
  multiView,
  SEED_PROMPT,
  seedConfig,
  setUpWorld,
  typesLengthRatio,
} from "./world-setup";

/** Extra engine options an ablation sets. */
export type EngineOverrides = Partial<SingleAgentOptions & MultiAgentOptions>;

/**
 * The engine options both modes share in a seed's world: the production
 * gateway, the world's own split (no test part: held-out accuracy is the
 * world's exact expectation) and the call budget.
 */
function engineBase(
  gateway: ReturnType<typeof gatewayFor>,
  seed: number,
  train: Parameters<typeof example>[0][],
  validation: Parameters<typeof example>[0][],
  iterations: number,
  maxCalls: number,
) {
  return {
    llm: gateway,
    models: { judge: MODELS.reflection, reflection: MODELS.reflection },
    dataset: {
      name: `world-${seed}`,
      metric: "exact" as const,
      examples: [...train, ...validation].map(example),
    },
    split: { train: train.map(example), validation: validation.map(example), test: [] },
    iterations,
    maxCalls,
    seed,
    evaluateTest: false,
  };
}

/** Promptune single-agent in the seed's world. */
export async function runPromptuneSingle(
  server: WorldServer,
  seed: number,
  iterations: number,
  maxCalls: number,
  overrides: EngineOverrides = {},
): Promise<RunOutcome> {
  const { world, train, validation } = setUpWorld(server, seed);
  const gateway = gatewayFor(server);
  try {
    const run = optimizeSingleAgent({
      ...engineBase(gateway, seed, train, validation, iterations, maxCalls),
      model: MODELS.assistant,
      prompt: SEED_PROMPT,
      temperature: 0.7,
      ...overrides,
    } as SingleAgentOptions);
    let step = await run.next();
    while (!step.done) step = await run.next();
    const final = step.value;
    return {
      initial: world.expectedSingle(SEED_PROMPT),
      best: world.bestSingle(),
      final: world.expectedSingle(final.best.config.prompt),
      presentedValidation: final.best.validationScore,
      calls: server.counters.calls,
      tokens: server.counters.tokens,
      lengthRatio: typesLengthRatio(world, final.best.config.prompt),
      // no temperature effect in this world: the ceiling is the best proposed prompt
      ceiling: Math.max(
        ...[SEED_PROMPT, ...final.iterations.map((i) => i.config.prompt)].map((p) =>
          world.expectedSingle(p),
        ),
        world.expectedSingle(final.best.config.prompt),
      ),
      presentedAtBestTemperature: world.expectedSingle(final.best.config.prompt),
    };
  } finally {
    await gateway.close();
  }
}

/**
 * Promptune multi-agent (a coordinator and the world's workers) in the seed's world, at
 * `maxCalls` or at the cap the product's estimate announces for the run.
 */
export async function runPromptuneMulti(
  server: WorldServer,
  seed: number,
  iterations: number,
  maxCalls: number | "estimate",
  overrides: EngineOverrides = {},
): Promise<RunOutcome> {
  const { world, train, validation } = setUpWorld(server, seed);
  const gateway = gatewayFor(server);
  const config = seedConfig(world);
  const base = engineBase(gateway, seed, train, validation, iterations, 0);
  // "estimate": the cap the product announces for this configuration and split (no test part)
  const cap =
    maxCalls === "estimate"
      ? estimateRun({
          mode: "multi",
          config,
          dataset: base.dataset,
          split: base.split,
          iterations,
          models: { ...base.models, embedding: null },
          evaluateTest: false,
        }).maxCalls
      : maxCalls;
  try {
    const run = optimizeMultiAgent({
      ...base,
      maxCalls: cap,
      config,
      ...overrides,
    } as MultiAgentOptions);
    let step = await run.next();
    while (!step.done) step = await run.next();
    const final = step.value;
    return {
      initial: world.expectedMulti(multiView(config)),
      best: world.bestMulti(),
      final: world.expectedMulti(multiView(final.best.config)),
      presentedValidation: final.best.validationScore,
      calls: server.counters.calls,
      tokens: server.counters.tokens,
      lengthRatio: Number.NaN,
      // no temperature effect: the ceiling is the best configuration the run accepted
      ceiling: Math.max(
        ...[config, final.best.config, ...final.iterations.map((i) => i.config)].map((c) =>
          world.expectedMulti(multiView(c)),
        ),
      ),
      presentedAtBestTemperature: world.expectedMulti(multiView(final.best.config)),
    };
  } finally {
    await gateway.close();
  }
}

/** AxGEPA (single program, the same seed prompt as its instruction) in the seed's world. */
export async function runAxGepa(
  server: WorldServer,
  seed: number,
  maxMetricCalls: number,
): Promise<RunOutcome> {
  const { world, train, validation } = setUpWorld(server, seed);
  const client = (model: string) =>
    ai({
      name: "openai",
      apiKey: "bench",
      apiURL: server.url,
      config: { model: model as never, stream: false },
    });
  const program = ax("question:string -> answer:string");
  program.setInstruction(SEED_PROMPT);
  const optimizer = new AxGEPA({
    studentAI: client(MODELS.assistant),
    teacherAI: client(MODELS.reflection),
    numTrials: 200,
    earlyStoppingTrials: 200,
    minibatch: true,
    minibatchSize: 3,
    seed,
    verbose: false,
  });
  const toExample = (q: Question) => ({ question: q.text, answer: q.answer });
  const result = await optimizer.compile(
    program as never,
    train.map(toExample),
    ({ prediction, example }) =>
      (prediction as { answer?: string })?.answer?.trim() === (example as { answer: string }).answer
        ? 1
        : 0,
    { validationExamples: validation.map(toExample), maxMetricCalls } as never,
  );
  const optimized = result.optimizedProgram as
    | { instruction?: string; componentMap?: Record<string, string> }
    | undefined;
  const prompt =
    optimized?.componentMap?.["root::instruction"] ?? optimized?.instruction ?? SEED_PROMPT;
  return {
    initial: world.expectedSingle(SEED_PROMPT),
    best: world.bestSingle(),
    final: world.expectedSingle(prompt),
    presentedValidation: result.bestScore,
    calls: server.counters.calls,
    tokens: server.counters.tokens,
    lengthRatio: typesLengthRatio(world, prompt),
  };
}
