/**
 * Load: N concurrent signed-in users, each running one optimisation over the
 * socket while chatting and reading its history, against (1) one web process
 * in embedded mode (SQLite, in-process runs) and (2) two web processes and
 * one worker (PostgreSQL + Redis, BullMQ). The fixture LLM answers at a fixed
 * latency. Prints throughput, p50/p99 per call type, errors and memory, with
 * ratios to the project's targets (runs-concurrency: 200 concurrent runs,
 * event latency p99 50 ms, 5 MB per run).
 * Usage: npx tsx bench/load.ts [users=100] [latencyMs=50] [thinkMs=250]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { createSession } from "../apps/server/src/auth/sessions";
import { upsertUser } from "../apps/server/src/auth/users";
import { type DatabaseHandle, openDatabase } from "../apps/server/src/db/database";
import { writeTestDatasets } from "../apps/server/src/testing/datasets";
import { createTestDatabase } from "../apps/server/src/testing/db";
import { type FixtureLlm, startFixtureLlm } from "../apps/server/src/testing/fixture-llm";
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHttp,
  waitForOutput,
} from "../apps/server/src/testing/processes";
import {
  chatAndHistory,
  LoadStats,
  type LoadTarget,
  percentile,
  simulateUser,
} from "./load-client";

const USERS = Number(process.argv[2] ?? 100);
const LATENCY_MS = Number(process.argv[3] ?? 50);
const THINK_MS = Number(process.argv[4] ?? 250);
const ITERATIONS = 2;
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const TARGET = { runs: 200, eventP99Ms: 50, mbPerRun: 5 };

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Environment shared by every server process of both phases. */
function serverEnv(fixture: FixtureLlm, datasetsDir: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    LOG_LEVEL: "error",
    OPENAI_BASE_URL: fixture.url,
    OPENAI_API_KEY: "bench",
    LLM_MODELS: "fixture-small,fixture-large",
    LLM_JUDGE_MODEL: "fixture-small",
    LLM_REFLECTION_MODEL: "fixture-large",
    LLM_CONCURRENCY: "256",
    LLM_CHAT_RATE_LIMIT_PER_MINUTE: "10000",
    RUNS_MAX_ACTIVE_PER_USER: "5",
    RUNS_CONCURRENCY: String(USERS + 10),
    WORKER_CONCURRENCY: String(USERS + 10),
    RUN_CALL_CONCURRENCY: "4",
    DATASETS_DIR: datasetsDir,
    SMTP_URL: "smtp://127.0.0.1:1",
  };
}

/** Creates `n` users with a session each; returns their Cookie header values. */
async function signInUsers(db: DatabaseHandle, n: number, tag: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const user = await upsertUser(db.db, { email: `load-${tag}-${i}@example.com` });
    cookies.push(`session=${(await createSession(db.db, user.id)).token}`);
  }
  return cookies;
}

/** Starts a web process on a free port and waits until it answers. */
async function startWeb(
  env: Record<string, string>,
): Promise<{ proc: ServerProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = startServerProcess("main.ts", { ...env, PORT: String(port), PUBLIC_URL: base });
  await waitForHttp(`${base}/healthz`, proc, 60_000);
  return { proc, base };
}

