/**
 * Runs under provider faults (issue 21, item 4). Starts the fixture LLM and
 * the real server in a child process (embedded mode, the gateway's default
 * of 3 retries), then runs batches of single-agent optimisations at once:
 * fault-free; 1 % of answers a 200 with `"choices": []`; 20 % of provider
 * requests failing with a mix of every fault kind (500, 429 with
 * Retry-After, timeouts, truncated and invalid JSON, empty choices, no
 * content, connection resets); and a batch that meets a provider outage
 * mid-run. Prints runs completed against the 20-of-20 target and the mean
 * final scores (best validation and held-out test) with their spread, so
 * faulty runs can be compared with fault-free ones.
 * Usage: npx tsx bench/faults.ts [runs=20] [iterations=1]
 * (one iteration keeps final scores off the fixture's ceiling, so they vary by seed)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { createSession } from "../apps/server/src/auth/sessions";
import { upsertUser } from "../apps/server/src/auth/users";
import { openDatabase } from "../apps/server/src/db/database";
import { writeTestDatasets } from "../apps/server/src/testing/datasets";
import {
  type FixtureLlm,
  mixedFaults,
  startFixtureLlm,
} from "../apps/server/src/testing/fixture-llm";
import { freePort, startServerProcess, waitForHttp } from "../apps/server/src/testing/processes";

const RUNS = Number(process.argv[2] ?? 20);
const ITERATIONS = Number(process.argv[3] ?? 1);
/** Per-attempt timeout of the bench (a timeout fault costs one of these per attempt). */
const TIMEOUT_MS = 1_000;

interface RunOutcome {
  completed: boolean;
  paused: boolean;
  best: number;
  /** Held-out test score; null when the run's call budget left none for it. */
  test: number | null;
  error?: string;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));
};

async function main(): Promise<void> {
  const fixture = await startFixtureLlm({ latencyMs: 10 });
  const dir = mkdtempSync(join(tmpdir(), "promptune-bench-faults-"));
  const sqlitePath = join(dir, "bench.db");
  const port = await freePort();
  const server = startServerProcess("main.ts", {
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
    LLM_TIMEOUT_MS: String(TIMEOUT_MS),
    LLM_RETRY_BASE_MS: "50",
    RUN_OUTAGE_PROBE_MS: "500",
    RUNS_MAX_ACTIVE_PER_USER: String(RUNS + 10),
    SOCKETS_MAX_PER_USER: String(RUNS + 10),
    RUN_CALL_CONCURRENCY: "8",
    DATASETS_DIR: writeTestDatasets(24),
    SMTP_URL: "smtp://127.0.0.1:1",
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, server, 60_000);
    const db = openDatabase({ sqlitePath });
    const user = await upsertUser(db.db, { email: "bench-faults@example.com" });
    const cookie = `session=${(await createSession(db.db, user.id)).token}`;
    await db.close();

    let batchNo = 0;
    const batch = async (label: string, during?: () => Promise<void>) => {
      batchNo++;
      const before = fixture.stats();
      const started = Date.now();
      const runs = Promise.all(
        Array.from({ length: RUNS }, (_, i) => runOne(port, cookie, `${label}-${batchNo}-${i}`)),
      );
      await during?.();
      const outcomes = await runs;
      const after = fixture.stats();
      const requests = after.requests - before.requests;
      const failed = Object.entries(after.faults).reduce(
        (n, [k, v]) => n + (k === "aborted" ? 0 : v - (before.faults[k] ?? 0)),
        0,
      );
      report(label, outcomes, requests, failed, Date.now() - started);
      return outcomes;
    };

    console.log(
      `# ${RUNS} single-agent runs at once per batch, ${ITERATIONS} iterations, 24-example dataset; gateway: 3 retries, ${TIMEOUT_MS} ms per attempt`,
    );
    const clean = await batch("fault-free");
    fixture.setConfig({ faults: [{ status: "empty_choices", rate: 0.01 }] });
    await batch("empty choices on 1 %");
    fixture.setConfig({ faults: mixedFaults(0.2, undefined, 0.05) });
    const faulty = await batch("20 % mixed faults");
    fixture.setConfig({ faults: [] });
    await batch("outage of 8 s mid-run", () => outageAfterFirstUpdates(fixture));
    // A second fault-free batch: how far two fault-free batches of random seeds differ.
    const control = await batch("fault-free (control)");
    compare("20 % faults − fault-free", clean, faulty);
    compare("control − fault-free", clean, control);
  } finally {
    await server.kill("SIGTERM");
    await fixture.close();
  }
}

