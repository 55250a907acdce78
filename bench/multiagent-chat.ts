/**
 * Multi-agent chat latency: runs multi-agent turns with N = 1, 3 and 10
 * workers against the fixture LLM at a fixed per-call latency, through the
 * production gateway (AI SDK over HTTP), and prints the median wall time as a
 * ratio to the ideal: coordinator + slowest worker + composer = 3 × latency.
 * A ratio near 1 means the workers really run in parallel; with more workers
 * than LLM_CONCURRENCY they queue, which the second concurrency column shows.
 *
 *   npx tsx bench/multiagent-chat.ts [--latency 100] [--rounds 5]
 */
import { parseArgs } from "node:util";
import type { MultiAgentConfig } from "@promptune/contracts";
import { runMultiAgentTurn } from "@promptune/engine";
import { createLlmGateway, parseLlmConfig } from "../apps/server/src/llm";
import { startFixtureLlm } from "../apps/server/src/testing/fixture-llm";

const { values } = parseArgs({
  options: {
    latency: { type: "string", default: "100" },
    rounds: { type: "string", default: "5" },
  },
});
const latencyMs = Number(values.latency);
const rounds = Number(values.rounds);

function team(workers: number): MultiAgentConfig {
  return {
    "master-agent": {
      name: "Coordinator",
      prompt: "Coordinate the team. Always thank the user.",
      model_name: "fixture-large",
      temperature: 0.3,
      description: "coordinates",
    },
    "worker-agents": Array.from({ length: workers }, (_, i) => ({
      name: `Worker${i + 1}`,
      prompt: `Always cover aspect ${i + 1}.`,
      model_name: "fixture-small",
      temperature: 0.7,
      description: `handles aspect ${i + 1}`,
    })),
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

const fixture = await startFixtureLlm({ latencyMs });
const ideal = 3 * latencyMs;
const rows: string[] = [];
try {
  for (const concurrency of [8, 16]) {
    const gateway = createLlmGateway(
      parseLlmConfig({
        OPENAI_BASE_URL: fixture.url,
        LLM_MODELS: "fixture-small,fixture-large",
        LLM_CONCURRENCY: String(concurrency),
      }),
    );
    // Warm-up: open connections and load modules before measuring.
    await runMultiAgentTurn(gateway, team(10), [{ type: "human", content: "warm-up" }]);
    for (const workers of [1, 3, 10]) {
      const times: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const started = performance.now();
        const turn = await runMultiAgentTurn(gateway, team(workers), [
          { type: "human", content: `Question ${r} for ${workers} workers` },
        ]);
        times.push(performance.now() - started);
        if (turn.intermediate.length !== workers + 1) {
          throw new Error(
            `expected ${workers} worker messages, got ${turn.intermediate.length - 1}`,
          );
        }
      }
      const wall = median(times);
      rows.push(
        [
          String(workers).padStart(7),
          String(concurrency).padStart(11),
          wall.toFixed(0).padStart(9),
          String(ideal).padStart(8),
          (wall / ideal).toFixed(2).padStart(6),
        ].join(" "),
      );
    }
    await gateway.close();
  }
} finally {
  await fixture.close();
}

console.log(
  `multi-agent chat latency (per-call latency ${latencyMs} ms, median of ${rounds} turns)`,
);
console.log("workers concurrency  wall ms  ideal ms  ratio");
for (const row of rows) console.log(row);