/** Runs the users against `target`, sampling the memory of `pids`; prints the phase's figures. */
async function measure(
  title: string,
  target: LoadTarget,
  cookies: string[],
  pids: number[],
  fixture: FixtureLlm,
): Promise<void> {
  const [warmCookie, ...userCookies] = cookies;
  // Warm every process (JIT, first statements, connections) with one user before measuring.
  await simulateUser(
    0,
    target,
    { cookie: warmCookie as string, thinkMs: 0, iterations: 1 },
    new LoadStats(),
  );
  // Chat latency with nothing else going on, as the reference for the loaded figures.
  const idle = new LoadStats();
  for (let i = 0; i < 10; i++) {
    await chatAndHistory(target.http[0] as string, `idle-${i}`, warmCookie as string, idle);
  }
  const total = () => pids.reduce((sum, pid) => sum + rssMb(pid), 0);
  const cpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const cpuBefore = cpu();
  const baseline = total();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, total());
  }, 50);
  const llmBefore = fixture.stats().requests;
  const stats = new LoadStats();
  const started = performance.now();
  await Promise.all(
    userCookies.map((cookie, i) =>
      simulateUser(i, target, { cookie, thinkMs: THINK_MS, iterations: ITERATIONS }, stats),
    ),
  );
  const wallS = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpuUsed = cpu() - cpuBefore;
  const llmCalls = fixture.stats().requests - llmBefore;

  const n = userCookies.length;
  const completed = stats.samples.get("run (whole)")?.length ?? 0;
  const events = stats.samples.get("run event") ?? [];
  const perRun = (peak - baseline) / n;
  const line = (label: string, value: string, ratio = "") =>
    console.log(`${label.padEnd(26)}${value.padEnd(28)}${ratio}`);
  console.log(`\n# ${title}: ${n} users, fixture latency ${LATENCY_MS} ms, think ${THINK_MS} ms`);
  line("wall time", `${wallS.toFixed(1)} s`);
  line("HTTP requests", `${stats.requests} (${(stats.requests / wallS).toFixed(1)}/s)`);
  line("LLM calls served", `${llmCalls} (${(llmCalls / wallS).toFixed(1)}/s)`);
  line(
    "server CPU",
    `${cpuUsed.toFixed(1)} s (${((cpuUsed / wallS) * 100).toFixed(0)} % of one core)`,
    `${((cpuUsed * 1000) / Math.max(1, llmCalls)).toFixed(1)} ms per LLM call`,
  );
  const idleChat = idle.samples.get("chat") ?? [];
  line(
    "idle chat p50",
    `${percentile(idleChat, 50).toFixed(1)} ms`,
    "one user, nothing else running",
  );
  for (const kind of ["chat", "history", "run event", "run (whole)"]) {
    const values = stats.samples.get(kind) ?? [];
    const errors = stats.errors.get(kind) ?? 0;
    const rate = kind.startsWith("run") ? "" : `, ${(values.length / wallS).toFixed(1)}/s`;
    line(
      `${kind} p50 / p99`,
      `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)} ms`,
      `ok ${values.length}, errors ${errors}${rate}`,
    );
  }
  line(
    "runs completed",
    `${completed}/${n} concurrent`,
    `ratio ${(completed / TARGET.runs).toFixed(2)} of the ${TARGET.runs}-run target`,
  );
  const p99 = percentile(events, 99);
  line(
    "event latency p99",
    `${p99.toFixed(1)} ms`,
    `ratio ${(p99 / TARGET.eventP99Ms).toFixed(2)} of the ${TARGET.eventP99Ms} ms target (lower is better)`,
  );
  line(
    "memory baseline / peak",
    `${baseline.toFixed(0)} / ${peak.toFixed(0)} MB (${pids.length} proc.)`,
  );
  line(
    "memory per user (run)",
    `${perRun.toFixed(2)} MB`,
    `ratio ${(perRun / TARGET.mbPerRun).toFixed(2)} of the ${TARGET.mbPerRun} MB target (lower is better)`,
  );
  if (stats.errorExamples.length) console.log(`error examples: ${stats.errorExamples.join(" | ")}`);
}

async function embedded(fixture: FixtureLlm, datasetsDir: string): Promise<void> {
  const sqlitePath = join(mkdtempSync(join(tmpdir(), "promptune-load-")), "load.db");
  const web = await startWeb({ ...serverEnv(fixture, datasetsDir), SQLITE_PATH: sqlitePath });
  try {
    const db = openDatabase({ sqlitePath });
    const cookies = await signInUsers(db, USERS + 1, "embedded");
    await db.close();
    const target = {
      http: [web.base],
      ws: [`${web.base.replace("http", "ws")}/api/auto-tune/optimize/ws`],
    };
    await measure(
      "One web process (embedded, SQLite)",
      target,
      cookies,
      [web.proc.child.pid as number],
      fixture,
    );
  } finally {
    await web.proc.kill("SIGTERM");
  }
}

async function scaleOut(fixture: FixtureLlm, datasetsDir: string): Promise<void> {
  const database = await createTestDatabase("postgres");
  const prefix = `pt-load-${randomBytes(4).toString("hex")}`;
  const env = {
    ...serverEnv(fixture, datasetsDir),
    ...database.env,
    REDIS_URL,
    REDIS_PREFIX: prefix,
  };
  const procs: ServerProcess[] = [];
  try {
    const webs = [await startWeb(env), await startWeb(env)];
    procs.push(...webs.map((w) => w.proc));
    const worker = startServerProcess("worker.ts", { ...env, LOG_LEVEL: "info" });
    procs.push(worker);
    await waitForOutput(worker, "worker ready", 60_000);
    const cookies = await signInUsers(database, USERS + 1, "scale");
    const target = {
      http: webs.map((w) => w.base),
      ws: webs.map((w) => `${w.base.replace("http", "ws")}/api/auto-tune/optimize/ws`),
    };
    const pids = procs.map((p) => p.child.pid as number);
    await measure(
      "Two web processes + one worker (PostgreSQL + Redis)",
      target,
      cookies,
      pids,
      fixture,
    );
  } finally {
    await Promise.all(procs.map((p) => p.kill("SIGTERM")));
    await database.destroy();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
}

async function main(): Promise<void> {
  const fixture = await startFixtureLlm({ latencyMs: LATENCY_MS });
  const datasetsDir = writeTestDatasets(12);
  try {
    await embedded(fixture, datasetsDir);
    await scaleOut(fixture, datasetsDir);
  } finally {
    await fixture.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
