/**
 * Optimiser quality benchmark: in a simulated world with known ground truth
 * (bench/quality/world.ts), over many seeds, how much of the possible gain
 * of held-out expected accuracy the presented prompt finds —
 * (final − initial) / (best possible − initial) — for Promptune single- and
 * multi-agent and for AxGEPA (@ax-llm/ax) at the same call budget, plus
 * ablations of Promptune's design choices. Also the calls, tokens and the
 * gap between the presented validation score and its held-out accuracy.
 *
 *   npx tsx bench/quality.ts [--seeds 20] [--only single,ax,multi,ablations,multi-ablations]
 */
import { parseArgs } from "node:util";
import {
  type EngineOverrides,
  type RunOutcome,
  runAxGepa,
  runPromptuneMulti,
  runPromptuneSingle,
  share,
} from "./quality/runners";
import { startWorldServer, type WorldServer } from "./quality/server";

const { values } = parseArgs({
  options: {
    seeds: { type: "string", default: "20" },
    only: { type: "string", default: "single,ax,multi,ablations,multi-ablations" },
  },
});
const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => i + 1);
const only = new Set(String(values.only).split(","));

/** Calls 10 single-agent iterations used before this benchmark existed; the budget of every single-agent row. */
const SINGLE_BUDGET = 350;
const MULTI_BUDGET = 700;

interface Row {
  name: string;
  outcomes: RunOutcome[];
}

function stats(xs: number[]): { mean: number; sd: number } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, xs.length - 1));
  return { mean, sd };
}

async function rowOf(name: string, run: (seed: number) => Promise<RunOutcome>): Promise<Row> {
  const outcomes: RunOutcome[] = [];
  for (const seed of seeds) outcomes.push(await run(seed));
  const row = { name, outcomes };
  printRow(row);
  return row;
}

function printRow(row: Row): void {
  const s = stats(row.outcomes.map(share));
  const calls = stats(row.outcomes.map((o) => o.calls));
  const tokens = stats(row.outcomes.map((o) => o.tokens));
  const gap = stats(row.outcomes.map((o) => 100 * (o.presentedValidation - o.final)));
  console.log(
    `${row.name.padEnd(44)} ${s.mean.toFixed(2)} ± ${s.sd.toFixed(2)}   ${calls.mean.toFixed(0).padStart(5)}   ${(tokens.mean / 1000).toFixed(0).padStart(5)}k   ${gap.mean >= 0 ? "+" : ""}${gap.mean.toFixed(1).padStart(5)} ± ${gap.sd.toFixed(1)}`,
  );
}

/** Promptune's design choices, each switched off alone (single-agent, same budget). */
const ABLATIONS: Array<[string, EngineOverrides]> = [
  ["  − near-best parents (plain frontier)", { nearBestParents: false }],
  ["  − pooled final pick (validation alone)", { pooledFinalPick: false }],
  ["  − re-scoring from leftover calls", { rescoreTop: 0 }],
  ["  − early stop on half the validation set", { earlyStop: false }],
  ["  − adaptive minibatch (fixed 3)", { adaptiveMinibatch: false }],
  ["  − cached failures shown to the reflection", { reflectionExtra: 0 }],
  ["  variant: 8 cached failures instead of 4", { reflectionExtra: 8 }],
];

const server: WorldServer = await startWorldServer();
const rows: Row[] = [];
console.log(
  `${seeds.length} seeds; share of possible gain (mean ± sd over seeds), model calls, tokens, presented validation − held-out (points)\n`,
);
console.log(`${"optimiser".padEnd(44)} share         calls  tokens  val − held-out`);
try {
  const single = (name: string, o: EngineOverrides = {}, budget = SINGLE_BUDGET) =>
    rowOf(name, (seed) => runPromptuneSingle(server, seed, 10, budget, o));
  if (only.has("single")) rows.push(await single("Promptune single, 10 it., ≤ 350 calls"));
  if (only.has("ax")) {
    rows.push(await rowOf("AxGEPA, ≈ 350 calls", (seed) => runAxGepa(server, seed, 300)));
    rows.push(await rowOf("AxGEPA, ≈ 700 calls", (seed) => runAxGepa(server, seed, 600)));
  }
  const multi = (name: string, o: EngineOverrides = {}) =>
    rowOf(name, (seed) => runPromptuneMulti(server, seed, 10, MULTI_BUDGET, o));
  if (only.has("multi")) rows.push(await multi("Promptune multi, 10 it., ≤ 700 calls"));
  if (only.has("multi-ablations")) {
    rows.push(await multi("  − joint edits of several components", { jointEdits: false }));
    rows.push(await multi("  − merge of two lineages", { merge: false }));
    rows.push(await multi("  − near-best parents (plain frontier)", { nearBestParents: false }));
    rows.push(await multi("  − pooled final pick (validation alone)", { pooledFinalPick: false }));
    rows.push(await multi("  variant: 8 cached failures instead of 14", { reflectionExtra: 8 }));
  }
  if (only.has("ablations")) {
    for (const [name, o] of ABLATIONS) rows.push(await single(name, o));
  }
} finally {
  await server.close();
}

const byName = (n: string) => rows.find((r) => r.name.startsWith(n));
const p = byName("Promptune single");
const a = byName("AxGEPA, ≈ 350");
const m = byName("Promptune multi");
console.log("\ntargets");
if (p) {
  const s = stats(p.outcomes.map(share)).mean;
  console.log(`single-agent share ${s.toFixed(2)} (target ≥ 0.85): ratio ${(s / 0.85).toFixed(2)}`);
  if (a) {
    const sa = stats(a.outcomes.map(share)).mean;
    console.log(`single-agent − AxGEPA ${(s - sa).toFixed(2)} (target ≥ 0.10)`);
  }
  const gap = stats(p.outcomes.map((o) => 100 * (o.presentedValidation - o.final))).mean;
  console.log(`single-agent presented validation − held-out ${gap.toFixed(1)} points (target ≤ 5)`);
}
if (m) {
  const s = stats(m.outcomes.map(share)).mean;
  console.log(`multi-agent share ${s.toFixed(2)} (target ≥ 0.75): ratio ${(s / 0.75).toFixed(2)}`);
  const calls = stats(m.outcomes.map((o) => o.calls)).mean;
  console.log(`multi-agent model calls ${calls.toFixed(0)} (target ≤ 700)`);
  const gap = stats(m.outcomes.map((o) => 100 * (o.presentedValidation - o.final))).mean;
  console.log(`multi-agent presented validation − held-out ${gap.toFixed(1)} points (target ≤ 5)`);
}