/** Opens an 8-second outage once the runs have made some progress. */
async function outageAfterFirstUpdates(fixture: FixtureLlm): Promise<void> {
  const start = fixture.stats().requests;
  while (fixture.stats().requests - start < 200) await new Promise((r) => setTimeout(r, 20));
  fixture.setConfig({ outageMs: 8_000 });
}

function report(
  label: string,
  outcomes: RunOutcome[],
  requests: number,
  failed: number,
  wallMs: number,
): void {
  const done = outcomes.filter((o) => o.completed);
  const tests = done.flatMap((o) => (o.test === null ? [] : [o.test]));
  const paused = outcomes.filter((o) => o.paused).length;
  const errors = [...new Set(outcomes.flatMap((o) => (o.error ? [o.error] : [])))];
  console.log(
    `${label.padEnd(24)} completed ${done.length}/${RUNS} (ratio ${(done.length / 20).toFixed(2)} of the 20-of-20 target)  ` +
      `failed requests ${failed}/${requests} (${((100 * failed) / Math.max(1, requests)).toFixed(1)} %)  ` +
      `paused ${paused}  best validation ${mean(done.map((o) => o.best)).toFixed(3)} ± ${sd(done.map((o) => o.best)).toFixed(3)}  ` +
      `test ${mean(tests).toFixed(3)} ± ${sd(tests).toFixed(3)} (${tests.length} measured)  wall ${(wallMs / 1000).toFixed(1)} s` +
      (errors.length ? `  errors: ${errors.join(" | ")}` : ""),
  );
}

/** The difference of two batches' mean scores, next to its standard error. */
function compare(label: string, clean: RunOutcome[], faulty: RunOutcome[]): void {
  for (const key of ["best", "test"] as const) {
    const scores = (xs: RunOutcome[]) =>
      xs.flatMap((o) => (o.completed && o[key] !== null ? [o[key] as number] : []));
    const a = scores(clean);
    const b = scores(faulty);
    const se = Math.sqrt(sd(a) ** 2 / Math.max(1, a.length) + sd(b) ** 2 / Math.max(1, b.length));
    const diff = mean(b) - mean(a);
    console.log(
      `${key === "best" ? "best validation" : "held-out test"} difference (${label}) ${diff.toFixed(3)}, standard error ${se.toFixed(3)}` +
        (se > 0 ? `, ${(Math.abs(diff) / se).toFixed(2)} SE` : ""),
    );
  }
}

/** One run over a socket; its end, final scores and whether it was paused. */
function runOne(port: number, cookie: string, tag: string): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/auto-tune/optimize/ws`, {
      headers: { cookie },
    });
    const outcome: RunOutcome = { completed: false, paused: false, best: 0, test: null };
    ws.on("open", () =>
      ws.send(
        JSON.stringify({
          prompt: `You are a support assistant. Always mention ticket ${tag}.`,
          dataset_name: "tiny-help",
          model_name: "fixture-small",
          iterations: ITERATIONS,
          temperature: 0.7,
        }),
      ),
    );
    ws.on("message", (raw) => {
      const msg = JSON.parse(raw.toString()) as {
        type: string;
        error?: string;
        detail?: string;
        result?: { best_validation_score: number; test_score: number | null };
      };
      if (msg.type === "paused") outcome.paused = true;
      if (msg.type === "error") outcome.error = msg.detail ?? msg.error;
      if (msg.type === "complete" && msg.result) {
        outcome.completed = true;
        outcome.best = msg.result.best_validation_score;
        outcome.test = msg.result.test_score;
      }
    });
    ws.on("close", () => resolve(outcome));
    ws.on("error", () => resolve(outcome));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
