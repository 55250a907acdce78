/**
 * Attack regression (issue 21, item 1): GET /auto-tune/optimize/history had
 * no pagination, so one user's 51 runs of 10 workers × 20,000-character
 * prompts made one 124.6 MB response, and 20 concurrent requests took the
 * process to 5.6 GB. The list is now paged (default 20 records) and every
 * page ends before its runs' stored characters pass HISTORY_PAGE_MAX_CHARS,
 * so a response holds at most one oversized run. The runs are stored the
 * way the executor stores them (they predate the per-run cap, which now
 * refuses such runs); the server runs as its own process so its memory and
 * /healthz can be watched from outside.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { MultiAgentIteration } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RunRepository, zeroUsage } from "../runs/repository";
import { signInAs } from "../testing/app";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../testing/db";
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHttp,
} from "../testing/processes";
import { agent } from "../testing/requests";

/** The attack's shape: runs, workers per run, characters per prompt, iterations per run. */
const RUNS = 51;
const WORKERS = 10;
const PROMPT_CHARS = 20_000;
const ITERATIONS = 10;
/** Concurrent history requests of the attack. */
const CONCURRENT = 20;
/** Times the concurrent burst is repeated (more /healthz probes). */
const WAVES = 5;
/** Characters one page may carry in this test (the default). */
const PAGE_CHARS = 2_000_000;

/** A multi-agent request of the attack (every prompt PROMPT_CHARS long). */
function hugeRequest(run: number) {
  const prompt = (who: string) => `${who} of run ${run}. `.padEnd(PROMPT_CHARS, "x");
  return {
    dataset_name: "tiny-help",
    iterations: ITERATIONS,
    "master-agent": agent("master", prompt("Coordinator")),
    "worker-agents": Array.from({ length: WORKERS }, (_, w) =>
      agent(`Worker${w + 1}`, prompt(`Worker ${w + 1}`)),
    ),
  };
}

/** One stored iteration of such a run, as the executor saves it. */
function iteration(request: ReturnType<typeof hugeRequest>, n: number): MultiAgentIteration {
  return {
    iteration: Math.max(1, n),
    prompt: request["master-agent"].prompt,
    temperature: 0.5,
    "master-agent": request["master-agent"],
    "worker-agents": request["worker-agents"],
    evaluation_point: { x: n, y: 50 },
    embedding_point: { x: 0.1 * n, y: 0.2 },
    accepted: n > 0,
    parent: n > 0 ? n - 1 : null,
    validation_score: 0.5,
    usage: zeroUsage(),
  };
}

/** Stores RUNS finished runs of the attack for `userId`; returns their ids, oldest first. */
async function storeAttackRuns(database: TestDatabase, userId: string): Promise<string[]> {
  const runs = new RunRepository(database.db);
  const ids: string[] = [];
  for (let r = 0; r < RUNS; r++) {
    const request = hugeRequest(r);
    const run = await runs.create({
      userId,
      mode: "multi",
      request,
      datasetName: request.dataset_name,
      iterations: ITERATIONS,
      seed: r + 1,
    });
    for (let i = 0; i <= ITERATIONS; i++) {
      await runs.saveIteration(run.id, i, iteration(request, i), {
        checkpoint: null,
        usage: zeroUsage(),
      });
    }
    await runs.complete(run.id, {
      final: { run_id: run.id },
      usage: zeroUsage(),
      bestScore: 0.5,
      testScore: null,
      selectedStep: null,
    });
    ids.push(run.id);
    // Distinct created_at per run (the order is by created_at, then id).
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return ids;
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Math.round(Number(line?.replace(/\D+/g, "") ?? 0) / 1024);
}

/**
 * Probes `url` back to back from a child process (so the test's own work on
 * the responses never delays a probe) until `stop` is called; resolves with
 * every round trip in ms.
 */
function probeFromChild(url: string): { stop: () => Promise<number[]> } {
  const script = `
    const times = [];
    let running = true;
    process.stdin.on("end", () => { running = false; });
    process.stdin.resume();
    (async () => {
      while (running) {
        const started = performance.now();
        const res = await fetch(${JSON.stringify(url)});
        await res.text();
        if (res.status !== 200) throw new Error("healthz answered " + res.status);
        times.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 5));
      }
      process.stdout.write(JSON.stringify(times));
    })();`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number[]>((resolve, reject) => {
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`probe exited ${code}`)),
    );
  });
  return {
    stop: () => {
      child.stdin.end();
      return exited;
    },
  };
}

