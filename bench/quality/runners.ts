/**
 * One optimisation run per optimiser in a seed's world: Promptune single- and
 * multi-agent through the production gateway, AxGEPA through its own OpenAI
 * client. Each returns the presented candidate's validation score, its
 * expected held-out accuracy and the calls and tokens the world served.
 */
import { AxGEPA, ai, ax } from "@ax-llm/ax";
import type { DatasetExample, MultiAgentConfig } from "@promptune/contracts";
import {
  estimateRun,
  type MultiAgentOptions,
  optimizeMultiAgent,
  optimizeSingleAgent,
  type SingleAgentOptions,
} from "@promptune/engine";
import {
  createLlmGateway,
  MemoryCache,
  parseLlmConfig,
  type ResponseCache,
} from "../../apps/server/src/llm";
import { splitDataset, splitSizes } from "../../packages/engine/src/datasets/split";
import { Prng } from "../../packages/engine/src/util/prng";
import { WorldAgents } from "./agents";
import { dispatch, MODELS } from "./dispatch";
import type { WorldServer } from "./server";
import { HARMFUL_RULES, type Question, World, worldShape } from "./world";

/** Train and validation examples of every run (live bindings: `useSplitOf` changes them). */
export let TRAIN = 30;
export let VALIDATION = 20;

/**
 * Sets the train and validation sizes to the ones the product's split gives a
 * dataset of `rows` examples (`splitSizes`: 30 % validation, 30 % held-out
 * test, the rest train), for checking the engine at the sizes a user's upload
 * gets (`--rows`) rather than the bench's 30 / 20. The held-out score stays
 * the world's ground truth, so the test part is not drawn.
 */
export function useSplitOf(rows: number): void {
  const sizes = Number.isInteger(rows) ? splitSizes(rows) : { train: 0, validation: 0 };
  if (sizes.train < 1 || sizes.validation < 1)
    throw new Error(`--rows ${rows} leaves no train or validation examples`);
  TRAIN = sizes.train;
  VALIDATION = sizes.validation;
}
/**
 * `--product-split N`: every run draws N rows and splits them with the
 * product's own `splitDataset` (what a user's upload of N rows gets, its
 * kinds spread over the parts as the product spreads them) instead of
 * drawing train and validation apart; 0 (the default) keeps the
 * independent draws. `stratify: false` is the ablation row's plain hash order.
 */
export const productSplit = { rows: 0, stratify: true };

/**
 * A run's train and validation questions: drawn apart at the bench's sizes,
 * or (`--product-split`) as the product splits `productSplit.rows` rows of a
 * dataset named `name`, each question turned into its example by `toExample`.
 */
export function drawParts<Q extends { id: string }>(
  draw: (count: number, tag: string) => Q[],
  name: string,
  toExample: (q: Q) => DatasetExample,
): { train: Q[]; validation: Q[] } {
  if (productSplit.rows <= 0) return { train: draw(TRAIN, "t"), validation: draw(VALIDATION, "v") };
  const rows = draw(productSplit.rows, "r");
  const byId = new Map(rows.map((q) => [q.id, q]));
  const split = splitDataset(name, rows.map(toExample), { stratify: productSplit.stratify });
  const back = (xs: DatasetExample[]) => xs.map((e) => byId.get(e.id) as Q);
  return { train: back(split.train), validation: back(split.validation) };
}
export const SEED_PROMPT = "You are a support assistant. Answer with the case code only.";

