import { RUN_FAILURE } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import type { FixtureLlm } from "../testing/fixture-llm";
import { shopRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";
import { until } from "../testing/wait";
import { openRun, runSocket, singleRunTypes, transcript } from "../testing/ws-client";

describe.each(DIALECTS)("reattaching to and stopping runs on %s", (dialect) => {
  let runApp: RunApp;
  let fixture: FixtureLlm;
  let t: TestApp;
  let ws: string;
  let alice: { cookie: string };
  let bob: { cookie: string };

  beforeAll(async () => {
    // A sustained provider failure fails the run at once here (no pause): the failure frames are under test.
    runApp = await startRunApp(
      dialect,
      { LLM_RETRY_BASE_MS: "5", RUN_OUTAGE_MAX_PAUSE_MS: "0" },
      { latencyMs: 30 },
    );
    ({ fixture, t } = runApp);
    ws = `${runApp.wsBase}/ws`;
    alice = await t.signIn(`alice-${dialect}@example.com`);
    bob = await t.signIn(`bob-${dialect}@example.com`);
  });
  afterAll(async () => {
    await runApp?.close();
  });

  /** Stops `runId` on the server as the holder of `cookie`. */
  const cancel = (runId: string, cookie: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/auto-tune/optimize/runs/${runId}/cancel`,
      headers: { cookie, "content-type": "application/json" },
      payload: {},
    });

  const get = async (url: string, cookie: string) =>
    (await t.app.inject({ method: "GET", url, headers: { cookie } })).json();

  it("names the run in every update, reports it active, and replays then streams it to a second socket", async () => {
    const first = openRun(ws, alice.cookie, shopRequest(4));
    await until(() => first.messages.length >= 2, "two updates");
    const runId = first.messages[0]?.run_id as string;
    expect(runId).toEqual(expect.any(String));
    expect(first.messages.every((m) => m.run_id === runId)).toBe(true);

    const active = await get("/api/auto-tune/optimize/runs/active?mode=single", alice.cookie);
    expect(active.data).toMatchObject({
      run_id: runId,
      mode: "single",
      iterations: 4,
      request: shopRequest(4),
    });
    expect(active.data.status).toMatch(/^(queued|running)$/);
    // Not the other mode's run, not another user's run.
    expect(
      (await get("/api/auto-tune/optimize/runs/active?mode=multi", alice.cookie)).data,
    ).toBeNull();
    expect(
      (await get("/api/auto-tune/optimize/runs/active?mode=single", bob.cookie)).data,
    ).toBeNull();

    // Leave (close the first socket), then reattach from a new one.
    first.ws.close(1000, "leaving");
    const second = openRun(ws, alice.cookie, { type: "resume", run_id: runId });
    expect(await second.closed).toEqual({ code: 1000, reason: "Optimization completed" });
    expect(second.messages.map((m) => m.type)).toEqual(singleRunTypes(4));
    expect(second.messages.slice(0, 5).map((m) => m.data?.iteration)).toEqual([0, 1, 2, 3, 4]);
    expect(second.messages[5]?.result).toMatchObject({ run_id: runId });
    expect(
      (await get("/api/auto-tune/optimize/runs/active?mode=single", alice.cookie)).data,
    ).toBeNull();

    // A finished run replays in full and completes at once.
    const replay = transcript(
      await runSocket(ws, { type: "resume", run_id: runId }, { cookie: alice.cookie }),
    );
    expect(replay.messages.map((m) => m.type)).toEqual(singleRunTypes(4));
  });

  it("refuses to reattach to another user's run, an unknown run or a run of the other mode", async () => {
    const own = openRun(ws, alice.cookie, shopRequest(1));
    await own.closed;
    const runId = own.messages[0]?.run_id as string;
    const stolen = transcript(
      await runSocket(ws, { type: "resume", run_id: runId }, { cookie: bob.cookie }),
    );
    expect(stolen).toMatchObject({
      code: 1008,
      messages: [{ error: "No such optimization run." }],
    });
    const wrongMode = transcript(
      await runSocket(
        ws.replace(/\/ws$/, "/ws/multiagent"),
        { type: "resume", run_id: runId },
        { cookie: alice.cookie },
      ),
    );
    expect(wrongMode.code).toBe(1008);
    const missing = transcript(
      await runSocket(ws, { type: "resume", run_id: "" }, { cookie: alice.cookie }),
    );
    expect(missing).toMatchObject({
      code: 1008,
      messages: [{ error: expect.stringContaining("run_id") }],
    });
  });

  it("a failed run: the live socket and a later reattach get the same plain error and detail", async () => {
    const live = openRun(ws, alice.cookie, shopRequest(3));
    try {
      await until(() => live.messages.length >= 1, "the first update");
      fixture.setConfig({ faults: [{ status: 500, count: 100_000 }] });
      expect((await live.closed).code).toBe(1011);
    } finally {
      fixture.setConfig({ faults: [] });
    }
    const runId = live.messages[0]?.run_id as string;
    const failure = live.messages.at(-1);
    expect(failure).toEqual({
      type: "error",
      error: RUN_FAILURE.plain,
      detail: expect.stringMatching(/^The LLM provider failed for "fixture-\w+" \(HTTP 500\)/),
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const record = await get(`/api/auto-tune/optimize/history/${runId}`, alice.cookie);
    expect(record.data.status).toBe("failed");
    expect(record.data.error).toBe(`${RUN_FAILURE.storedPrefix}${failure?.detail}`);

    const replay = transcript(
      await runSocket(ws, { type: "resume", run_id: runId }, { cookie: alice.cookie }),
    );
    expect(replay.code).toBe(1011);
    // The request id belongs to the live failure's log entry; the replay has the rest.
    expect(replay.messages.at(-1)).toEqual({
      type: "error",
      error: RUN_FAILURE.plain,
      detail: failure?.detail,
    });
  });

  it("stops a run: both sockets get the cancellation, history keeps it as cancelled with its iterations", async () => {
    const watcher = openRun(ws, alice.cookie, shopRequest(8));
    await until(() => watcher.messages.length >= 2, "two updates");
    const runId = watcher.messages[0]?.run_id as string;
    const other = openRun(ws, alice.cookie, { type: "resume", run_id: runId });
    await until(() => other.messages.length >= 2, "replay");

    expect((await cancel(runId, bob.cookie)).statusCode).toBe(404);
    // The answer names the run's end, not the state it was in when asked (issue 21, item 10).
    const stopped = await cancel(runId, alice.cookie);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().data).toEqual({ run_id: runId, status: "cancelled" });
    for (const socket of [watcher, other]) {
      expect((await socket.closed).code).toBe(1011);
      expect(socket.messages.at(-1)).toEqual({
        type: "error",
        error: "Optimization was cancelled.",
      });
    }
    const record = await get(`/api/auto-tune/optimize/history/${runId}`, alice.cookie);
    expect(record.data.status).toBe("cancelled");
    const updates = watcher.messages.filter((m) => m.type === "update").length;
    expect(updates).toBeGreaterThanOrEqual(2);
    expect(updates).toBeLessThan(9);
  });
});
