import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../testing/app";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { fixtureRunEnv } from "../testing/llm-env";
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHttp,
  waitForOutput,
} from "../testing/processes";
import { singleRequest } from "../testing/requests";
import { until } from "../testing/wait";
import { openRun, singleRunTypes } from "../testing/ws-client";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("scale-out: two web processes and queue workers on PostgreSQL + Redis", () => {
  let database: TestDatabase;
  let fixture: FixtureLlm;
  let env: Record<string, string>;
  const procs: ServerProcess[] = [];
  const web: { url: string; ws: string }[] = [];
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    fixture = await startFixtureLlm({ latencyMs: 40 });
    env = {
      ...database.env,
      REDIS_URL,
      REDIS_PREFIX: `pt-test-${randomBytes(4).toString("hex")}`,
      ...fixtureRunEnv(fixture.url),
      RUN_LOCK_MS: "2000",
      RUN_CALL_CONCURRENCY: "4",
      // Web processes sweep for stuck runs five times a second with a short
      // lease: runs executing in the workers (which renew their leases) must
      // never be failed by it, even while a dead worker's run changes hands.
      RUN_LEASE_MS: "1000",
      MAINTENANCE_INTERVAL_MS: "200",
    };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const proc = startServerProcess("main.ts", {
        ...env,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      });
      procs.push(proc);
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, proc);
      web.push({
        url: `http://127.0.0.1:${port}`,
        ws: `ws://127.0.0.1:${port}/api/auto-tune/optimize/ws`,
      });
    }
    cookie = (await signInAs(database.db, "scale@example.com")).cookie;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill("SIGKILL")));
    await fixture?.close();
    await database?.destroy();
  });

  it("delivers every event of worker-executed runs to the web process holding each socket, and resumes after a worker dies", async () => {
    const worker1 = startServerProcess("worker.ts", { ...env, LOG_LEVEL: "info" });
    procs.push(worker1);
    await waitForOutput(worker1, "worker ready");

    const request = singleRequest(4);
    const onA = openRun(web[0]?.ws as string, cookie, request);
    const onB = openRun(web[1]?.ws as string, cookie, { ...request, iterations: 3 });

    // Let both runs make progress on worker 1, then kill it without warning.
    await until(() => onA.messages.length >= 2 && onB.messages.length >= 2, "first iterations");
    await worker1.kill("SIGKILL");
    const seenAtKill = onA.messages.length;
    expect(seenAtKill).toBeLessThan(6);

    const worker2 = startServerProcess("worker.ts", { ...env, LOG_LEVEL: "info" });
    procs.push(worker2);
    await waitForOutput(worker2, "worker ready");

    const [closeA, closeB] = await Promise.all([onA.closed, onB.closed]);
    expect(closeA).toEqual({ code: 1000, reason: "Optimization completed" });
    expect(closeB).toEqual({ code: 1000, reason: "Optimization completed" });
    expect(onA.messages.map((m) => m.type)).toEqual(singleRunTypes(4));
    expect(onA.messages.slice(0, 5).map((m) => m.data?.iteration)).toEqual([0, 1, 2, 3, 4]);
    expect(onB.messages.slice(0, 4).map((m) => m.data?.iteration)).toEqual([0, 1, 2, 3]);

    const runs = await database.db.selectFrom("runs").selectAll().orderBy("created_at").execute();
    expect(runs.map((r) => r.status)).toEqual(["completed", "completed"]);
    expect(runs.some((r) => r.attempts >= 2)).toBe(true);
    for (const run of runs) {
      const its = await database.db
        .selectFrom("run_iterations")
        .select("iteration")
        .where("run_id", "=", run.id)
        .orderBy("iteration")
        .execute();
      expect(its.map((i) => i.iteration)).toEqual(
        Array.from({ length: run.iterations + 1 }, (_, i) => i),
      );
    }
  }, 120_000);

  it("reattaches through another web process: the stored updates, then the live ones, to completion", async () => {
    // The worker started by the previous test is still consuming the queue.
    const request = singleRequest(4);
    const first = openRun(web[0]?.ws as string, cookie, request);
    await until(() => first.messages.length >= 2, "first updates");
    const runId = first.messages[0]?.run_id as string;
    expect(runId).toEqual(expect.any(String));
    const active = await fetch(`${web[1]?.url}/api/auto-tune/optimize/runs/active?mode=single`, {
      headers: { cookie },
    }).then((r) => r.json() as Promise<{ data?: { run_id?: string } }>);
    expect(active.data?.run_id).toBe(runId);

    const second = openRun(web[1]?.ws as string, cookie, { type: "resume", run_id: runId });
    expect(await second.closed).toEqual({ code: 1000, reason: "Optimization completed" });
    expect(second.messages.map((m) => m.type)).toEqual(singleRunTypes(4));
    expect(second.messages.slice(0, 5).map((m) => m.data?.iteration)).toEqual([0, 1, 2, 3, 4]);
  }, 60_000);
});