/** The outcome of one run. */
export interface RunOutcome {
  initial: number;
  best: number;
  final: number;
  presentedValidation: number;
  calls: number;
  tokens: number;
  /** Words of the presented prompt over words of the shortest prompt reaching its score. */
  lengthRatio: number;
  /** The presented prompt and temperature (rule worlds; for inspection). */
  prompt?: string;
  temperature?: number;
  /**
   * The best expected score among every configuration the run proposed (any
   * of its prompts at the best temperature of a 0–1 grid): what a perfect
   * final pick could have presented, so a row shows how much of the gap to
   * the world's best is lost to proposals and how much to the pick.
   */
  ceiling?: number;
  /** The presented prompt's expected score at the best temperature of the same grid. */
  presentedAtBestTemperature?: number;
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Today's world: the shortest prompt with a prompt's score is the seed plus its right rules. */
function typesLengthRatio(world: World, prompt: string): number {
  const r = world.rulesIn(prompt);
  const rules = r.right.flatMap((ok, k) => (ok && !r.wrong[k] ? [world.rightRule(k)] : []));
  return words(prompt) / words([SEED_PROMPT, ...rules].join(" "));
}

/** The share of the possible gain a run found. */
export function share(o: RunOutcome): number {
  return o.best - o.initial > 1e-9 ? (o.final - o.initial) / (o.best - o.initial) : 1;
}

/** The share of the possible gain the run's best proposed configuration holds (its ceiling). */
export function ceilingShare(
  o: RunOutcome,
  score: number | undefined = o.ceiling,
): number | undefined {
  if (score === undefined) return undefined;
  return o.best - o.initial > 1e-9 ? (score - o.initial) / (o.best - o.initial) : 1;
}

/** A seed's world with its train and validation questions, served by `server`. */
export function setUpWorld(server: WorldServer, seed: number) {
  const world = new World(seed, worldShape.current);
  const agents = new WorldAgents(world, seed);
  const rng = new Prng(seed * 31 + 5);
  const { train, validation } = drawParts(
    (count, tag) => world.questions(count, tag, rng),
    `world-${seed}`,
    example,
  );
  for (const q of [...train, ...validation]) agents.book.set(q.id, q);
  server.setHandler((call) => dispatch(call, agents));
  server.reset();
  return { world, agents, train, validation };
}

/** A types-world question as the dataset example a user would upload. */
export function example(q: Question): DatasetExample {
  return {
    id: q.id,
    dialog: [{ type: "human", content: q.text }],
    reference: q.answer,
    expected: q.answer,
    rubric: [],
  };
}

/**
 * With `--cache` every run's gateway keeps the production response cache (in
 * memory, fresh per run) as the server's does: deterministic calls (the judge,
 * temperature 0) asked twice are answered once. Off by default, so the rows
 * stay comparable with earlier figures (the simulated models draw every
 * answer afresh, even at temperature 0).
 */
export const benchCache = { on: false };

/** The response cache of one run's gateway (see `benchCache`). */
export function responseCache(): ResponseCache {
  return benchCache.on
    ? new MemoryCache(200_000)
    : { get: async () => undefined, set: async () => {} };
}

function gatewayFor(server: WorldServer) {
  return createLlmGateway(
    parseLlmConfig({
      OPENAI_BASE_URL: server.url,
      OPENAI_API_KEY: "bench",
      LLM_MODELS: Object.values(MODELS).join(","),
      LLM_REFLECTION_MODEL: MODELS.reflection,
      LLM_JUDGE_MODEL: MODELS.reflection,
      LLM_CONCURRENCY: "16",
    }),
    { cache: responseCache() },
  );
}

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

/** The multi-agent configuration every run in a seed's world starts from. */
export function seedConfig(world: World): MultiAgentConfig {
  const agent = (name: string, prompt: string, model: string) => ({
    name,
    prompt,
    description: "Support specialist.",
    model_name: model,
    temperature: 0.5,
  });
  return {
    "master-agent": agent("Coordinator", "You coordinate a support team.", MODELS.coordinator),
    "worker-agents": world.workers.map((w, i) =>
      agent(
        w,
        i === world.harmedWorker
          ? `You answer customer questions with the case code only. ${HARMFUL_RULES[0]}`
          : "You answer customer questions with the case code only.",
        MODELS.worker,
      ),
    ),
  };
}

/** The parts of a multi-agent configuration the world scores. */
export function multiView(c: MultiAgentConfig) {
  return {
    coordinator: c["master-agent"].prompt,
    workers: c["worker-agents"].map((w) => w.prompt),
    descriptions: c["worker-agents"].map((w) => w.description),
  };
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
