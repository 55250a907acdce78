/**
 * Local model benchmark: the shared test model (stories260K, from the
 * `shared/models` folder next to the checkout) through the production gateway
 * and node-llama-cpp, at 1 context sequence and at N (LOCAL_MODEL_SEQUENCES,
 * default 4). Prints, measured in one run:
 *
 * - tokens per second of a burst of concurrent completions;
 * - the wall time of an optimisation iteration (iteration 0 = evaluating the
 *   seed, then iteration 1) of a single-agent run on the engine tests' mini
 *   dataset, with every answer capped at --tokens (the story model never
 *   stops on its own, and 1024-token answers would make the run take many
 *   minutes on a small machine);
 *
 * and the ratio N sequences / 1 sequence for each.
 *
 *   npx tsx bench/local-model.ts [--sequences 4] [--burst 8] [--tokens 64] [--threads 1]
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  type BundledDataset,
  type LlmPort,
  loadBundledDatasets,
  optimizeSingleAgent,
} from "@promptune/engine";
import { createLlmGateway, type LlmGateway, parseLlmConfig } from "../apps/server/src/llm";
import { repoRoot } from "../apps/server/src/paths";
import { hasSharedTestModel, sharedTestModel } from "../apps/server/src/testing/models";

const { values } = parseArgs({
  options: {
    sequences: { type: "string", default: "4" },
    burst: { type: "string", default: "8" },
    tokens: { type: "string", default: "64" },
    threads: { type: "string", default: "1" },
  },
});
const sequences = Number(values.sequences);
const burst = Number(values.burst);
const maxTokens = Number(values.tokens);

if (!hasSharedTestModel()) {
  console.log(`skipped: the shared test model ${sharedTestModel()} is absent`);
  process.exit(0);
}

function gatewayWith(seq: number): LlmGateway {
  return createLlmGateway(
    parseLlmConfig({
      LOCAL_MODEL_PATH: sharedTestModel(),
      LOCAL_MODEL_THREADS: values.threads,
      LOCAL_MODEL_SEQUENCES: String(seq),
      LLM_TIMEOUT_MS: "600000",
    }),
    // no response cache: every call is evaluated
    { cache: { get: async () => undefined, set: async () => {} } },
  );
}

const STARTS = [
  "Once upon a time",
  "The little cat",
  "Lily and Tom",
  "One sunny day",
  "The big dog",
];

/** Output tokens per second of `burst` concurrent completions (after a warm-up call). */
async function tokensPerSecond(gateway: LlmGateway): Promise<number> {
  const ask = (i: number) =>
    gateway.complete({
      model: gateway.defaultModel,
      purpose: "assistant",
      temperature: 0.8,
      maxOutputTokens: maxTokens,
      messages: [{ role: "user", content: `${STARTS[i % STARTS.length]} (${i})` }],
    });
  await ask(-1);
  const start = performance.now();
  const results = await Promise.all(Array.from({ length: burst }, (_, i) => ask(i)));
  const seconds = (performance.now() - start) / 1000;
  return results.reduce((s, r) => s + r.usage.outputTokens, 0) / seconds;
}

async function miniDataset(): Promise<BundledDataset> {
  const dir = join(repoRoot(), "apps/server/src/engine-int/fixtures");
  const all = await loadBundledDatasets((f) => readFile(join(dir, f), "utf8"));
  const found = all.find((d) => d.name === "customer-help-mini");
  if (!found) throw new Error("customer-help-mini not found");
  return found;
}

/** The gateway with every call's output capped at `maxTokens`. */
function capped(gateway: LlmGateway): LlmPort {
  const cap = (n: number | undefined) => Math.min(n ?? maxTokens, maxTokens);
  return {
    complete: (r) => gateway.complete({ ...r, maxOutputTokens: cap(r.maxOutputTokens) }),
    completeStructured: (r) =>
      gateway.completeStructured({ ...r, maxOutputTokens: Math.max(cap(r.maxOutputTokens), 256) }),
  };
}

/** Wall time of iterations 0 and 1 of a single-agent optimisation. */
async function iterationTimes(gateway: LlmGateway, dataset: BundledDataset): Promise<number[]> {
  const run = optimizeSingleAgent({
    llm: capped(gateway),
    models: { judge: gateway.roles.judge, reflection: gateway.roles.reflection },
    dataset,
    iterations: 1,
    seed: 1,
    concurrency: 16,
    model: gateway.defaultModel,
    prompt: "You tell short stories.",
    temperature: 0.7,
  });
  const times: number[] = [];
  let start = performance.now();
  for (;;) {
    const step = await run.next();
    if (step.done) break;
    times.push(performance.now() - start);
    start = performance.now();
  }
  return times;
}

const dataset = await miniDataset();
const results: Record<number, { tps: number; iterations: number[] }> = {};
for (const seq of [1, sequences]) {
  const gateway = gatewayWith(seq);
  try {
    const tps = await tokensPerSecond(gateway);
    results[seq] = { tps, iterations: await iterationTimes(gateway, dataset) };
  } finally {
    await gateway.close();
  }
}

const one = results[1];
const many = results[sequences];
if (!one || !many) throw new Error("missing results");
const f = (n: number, d = 0) => n.toFixed(d);
console.log(
  `stories260K, threads ${values.threads}, burst of ${burst} concurrent completions of ≤ ${maxTokens} tokens; dataset ${dataset.name} (${dataset.examples.length} examples)\n`,
);
console.log(
  `${"".padEnd(26)}${"1 sequence".padStart(12)}${`${sequences} sequences`.padStart(14)}${"ratio".padStart(8)}`,
);
console.log(
  `${"tokens per second".padEnd(26)}${f(one.tps).padStart(12)}${f(many.tps).padStart(14)}${f(many.tps / one.tps, 2).padStart(8)}`,
);
one.iterations.forEach((ms, i) => {
  const other = many.iterations[i] ?? Number.NaN;
  console.log(
    `${`iteration ${i} wall ms`.padEnd(26)}${f(ms).padStart(12)}${f(other).padStart(14)}${f(ms / other, 2).padStart(8)}`,
  );
});
console.log(
  "\nratio: tokens per second N / 1 (higher is better); iteration wall time 1 / N (the speed-up, higher is better)",
);
