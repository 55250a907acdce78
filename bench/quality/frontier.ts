/**
 * The cost–quality worlds of the quality benchmark (issue 24): the `types`
 * world (world.ts) answered by three models at three prices. The expensive
 * primary model answers as in the `types` world. Variant `rules`: the cheap
 * model is as good with the right rules in its prompt but much worse without
 * them (it needs a better prompt to match); the weak model is cheaper still
 * and cannot match at all. Variant `kinds`: a mid-priced model as good as
 * the primary, and a cheap one as good only on some kinds of questions (two
 * of the six types, chosen by the seed, it answers half as well whatever the
 * prompt says), so the saving lies with the model that is not the cheapest.
 * The prompt search runs on the expensive model, the sweep tries the
 * presented prompt on both others, and the ground truth (exact expected
 * accuracy of every configuration) tells whether the recommendation found
 * the saving at equal quality and lies on the true frontier. The examples
 * carry their question type as their kind (`domain`, as in datasets with a
 * category column); `--unlabelled` runs them without.
 */
import type { DatasetExample } from "@promptune/contracts";
import {
  type FinalResult,
  optimizeSingleAgent,
  type SingleAgentCandidate,
} from "@promptune/engine";
import { createLlmGateway, parseLlmConfig } from "../../apps/server/src/llm";
import { Prng } from "../../packages/engine/src/util/prng";
import { WorldAgents } from "./agents";
import { lastUser, systemText } from "./chat-call";
import { dispatch, MODELS } from "./dispatch";
import { responseCache } from "./run-gateway";
import { TRAIN, VALIDATION } from "./run-split";
import type { WorldServer } from "./server";
import { HIGH, type Question, TYPES, World } from "./world";
import { SEED_PROMPT } from "./world-setup";

export const CHEAP = "world-cheap";
export const WEAK = "world-weak";
export const MID = "world-mid";

/** USD per million tokens: the mid model costs 25 %, the cheap one 6 %, the weak one 2 % of the primary. */
export const PRICES: Record<string, { input: number; output: number }> = {
  [MODELS.assistant]: { input: 2.5, output: 10 },
  [MID]: { input: 0.625, output: 2.5 },
  [CHEAP]: { input: 0.15, output: 0.6 },
  [WEAK]: { input: 0.05, output: 0.2 },
  [MODELS.reflection]: { input: 2.5, output: 10 },
};

/** The two frontier worlds: which candidate models the sweep tries. */
export type FrontierVariant = "rules" | "kinds";
export const FRONTIER_VARIANTS: Record<FrontierVariant, string[]> = {
  rules: [CHEAP, WEAK],
  kinds: [CHEAP, MID],
};

/** `kinds` world: the cheap model answers type `type` half as well (two types of six per seed). */
export function blindType(seed: number, type: number): boolean {
  return (type + seed) % 3 === 0;
}

/** Configurations of equal quality differ by at most this much expected accuracy. */
export const EQUAL_QUALITY = 0.02;

/** Probability that `model` with `prompt` answers a type-`type` question right. */
export function pModel(
  world: World,
  model: string,
  prompt: string,
  type: number,
  variant: FrontierVariant = "rules",
): number {
  const p = world.pCorrect(prompt, type);
  if (model === MODELS.assistant || model === MID) return p;
  if (variant === "kinds") return blindType(world.seed, type) ? p / 2 : p;
  const r = world.rulesIn(prompt);
  const cheap = r.right[type] && !r.wrong[type] ? p : p / 2;
  return model === WEAK ? Math.min(cheap, 0.6 * HIGH) * 0.8 : cheap;
}

/** Expected accuracy of `model` with `prompt` over the world's type mix. */
export function expectedFor(
  world: World,
  model: string,
  prompt: string,
  variant: FrontierVariant = "rules",
): number {
  const total = world.weights.reduce((a, b) => a + b, 0);
  return (
    world.weights.reduce((s, w, k) => s + w * pModel(world, model, prompt, k, variant), 0) / total
  );
}

