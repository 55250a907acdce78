/**
 * One optimisation run in a seed's rule world (rule-world.ts): Promptune
 * single-agent through the production gateway, AxGEPA through its own OpenAI
 * client, at the same call budget. The outcome adds the presented prompt's
 * length against the shortest prompt that reaches its score.
 */
import { AxGEPA, ai, ax } from "@ax-llm/ax";
import type { DatasetExample } from "@promptune/contracts";
import { optimizeSingleAgent, type SingleAgentOptions } from "@promptune/engine";
import { fnv1a } from "../../packages/engine/src/util/hash";
import { Prng } from "../../packages/engine/src/util/prng";
import { MODELS } from "./dispatch";
import { RuleAgents } from "./rule-agents";
import { ruleDispatch } from "./rule-dispatch";
import { words, worldLanguage } from "./rule-wording";
import { RuleWorld } from "./rule-world";
import { seedSetup } from "./rule-world-draw";
import type { RuleWorldSpec } from "./rule-world-spec";
import { gatewayFor } from "./run-gateway";
import type { RunOutcome } from "./run-outcome";
import { drawParts } from "./run-split";
import type { EngineOverrides } from "./runners";
import type { WorldServer } from "./server";
import { type Question, recorded } from "./world";

function setUp(server: WorldServer, spec: RuleWorldSpec, seed: number) {
  const world = new RuleWorld(spec, seed);
  const agents = new RuleAgents(world, seed);
  const rng = new Prng(seed * 31 + 5);
  const { train, validation } = drawParts(
    (count, tag) => world.questions(count, tag, rng),
    `${spec.name}-${seed}`,
    (q) => ruleExample(world, q),
  );
  for (const q of [...train, ...validation]) {
    mislabel(q, seed);
    agents.book.set(q.id, q);
  }
  agents.known.add(world.seedPrompt);
  server.setHandler((call) => ruleDispatch(call, agents));
  server.reset();
  return { world, agents, train, validation };
}

/**
 * `--label-noise P`: the dataset records a wrong code for a share P of its rows, as real datasets
 * hold mistakes; a row's draw is its own, so every contender sees the same mistakes.
 */
export const labelNoise = { rate: 0 };

export function mislabel(q: Question, seed: number): void {
  if (labelNoise.rate <= 0) return;
  const rng = new Prng((fnv1a(q.id, seed * 40_503 + 17) ^ 0x5bd1e995) >>> 0);
  if (rng.next() < labelNoise.rate) q.label = `K${Math.floor(rng.next() * 9000 + 1000)}`;
}

/** A rule world's question as the dataset example a user would upload. */
export function ruleExample(world: RuleWorld, q: Question): DatasetExample {
  return {
    id: q.id,
    dialog: [{ type: "human", content: q.text }],
    reference: recorded(q),
    expected: recorded(q),
    rubric:
      world.spec.metric === "judge"
        ? (worldLanguage?.rubric ?? [
            "gives the right case code",
            "covers every step the case needs",
          ])
        : [],
    ...(world.spec.domainField ? { domain: world.spec.kinds[q.type] } : {}),
  };
}

export function outcome(
  world: RuleWorld,
  server: WorldServer,
  prompt: string,
  temperature: number,
  presentedValidation: number,
  proposed: readonly string[] = [],
): RunOutcome {
  const grid = Array.from({ length: 11 }, (_, k) => k / 10);
  const ceiling = proposed.length
    ? Math.max(...proposed.flatMap((p) => grid.map((t) => world.expected(p, t))))
    : undefined;
  const atBest = proposed.length
    ? Math.max(...grid.map((t) => world.expected(prompt, t)))
    : undefined;
  return {
    initial: world.expected(world.seedPrompt, seedSetup.temperature),
    best: world.best(),
    final: world.expected(prompt, temperature),
    presentedValidation,
    calls: server.counters.calls,
    tokens: server.counters.tokens,
    lengthRatio: words(prompt) / world.shortestWordsFor(prompt),
    prompt,
    temperature,
    ...(ceiling === undefined ? {} : { ceiling }),
    ...(atBest === undefined ? {} : { presentedAtBestTemperature: atBest }),
  };
}

/** Promptune single-agent in a seed's rule world. */
export async function runRuleSingle(
  server: WorldServer,
  spec: RuleWorldSpec,
  seed: number,
  iterations: number,
  maxCalls: number,
  overrides: EngineOverrides = {},
): Promise<RunOutcome> {
  const { world, train, validation } = setUp(server, spec, seed);
  const gateway = gatewayFor(server);
  try {
    const ex = (q: Question) => ruleExample(world, q);
    const run = optimizeSingleAgent({
      llm: gateway,
      models: { judge: MODELS.reflection, reflection: MODELS.reflection },
      dataset: {
        name: `${spec.name}-${seed}`,
        title: spec.title,
        description: spec.description,
        metric: spec.metric,
        examples: [...train, ...validation].map(ex),
      },
      split: { train: train.map(ex), validation: validation.map(ex), test: [] },
      iterations,
      maxCalls,
      seed,
      evaluateTest: false,
      model: MODELS.assistant,
      prompt: world.seedPrompt,
      temperature: seedSetup.temperature,
      ...overrides,
    } as SingleAgentOptions);
    let step = await run.next();
    while (!step.done) step = await run.next();
    const best = step.value.best;
    return outcome(
      world,
      server,
      best.config.prompt,
      best.config.temperature,
      best.validationScore,
      [world.seedPrompt, ...step.value.iterations.map((i) => i.config.prompt), best.config.prompt],
    );
  } finally {
    await gateway.close();
  }
}

/** AxGEPA (single program, the seed prompt as its instruction, at the seed temperature) in a rule world. */
export async function runRuleAx(
  server: WorldServer,
  spec: RuleWorldSpec,
  seed: number,
  maxMetricCalls: number,
): Promise<RunOutcome> {
  const { world, agents, train, validation } = setUp(server, spec, seed);
  const client = (model: string) =>
    ai({
      name: "openai",
      apiKey: "bench",
      apiURL: server.url,
      config: { model: model as never, stream: false, temperature: seedSetup.temperature },
    });
  const program = ax("question:string -> answer:string");
  program.setInstruction(world.seedPrompt);
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
  const toExample = (q: Question) => ({ question: q.text, answer: recorded(q) });
  const metric = ({ prediction, example }: { prediction: unknown; example: unknown }) => {
    const reply = String((prediction as { answer?: string })?.answer ?? "").trim();
    const q = agents.question((example as { question: string }).question);
    if (!q) return 0;
    if (spec.metric === "exact") return reply === recorded(q) ? 1 : 0;
    // the rubric is graded by the same noisy judge, against the recorded code, and the grading
    // counts as a call
    server.counters.calls++;
    return world.grade({ ...q, answer: recorded(q) }, reply, agents.keyed(`judge|${q.id}|${reply}`))
      .score;
  };
  const result = await optimizer.compile(
    program as never,
    train.map(toExample),
    metric as never,
    {
      validationExamples: validation.map(toExample),
      maxMetricCalls,
    } as never,
  );
  const optimized = result.optimizedProgram as
    | { instruction?: string; componentMap?: Record<string, string> }
    | undefined;
  const prompt =
    optimized?.componentMap?.["root::instruction"] ?? optimized?.instruction ?? world.seedPrompt;
  return outcome(world, server, prompt, seedSetup.temperature, result.bestScore);
}
