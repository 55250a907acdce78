/**
 * One web process under many concurrent optimisation runs (embedded mode).
 * Starts the fixture LLM at a fixed latency and the real server in a child
 * process, opens N sockets at once, and prints: runs completed, event latency
 * (publish → client receipt) p50/p99, and resident memory per run, each next
 * to its target. Usage: npx tsx bench/runs-concurrency.ts [runs=200] [latencyMs=50]
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { createSession } from "../apps/server/src/auth/sessions";
import { upsertUser } from "../apps/server/src/auth/users";
import { openDatabase } from "../apps/server/src/db/database";
import { writeTestDatasets } from "../apps/server/src/testing/datasets";
import { startFixtureLlm } from "../apps/server/src/testing/fixture-llm";
import { freePort, startServerProcess, waitForHttp } from "../apps/server/src/testing/processes";

const RUNS = Number(process.argv[2] ?? 200);
const LATENCY_MS = Number(process.argv[3] ?? 50);
const ITERATIONS = 2;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function main(): Promise<void> {
  const fixture = await startFixtureLlm({ latencyMs: LATENCY_MS });
  const dir = mkdtempSync(join(tmpdir(), "promptune-bench-"));
  const sqlitePath = join(dir, "bench.db");
  const port = await freePort();
  const server = startServerProcess(
    "main.ts",
    {
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SQLITE_PATH: sqlitePath,
      OPENAI_BASE_URL: fixture.url,
      OPENAI_API_KEY: "bench",
      LLM_MODELS: "fixture-small,fixture-large",
      LLM_JUDGE_MODEL: "fixture-small",
      LLM_REFLECTION_MODEL: "fixture-large",
      LLM_CONCURRENCY: "256",
      RUNS_MAX_ACTIVE_PER_USER: String(RUNS + 10),
      RUNS_CONCURRENCY: String(RUNS + 10),
      RUN_CALL_CONCURRENCY: "4",
      DATASETS_DIR: writeTestDatasets(12),
      SMTP_URL: "smtp://127.0.0.1:1",
    },
    process.env.BENCH_CPU_PROF
      ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [],
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, server, 60_000);
    const pid = server.child.pid as number;
    const db = openDatabase({ sqlitePath });
    const user = await upsertUser(db.db, { email: "bench@example.com" });
    const cookie = `session=${(await createSession(db.db, user.id)).token}`;
    await db.close();

    // Warm the process (JIT, first SQLite statements) with one run before measuring memory.
    await runOne(port, cookie, []);
    const baseline = rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 50);

    const latencies: number[] = [];
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: RUNS }, () => runOne(port, cookie, latencies)),
    );
    const wall = Date.now() - started;
    clearInterval(sampler);

    const completed = results.filter((r) => r === "completed").length;
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const perRun = (peak - baseline) / RUNS;
    console.log(
      `# One web process, ${RUNS} concurrent runs (${ITERATIONS} iterations each), fixture latency ${LATENCY_MS} ms`,
    );
    console.log(
      `runs completed          ${completed}/${RUNS}   ratio ${(completed / 200).toFixed(2)} of the 200-run target`,
    );
    console.log(`wall time               ${(wall / 1000).toFixed(1)} s`);
    console.log(`event latency p50       ${p50.toFixed(1)} ms`);
    console.log(
      `event latency p99       ${p99.toFixed(1)} ms   ratio ${(p99 / 50).toFixed(2)} of the 50 ms target`,
    );
    console.log(`memory baseline / peak  ${baseline.toFixed(0)} MB / ${peak.toFixed(0)} MB`);
    console.log(
      `memory per run          ${perRun.toFixed(2)} MB   ratio ${(perRun / 5).toFixed(2)} of the 5 MB target`,
    );
    console.log(`LLM calls served        ${fixture.stats().requests}`);
  } finally {
    await server.kill("SIGTERM");
    await fixture.close();
  }
}

/** One run over a socket; records publish→receipt latency of every update. */
function runOne(port: number, cookie: string, latencies: number[]): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/auto-tune/optimize/ws`, {
      headers: { cookie },
    });
    let outcome = "failed";
    ws.on("open", () =>
      ws.send(
        JSON.stringify({
          prompt: "You are a support assistant.",
          dataset_name: "tiny-help",
          model_name: "fixture-small",
          iterations: ITERATIONS,
          temperature: 0.7,
        }),
      ),
    );
    ws.on("message", (raw) => {
      const msg = JSON.parse(raw.toString()) as { type: string; sent_at?: number };
      if (msg.type === "update" && typeof msg.sent_at === "number")
        latencies.push(Date.now() - msg.sent_at);
      if (msg.type === "complete") outcome = "completed";
    });
    ws.on("close", () => resolve(outcome));
    ws.on("error", () => resolve("failed"));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