/** The 99th percentile of `values`. */
function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

interface Page {
  status: number;
  chars: number;
  ids: string[];
  next: string | null;
}

describe.each(DIALECTS)("history memory attack on %s", (dialect) => {
  let database: TestDatabase;
  let proc: ServerProcess | undefined;
  let base: string;
  let cookie: string;
  let stored: string[];
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const user = await signInAs(database.db, "hoarder@example.com");
    cookie = user.cookie;
    stored = await storeAttackRuns(database, user.userId);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    proc = startServerProcess("main.ts", {
      ...database.env,
      PORT: String(port),
      PUBLIC_URL: base,
      HISTORY_PAGE_MAX_CHARS: String(PAGE_CHARS),
    });
    await waitForHttp(`${base}/healthz`, proc);
  }, 300_000);
  afterAll(async () => {
    await proc?.kill("SIGKILL");
    await database?.destroy();
  });

  /** One history page (the first when `cursor` is absent). */
  const page = async (cursor?: string): Promise<Page> => {
    const query = new URLSearchParams({ mode: "multi", ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${base}/api/auto-tune/optimize/history?${query}`, {
      headers: { cookie },
    });
    const text = await res.text();
    const body = JSON.parse(text) as { data: { id: string }[]; next_cursor?: string | null };
    return {
      status: res.status,
      chars: text.length,
      ids: body.data.map((r) => r.id),
      next: body.next_cursor ?? null,
    };
  };

  it(`pages ${RUNS} huge runs; ${CONCURRENT} concurrent requests keep memory flat`, async () => {
    const runChars = JSON.stringify(hugeRequest(0)).length * (ITERATIONS + 2);
    // One request: a page, not the whole history (124.6 MB before the fix).
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.ids.length).toBeLessThanOrEqual(20);
    expect(first.chars).toBeLessThan(PAGE_CHARS + 2 * runChars);
    expect(first.next).not.toBeNull();

    // Following the cursors returns every run exactly once, newest first.
    const seen = [...first.ids];
    let next = first.next;
    let largest = first.chars;
    while (next) {
      const p = await page(next);
      expect(p.status).toBe(200);
      largest = Math.max(largest, p.chars);
      seen.push(...p.ids);
      next = p.next;
    }
    expect(seen).toEqual([...stored].reverse());

    const healthz = `${base}/healthz`;
    // Control: /healthz alone for a second (the machine's own latency).
    const control = probeFromChild(healthz);
    await new Promise((r) => setTimeout(r, 1_000));
    const idle = await control.stop();

    // The attack: WAVES × CONCURRENT first-page requests while /healthz is
    // probed and the server's memory sampled.
    const pid = proc?.child.pid as number;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 10);
    const probe = probeFromChild(healthz);
    let latencies: number[] = [];
    try {
      for (let wave = 0; wave < WAVES; wave++) {
        const pages = await Promise.all(Array.from({ length: CONCURRENT }, () => page()));
        for (const p of pages) {
          expect(p.status).toBe(200);
          expect(p.ids).toEqual(first.ids);
        }
      }
    } finally {
      latencies = await probe.stop();
      clearInterval(sampler);
    }
    await new Promise((r) => setTimeout(r, 500));
    const after = rssMb(pid);
    console.info(
      `[attack-regression] ${dialect}: history of ${RUNS} runs (${WORKERS} workers × ${PROMPT_CHARS.toLocaleString("en-US")}-char prompts, ${ITERATIONS} iterations): largest page ${(largest / 1e6).toFixed(1)} MB (${first.ids.length} run(s)), ${Math.ceil(RUNS / Math.max(1, first.ids.length))} pages; ${WAVES} waves of ${CONCURRENT} concurrent requests: RSS ${before} → peak ${peak} MB (+${peak - before}), ${after} MB after; /healthz p99 ${Math.round(p99(latencies))} ms over ${latencies.length} probes (alone: ${Math.round(p99(idle))} ms)`,
    );
  }, 300_000);
});
