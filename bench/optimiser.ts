/**
 * Optimiser benchmark: runs single- and multi-agent optimisations against the
 * fixture LLM at a fixed latency, through the production gateway, and prints
 * per iteration the wall time as a ratio to the iteration's critical path
 * (its longest chain of dependent model calls × latency) and the model calls
 * it made. A ratio near 1 means the evaluation parallelism is fully used.
 *
 * Rows "engine cap C" fix the engine's per-run limit at C behind a wide
 * gateway; rows "gateway C fixed" / "gateway C→adaptive" leave the engine at
 * its default per-run ceiling and start a fresh gateway at LLM_CONCURRENCY=C,
 * with the limit fixed (the behaviour before issue 15) or adaptive (AIMD up
 * to LLM_CONCURRENCY_MAX, the default). The last line is issue 15's item 6:
 * the single-agent ratio at the default settings (target ≤ 1.15).
 *
 *   npx tsx bench/optimiser.ts [--latency 300] [--iterations 5] [--gateway-only] [--repeat 1]
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  type BundledDataset,
  type IterationResult,
  loadBundledDatasets,
  type OptimisationRun,
  optimizeMultiAgent,
  optimizeSingleAgent,
} from "@promptune/engine";
import { createLlmGateway, parseLlmConfig } from "../apps/server/src/llm";
import { startFixtureLlm } from "../apps/server/src/testing/fixture-llm";
import { createFakeLlm } from "../packages/engine/src/testing/fake-llm";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    latency: { type: "string", default: "300" },
    iterations: { type: "string", default: "5" },
    /** Only the gateway rows (fixed vs adaptive at the defaults), skipping the engine-cap rows. */
    "gateway-only": { type: "boolean", default: false },
    /** Repetitions of the (interleaved) gateway rows. */
    repeat: { type: "string", default: "1" },
  },
});
const latencyMs = Number(values.latency);
const iterations = Number(values.iterations);
const repeat = Math.max(1, Number(values.repeat));
/** The gateway's concurrency limit at the end of each gateway run. */
const finalLimits: string[] = [];

/** DCH2-top-dialogs when bundled, else the engine tests' mini dataset. */
async function benchDataset(): Promise<BundledDataset> {
  for (const dir of [join(root, "datasets"), join(root, "apps/server/src/engine-int/fixtures")]) {
    try {
      const all = await loadBundledDatasets((f) => readFile(join(dir, f), "utf8"));
      const found =
        all.find((d) => d.name === "DCH2-top-dialogs") ??
        all.find((d) => d.name === "customer-help-mini");
      if (found) return found;
    } catch {
      // try the next folder
    }
  }
  throw new Error("no dataset found for the benchmark");
}

interface Row {
  mode: string;
  /** What limits concurrency in this row, e.g. "engine cap 8" or "gateway 8→adaptive". */
  concurrency: string;
  iteration: number;
  calls: number;
  depth: number;
  wallMs: number;
}

async function measure<C>(
  mode: string,
  concurrency: string,
  run: OptimisationRun<C>,
): Promise<Row[]> {
  const rows: Row[] = [];
  let start = performance.now();
  for (;;) {
    const step = await run.next();
    if (step.done) break;
    const r: IterationResult<C> = step.value;
    const now = performance.now();
    rows.push({
      mode,
      concurrency,
      iteration: r.iteration,
      calls: r.usage.calls,
      depth: r.criticalPathCalls,
      wallMs: now - start,
    });
    start = performance.now();
  }
  return rows;
}

const fixture = await startFixtureLlm({ latencyMs });
/** A gateway on the fixture; no response cache: every call pays the latency, so the critical path is exact. */
const makeGateway = (limits: Record<string, string>) =>
  createLlmGateway(
    parseLlmConfig({
      OPENAI_BASE_URL: fixture.url,
      OPENAI_API_KEY: "bench",
      LLM_MODELS: "fixture-small",
      LLM_EMBEDDING_MODEL: "fixture-embed",
      ...limits,
    }),
    { cache: { get: async () => undefined, set: async () => {} } },
  );
const gateway = makeGateway({ LLM_CONCURRENCY: "256", LLM_CONCURRENCY_MAX: "256" });
/** Mean wall time of one model call through the gateway when nothing else runs (HTTP + SDK overhead included). */
async function calibrate(): Promise<number> {
  const n = 10;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    await gateway.complete({
      model: "fixture-small",
      temperature: 0.5,
      purpose: "assistant",
      messages: [{ role: "user", content: `calibration ${i}` }],
    });
  }
  return (performance.now() - start) / n;
}

await calibrate(); // warm up connections and code paths
const callMsBefore = await calibrate();
const dataset = await benchDataset();
const models = { judge: gateway.roles.judge, reflection: gateway.roles.reflection };
const common = { llm: gateway, models, dataset, iterations, seed: 1 };
const agent = (name: string, prompt: string) => ({
  name,
  prompt,
  model_name: "fixture-small",
  temperature: 0.5,
  description: `${name} specialist.`,
});