/** The outcome of one seed. */
export interface FrontierOutcome {
  /** Found saving at equal quality over the possible one (1 when none was possible and none claimed). */
  savingShare: number;
  /** True when no measured point is truly better and no dearer than the recommended one. */
  onTrueFrontier: boolean;
  /**
   * Where the seed's saving went: `found` (all of the possible saving, or none was possible and
   * none claimed), `worse` (a point more than EQUAL_QUALITY worse than the primary recommended),
   * `missed` (an equal cheaper point existed, the primary or a dearer one was kept), `partial`
   * (an equal point recommended, but a cheaper equal one existed).
   */
  verdict: "found" | "worse" | "missed" | "partial";
  sweepCalls: number;
  calls: number;
  recommended: string;
  /** Expected accuracy of the presented configuration and of the primary's tuned one. */
  presentedAccuracy: number;
  primaryAccuracy: number;
  /** Every frontier point: model, ground truth, validation score, cost (for inspection). */
  points: { model: string; truth: number; score: number; cost: number; recommended: boolean }[];
}

/** The question as a dataset example; `labelled`: with its type as the example's kind (`domain`). */
const example = (q: Question, labelled: boolean): DatasetExample => ({
  id: q.id,
  dialog: [{ type: "human", content: q.text }],
  reference: q.answer,
  expected: q.answer,
  rubric: [],
  ...(labelled ? { domain: TYPES[q.type] } : {}),
});

/** Judges one run's frontier against the world's ground truth. */
export function judgeFrontier(
  world: World,
  final: FinalResult<SingleAgentCandidate>,
  variant: FrontierVariant = "rules",
): Omit<FrontierOutcome, "sweepCalls" | "calls"> {
  const points = (final.frontier ?? []).map((p) => ({
    ...p,
    truth: expectedFor(world, p.modelName, p.prompt, variant),
  }));
  const primary = points.find((p) => p.variant === 0);
  const rec = points.find((p) => p.recommended);
  if (!primary || !rec) throw new Error("the run has no frontier");
  const equal = (p: { truth: number }) => p.truth >= primary.truth - EQUAL_QUALITY;
  const saving = (p: { costPer1kUsd: number }) => 1 - p.costPer1kUsd / primary.costPer1kUsd;
  const possible = Math.max(0, ...points.filter(equal).map(saving));
  const found = equal(rec) ? saving(rec) : 0;
  const savingShare =
    possible > 1e-9 ? Math.max(0, found) / possible : rec === primary || equal(rec) ? 1 : 0;
  const verdict = !equal(rec)
    ? "worse"
    : savingShare >= 1 - 1e-9
      ? "found"
      : found <= 1e-9
        ? "missed"
        : "partial";
  const onTrueFrontier = !points.some(
    (q) => q.truth > rec.truth + 0.005 && q.costPer1kUsd <= rec.costPer1kUsd,
  );
  return {
    savingShare,
    onTrueFrontier,
    verdict,
    recommended: rec.modelName,
    presentedAccuracy: rec.truth,
    primaryAccuracy: primary.truth,
    points: points.map((p) => ({
      model: p.modelName,
      truth: p.truth,
      score: p.score,
      cost: p.costPer1kUsd,
      recommended: p.recommended,
    })),
  };
}

