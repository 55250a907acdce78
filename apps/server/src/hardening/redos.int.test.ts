/**
 * Attack regression (issue 14, item 1): ReDoS through the `regex` metric. A
 * dataset with `expected: "/(a+)+$/"` scored against replies of 45 `a`s and a
 * `!` used to block the event loop (/healthz stopped answering), and the run
 * resumed at every restart with no limit, hanging the server again. The
 * server runs here as its own process, as in production, so a hang shows as
 * /healthz timing out instead of freezing the test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { tooManyResumesMessage } from "../runs/outcome-messages";
import { RunRepository } from "../runs/repository";
import { signInAs } from "../testing/app";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { fixtureRunEnv } from "../testing/llm-env";
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHttp,
} from "../testing/processes";
import { singleRequest } from "../testing/requests";
import { waitFor } from "../testing/wait";

/** Resumes allowed in this test (RUNS_MAX_RESUMES). */
const MAX_RESUMES = 3;

/** A regex dataset whose questions make the fixture LLM reply `Answer: aaa…a!`. */
function redosDataset(pattern: string): string {
  return Array.from({ length: 4 }, (_, i) =>
    JSON.stringify({
      id: `r-${i}`,
      dialog: [{ type: "human", content: `${"a".repeat(45)}!` }],
      reference: "a",
      expected: pattern,
    }),
  ).join("\n");
}

/** Opens an optimisation socket, sends `request`, resolves with the messages and close code. */
function runOnSocket(url: string, origin: string, cookie: string, request: unknown) {
  return new Promise<{ types: string[]; code: number }>((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin } });
    const types: string[] = [];
    ws.on("open", () => ws.send(JSON.stringify(request)));
    ws.on("message", (d) => types.push((JSON.parse(d.toString()) as { type: string }).type));
    ws.on("close", (code) => resolve({ types, code }));
    ws.on("error", reject);
  });
}

describe.each(DIALECTS)("ReDoS through the regex metric on %s", (dialect) => {
  let database: TestDatabase;
  let fixture: FixtureLlm;
  let proc: ServerProcess | undefined;
  let base: string;
  let cookie: string;
  let userId: string;
  let stuckRun: string;
  let lastAllowedRun: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    fixture = await startFixtureLlm({ latencyMs: 30 });
    ({ cookie, userId } = await signInAs(database.db, "redos@example.com"));
    // Two runs a previous process left unfinished: one already started
    // 1 + MAX_RESUMES times (it must now be failed), one started MAX_RESUMES
    // times (it may resume once more and finish).
    const runs = new RunRepository(database.db);
    const request = singleRequest(1);
    const make = async (attempts: number) => {
      const run = await runs.create({
        userId,
        mode: "single",
        request,
        datasetName: "tiny-help",
        iterations: 1,
        seed: 7,
      });
      await database.db
        .updateTable("runs")
        .set({ status: "running", attempts })
        .where("id", "=", run.id)
        .execute();
      return run.id;
    };
    stuckRun = await make(1 + MAX_RESUMES);
    lastAllowedRun = await make(MAX_RESUMES);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    proc = startServerProcess("main.ts", {
      ...database.env,
      PORT: String(port),
      PUBLIC_URL: base,
      ...fixtureRunEnv(fixture.url),
      RUNS_MAX_RESUMES: String(MAX_RESUMES),
      RUNS_MAX_ACTIVE_PER_USER: "10",
    });
    await waitForHttp(`${base}/healthz`, proc);
  }, 120_000);

  afterAll(async () => {
    await proc?.kill("SIGKILL");
    await fixture?.close();
    await database?.destroy();
  });

  const upload = (name: string, content: string) =>
    fetch(`${base}/api/datasets`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: base },
      body: JSON.stringify({ name, format: "jsonl", metric: "regex", content }),
    });

  it(`fails a run that already failed to resume ${MAX_RESUMES} times, resumes the others`, async () => {
    const runs = new RunRepository(database.db);
    const failed = await waitFor(async () => {
      const row = await runs.get(stuckRun);
      return row?.status === "failed" ? row : undefined;
    }, "the over-resumed run to be failed");
    expect(failed.error).toBe(tooManyResumesMessage(MAX_RESUMES));
    await waitFor(async () => {
      const row = await runs.get(lastAllowedRun);
      return row?.status === "completed" ? row : undefined;
    }, "the run with one resume left to complete");
  });

  it("refuses at upload a pattern the linear-time engine cannot run, naming the line", async () => {
    const lines = redosDataset("/^a+$/").split("\n");
    lines[2] = JSON.stringify({ ...JSON.parse(lines[2] as string), expected: "/(a)\\1/" });
    const res = await upload("backref", lines.join("\n"));
    expect(res.status).toBe(400);
    const message = ((await res.json()) as { error: { message: string } }).error.message;
    expect(message).toContain("line 3: expected:");
  });

  /** Runs one optimisation on `dataset` while probing /healthz back to back. */
  async function runWhileProbing(dataset: string) {
    const latencies: number[] = [];
    let done = false;
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        const health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
        expect(health.status).toBe(200);
        latencies.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const run = runOnSocket(
      `${base.replace("http", "ws")}/api/auto-tune/optimize/ws`,
      base,
      cookie,
      {
        prompt: "Repeat the question.",
        dataset_name: dataset,
        model_name: "fixture-small",
        iterations: 1,
        temperature: 0.7,
      },
    );
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("the run did not finish within 30 s")), 30_000),
    );
    try {
      const result = await Promise.race([run, timeout]);
      return { ...result, worst: Math.max(...latencies), probes: latencies.length };
    } finally {
      done = true;
      await probe;
    }
  }

  it("keeps /healthz answering while a run scores replies against /(a+)+$/", async () => {
    expect((await upload("benign", redosDataset("/^answer: a+!$/"))).status).toBe(201);
    expect((await upload("redos", redosDataset("/(a+)+$/"))).status).toBe(201);
    const control = await runWhileProbing("benign");
    const attack = await runWhileProbing("redos");
    for (const result of [control, attack]) {
      expect(result.types.at(-1)).toBe("complete");
      expect(result.code).toBe(1000);
      expect(result.probes).toBeGreaterThan(0);
    }
    console.info(
      `[attack-regression] ${dialect}: /healthz max latency during a run with /(a+)+$/: ${Math.round(attack.worst)} ms over ${attack.probes} probes (same run with a harmless pattern: ${Math.round(control.worst)} ms)`,
    );
  });
});