const rows: Row[] = [];
let callMs = callMsBefore;
const singleSeed = {
  model: "fixture-small",
  prompt: "You are a helpful assistant.",
  temperature: 0.7,
};
const multiSeed = {
  "master-agent": agent("Coordinator", "You coordinate the support team."),
  "worker-agents": [
    agent("Expert", "You know the policies."),
    agent("Synthesizer", "You write clear replies."),
  ],
};
try {
  // The gateway limits, engine at its default per-run ceiling: fixed (before) and
  // adaptive (now), interleaved and repeated so that drifting machine load hits both alike.
  for (let rep = 0; rep < repeat; rep++) {
    for (const mode of ["single", "multi (2 workers)"] as const) {
      for (const [label, limits] of [
        ["gateway 8 fixed", { LLM_CONCURRENCY: "8", LLM_CONCURRENCY_MAX: "8" }],
        ["gateway 8→adaptive", { LLM_CONCURRENCY: "8" }],
      ] as const) {
        const gw = makeGateway(limits);
        try {
          const base = { ...common, llm: gw };
          rows.push(
            ...(mode === "single"
              ? await measure(mode, label, optimizeSingleAgent({ ...base, ...singleSeed }))
              : await measure(mode, label, optimizeMultiAgent({ ...base, config: multiSeed }))),
          );
          finalLimits.push(`${mode}, ${label}: ${gw.concurrencyLimits().openai ?? "-"}`);
        } finally {
          await gw.close();
        }
      }
    }
  }
  for (const concurrency of values["gateway-only"] ? [] : [4, 8, 32]) {
    rows.push(
      ...(await measure(
        "single",
        `engine cap ${concurrency}`,
        optimizeSingleAgent({
          ...common,
          concurrency,
          model: "fixture-small",
          prompt: "You are a helpful assistant.",
          temperature: 0.7,
        }),
      )),
    );
    rows.push(
      ...(await measure(
        "multi (2 workers)",
        `engine cap ${concurrency}`,
        optimizeMultiAgent({
          ...common,
          concurrency,
          config: {
            "master-agent": agent("Coordinator", "You coordinate the support team."),
            "worker-agents": [
              agent("Expert", "You know the policies."),
              agent("Synthesizer", "You write clear replies."),
            ],
          },
        }),
      )),
    );
  }
  // the engine alone: an in-process port with the same latency and no HTTP stack
  for (const concurrency of values["gateway-only"] ? [] : [8, 32]) {
    rows.push(
      ...(await measure(
        "single in-process",
        `engine cap ${concurrency}`,
        optimizeSingleAgent({
          ...common,
          llm: createFakeLlm({ latencyMs }),
          concurrency,
          model: "fixture-small",
          prompt: "You are a helpful assistant.",
          temperature: 0.7,
        }),
      )),
    );
  }
  callMs = (callMsBefore + (await calibrate())) / 2;
} finally {
  await gateway.close();
  await fixture.close();
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
console.log(
  `dataset ${dataset.name} (${dataset.examples.length} examples), fixture latency ${latencyMs} ms, one sequential call measured at ${callMs.toFixed(1)} ms, ${iterations} iterations\n`,
);
console.log(
  `${"mode".padEnd(18)}${"limit".padEnd(20)}${pad("iter", 5)}${pad("calls", 7)}${pad("path", 6)}${pad("wall ms", 9)}${pad("path ms", 9)}${pad("ratio", 7)}`,
);
for (const r of rows) {
  const pathMs = r.depth * latencyMs;
  console.log(
    `${r.mode.padEnd(18)}${r.concurrency.padEnd(20)}${pad(r.iteration, 5)}${pad(r.calls, 7)}${pad(r.depth, 6)}${pad(r.wallMs.toFixed(0), 9)}${pad(pathMs, 9)}${pad(pathMs ? (r.wallMs / pathMs).toFixed(2) : "-", 7)}`,
  );
}

/** Σ wall / Σ critical path over iterations 1..N of one mode and limit. */
function ratioOf(mode: string, concurrency: string): number | null {
  const sel = rows.filter(
    (r) => r.mode === mode && r.concurrency === concurrency && r.iteration > 0,
  );
  if (!sel.length) return null;
  const wall = sel.reduce((s, r) => s + r.wallMs, 0);
  const path = sel.reduce((s, r) => s + r.depth * latencyMs, 0);
  return wall / path;
}

console.log("\nsummary (iterations 1..N; ratio = Σ wall / Σ critical path)");
for (const mode of [...new Set(rows.map((r) => r.mode))]) {
  for (const concurrency of [...new Set(rows.map((r) => r.concurrency))]) {
    const sel = rows.filter(
      (r) => r.mode === mode && r.concurrency === concurrency && r.iteration > 0,
    );
    const ratio = ratioOf(mode, concurrency);
    if (!sel.length || ratio === null) continue;
    const wall = sel.reduce((s, r) => s + r.wallMs, 0);
    const path = sel.reduce((s, r) => s + r.depth * latencyMs, 0);
    const calls = sel.reduce((s, r) => s + r.calls, 0) / sel.length;
    const zero = rows.find(
      (r) => r.mode === mode && r.concurrency === concurrency && r.iteration === 0,
    );
    const measured = mode.includes("in-process")
      ? ""
      : ` (${(wall / ((path / latencyMs) * callMs)).toFixed(2)} against the measured call time)`;
    console.log(
      `${mode.padEnd(18)} ${concurrency.padEnd(19)}: wall/critical path ${ratio.toFixed(2)}${measured}, ${calls.toFixed(1)} calls per iteration (iteration 0: ${zero?.calls} calls, ratio ${zero ? (zero.wallMs / (zero.depth * latencyMs)).toFixed(2) : "-"})`,
    );
  }
}
console.log(`\ngateway limit at the end of each run: ${finalLimits.join("; ")}`);
const before = ratioOf("single", "gateway 8 fixed");
const now = ratioOf("single", "gateway 8→adaptive");
console.log(
  `\nissue 15 item 6, single-agent at the default settings (gateway starts at 8): wall / critical path ${now?.toFixed(2)} adaptive (target ≤ 1.15), ${before?.toFixed(2)} with the limit fixed at 8`,
);