/** One seed: the prompt search on the expensive model, then the sweep over the two cheaper ones. */
export async function runFrontierSeed(
  server: WorldServer,
  seed: number,
  iterations: number,
  maxCalls: number,
  variant: FrontierVariant = "rules",
  labelled = true,
): Promise<FrontierOutcome> {
  const candidates = FRONTIER_VARIANTS[variant];
  const world = new World(seed);
  const agents = new WorldAgents(world, seed);
  const rng = new Prng(seed * 31 + 5);
  const train = world.questions(TRAIN, "t", rng);
  const validation = world.questions(VALIDATION, "v", rng);
  for (const q of [...train, ...validation]) agents.book.set(q.id, q);
  // the sweep's calls: every call from the first one on a candidate model to the end (its
  // reflection rounds and the confirmation's calls on the primary model included)
  let sweepCalls = 0;
  server.setHandler((call) => {
    const candidate = candidates.includes(call.model);
    if (sweepCalls > 0 || candidate) sweepCalls += 1;
    if (!candidate) return dispatch(call, agents);
    agents.keyed(call);
    const q = agents.book.get(/\[([a-z]+\d+)\]/.exec(lastUser(call))?.[1] ?? "");
    const p = q ? pModel(world, call.model, systemText(call), q.type, variant) : 0;
    return agents.answer(lastUser(call), p);
  });
  server.reset();
  const gateway = createLlmGateway(
    parseLlmConfig({
      OPENAI_BASE_URL: server.url,
      OPENAI_API_KEY: "bench",
      LLM_MODELS: [...Object.values(MODELS), ...candidates].join(","),
      LLM_REFLECTION_MODEL: MODELS.reflection,
      LLM_JUDGE_MODEL: MODELS.reflection,
      LLM_CONCURRENCY: "16",
    }),
    { cache: responseCache() },
  );
  try {
    const run = optimizeSingleAgent({
      llm: gateway,
      models: { judge: MODELS.reflection, reflection: MODELS.reflection },
      dataset: {
        name: `world-${seed}`,
        metric: "exact",
        examples: [...train, ...validation].map((q) => example(q, labelled)),
      },
      split: {
        train: train.map((q) => example(q, labelled)),
        validation: validation.map((q) => example(q, labelled)),
        test: [],
      },
      iterations,
      maxCalls,
      seed,
      evaluateTest: false,
      model: MODELS.assistant,
      prompt: SEED_PROMPT,
      temperature: 0.7,
      candidateModels: candidates,
      price: (m) => PRICES[m] ?? null,
    });
    let step = await run.next();
    while (!step.done) step = await run.next();
    return {
      ...judgeFrontier(world, step.value, variant),
      sweepCalls,
      calls: server.counters.calls,
    };
  } finally {
    await gateway.close();
  }
}

/** Mean and sample standard deviation. */
function stats(xs: number[]): string {
  const mean = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, xs.length - 1));
  return `${(100 * mean).toFixed(1)} % (sd ${(100 * sd).toFixed(1)})`;
}

/** Runs every seed in both worlds and prints the issue's three rows with their targets. */
export async function printFrontierRows(
  server: WorldServer,
  seeds: readonly number[],
  iterations: number,
  maxCalls: number,
  labelled = true,
): Promise<void> {
  for (const variant of Object.keys(FRONTIER_VARIANTS) as FrontierVariant[]) {
    const outcomes: FrontierOutcome[] = [];
    for (const seed of seeds)
      outcomes.push(await runFrontierSeed(server, seed, iterations, maxCalls, variant, labelled));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const recs = outcomes.map((o) => o.recommended);
    const count = (m: string) => recs.filter((r) => r === m).length;
    const candidates = FRONTIER_VARIANTS[variant];
    console.log(
      `\ncost–quality world "${variant}" (seeds ${seeds[0]}–${seeds.at(-1)}, ≤ ${maxCalls} calls, sweep on ${candidates.join(" and ")}, examples ${labelled ? "labelled with their kind" : "unlabelled"})`,
    );
    console.log(
      `  share of the possible saving found at equal quality  ${stats(outcomes.map((o) => o.savingShare))}  (≥ 80 %)`,
    );
    console.log(
      `  recommended point on the true frontier              ${(100 * mean(outcomes.map((o) => (o.onTrueFrontier ? 1 : 0)))).toFixed(1)} %  (≥ 90 %)`,
    );
    console.log(
      `  calls spent on the sweep                             ${stats(outcomes.map((o) => o.sweepCalls / Math.max(1, o.calls)))} of the run  (≤ 25 %)`,
    );
    const verdicts = (["found", "worse", "missed", "partial"] as const).map(
      (v) => `${v} ${outcomes.filter((o) => o.verdict === v).length}`,
    );
    console.log(`  seeds by outcome: ${verdicts.join(", ")}`);
    console.log(
      `  recommended: ${candidates.map((m) => `${m} ${count(m)}`).join(", ")}, primary ${count(MODELS.assistant)}`,
    );
    console.log(
      `  expected accuracy presented ${stats(outcomes.map((o) => o.presentedAccuracy))} vs primary tuned ${stats(outcomes.map((o) => o.primaryAccuracy))}; calls ${mean(outcomes.map((o) => o.calls)).toFixed(0)}`,
    );
  }
}
