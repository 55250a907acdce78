/**
 * Faults (issue 10, item 3; issue 21, item 4). The fixture LLM injects 429,
 * 500, timeouts, truncated bodies and invalid JSON; single- and multi-agent
 * runs and both chats must still complete (or fail with a clear message),
 * and whatever a socket showed must be exactly what is stored. A provider
 * outage pauses a run, which resumes from its checkpoint once the provider
 * answers again. (Database connections cut mid-run: db-outage.int.test.ts; a
 * worker killed mid-run in scale-out mode: runs/scale-out.int.test.ts.)
 */
import { RUN_FAILURE, RUN_PAUSE } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureFault, FixtureFaultStatus } from "../testing/fixture-llm";
import { agent, multiRequest, singleRequest } from "../testing/requests";
import { waitFor, within } from "../testing/wait";
import { openRun, type RunMessage, singleRunTypes } from "../testing/ws-client";
import { expectStoredAsShown } from "./consistency";
import { call, type HardeningApp, startHardeningApp } from "./harness";

const KINDS: FixtureFaultStatus[] = [429, 500, "timeout", "truncated", "invalid_json"];

/** One fault rule; 429s ask for a short Retry-After so the test stays quick. */
const rule = (status: FixtureFaultStatus, rate?: number): FixtureFault => ({
  status,
  ...(rate === undefined ? {} : { rate }),
  ...(status === 429 ? { retryAfter: 0.02 } : {}),
});

/**
 * Rules are checked in order and a rule only counts requests that reach it,
 * so rule i of the mix fires on 4 % / (1 − 4 %·i) of what reaches it: 4 % of
 * all requests per kind, 20 % in total.
 */
const MIXED = KINDS.map((k, i) => rule(k, 0.04 / (1 - 0.04 * i)));

const SCENARIOS: Array<{ name: string; faults: FixtureFault[] }> = [
  ...KINDS.map((k) => ({ name: `${k} on 20 % of calls`, faults: [rule(k, 0.2)] })),
  { name: "all five kinds mixed, 20 % of calls", faults: MIXED },
];

/** Env of the fault tests: short per-attempt timeout, quick and generous retries. */
const FAULT_ENV = {
  LLM_TIMEOUT_MS: "400",
  LLM_MAX_RETRIES: "8",
  LLM_RETRY_BASE_MS: "5",
  RUN_OUTAGE_PROBE_MS: "100",
};

const dialog = (i: number) => [{ type: "human", content: `Where is order ${i}?` }];

/** A team whose coordinator carries a scenario-specific directive (fresh cache keys per scenario). */
function team(tag: string) {
  return {
    "master-agent": agent("master", `You coordinate. Always mention case ${tag}.`),
    "worker-agents": [agent("Expert", "You know the policies.")],
  };
}

/** The run id of a finished socket: from `complete`, else the user's newest run. */
async function runIdOf(h: HardeningApp, userId: string, messages: RunMessage[]) {
  const done = messages.at(-1)?.result?.run_id;
  if (done) return done;
  const [newest] = await h.app.deps.runs.listForUser(userId);
  return newest?.id ?? "";
}

describe("LLM faults on every kind of call", () => {
  let h: HardeningApp;
  let cookie: string;
  let userId: string;
  const chat = (i: number, prompt = "You help with orders. Always ask for the order number.") =>
    call(h.app, { cookie }, "POST", "/api/auto-tune/chat", {
      prompt,
      temperature: 0.5,
      dialog: dialog(i),
    });
  const multiChat = (tag: string, i: number) =>
    call(h.app, { cookie }, "POST", "/api/auto-tune/multiagent/chat", {
      model: team(tag),
      dialog: dialog(i),
    });

  beforeAll(async () => {
    h = await startHardeningApp("sqlite", FAULT_ENV);
    ({ cookie, userId } = await h.t.signIn("faults@example.com"));
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(SCENARIOS)(
    "$name: runs and chats complete, and every run is stored as its socket showed it",
    async ({ name, faults }) => {
      const tag = name.split(" ")[0] as string;
      // Fault-free answers first, to prove the answers under faults are not corrupted.
      h.fixture.setConfig({ faults: [] });
      const expected = await Promise.all([0, 1, 2, 3].map((i) => chat(i)));
      const expectedMulti = await multiChat(tag, 0);
      expect(expected.every((r) => r.statusCode === 200)).toBe(true);

      h.fixture.setConfig({ faults });
      const single = openRun(
        `${h.wsBase}/ws`,
        cookie,
        singleRequest(2, `You are a support assistant. Always mention case ${tag}.`),
      );
      const multi = openRun(`${h.wsBase}/ws/multiagent`, cookie, {
        ...multiRequest(1),
        ...team(tag),
      });
      const chats = await Promise.all([0, 1, 2, 3].map((i) => chat(i)));
      const multiAnswer = await multiChat(tag, 0);
      const [singleClose, multiClose] = await within(
        Promise.all([single.closed, multi.closed]),
        50_000,
        "both runs' ends",
      );

      const stats = h.fixture.stats();
      for (const f of faults)
        expect(stats.faults[String(f.status)], `${f.status} injected`).toBeGreaterThan(0);
      expect(singleClose.code, JSON.stringify(single.messages.at(-1))).toBe(1000);
      expect(multiClose.code, JSON.stringify(multi.messages.at(-1))).toBe(1000);
      expect(single.messages.map((m) => m.type)).toEqual(singleRunTypes(2));
      expect(multi.messages.map((m) => m.type)).toEqual(["update", "complete"]);
      for (const [run, mode] of [
        [single, "single"],
        [multi, "multi"],
      ] as const) {
        const runId = run.messages.at(-1)?.result?.run_id ?? "";
        expect(await expectStoredAsShown(h.app, cookie, runId, mode, run.messages)).toBe(
          "completed",
        );
      }
      expect(chats.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(chats.map((r) => r.json())).toEqual(expected.map((r) => r.json()));
      expect(multiAnswer.statusCode, multiAnswer.body).toBe(200);
      expect(multiAnswer.json()).toEqual(expectedMulti.json());
    },
  );

  it("an outage mid-run pauses the run with a plain message, then it resumes from its checkpoint and completes", async () => {
    h.fixture.setConfig({ faults: [], latencyMs: 20 });
    try {
      const run = openRun(`${h.wsBase}/ws`, cookie, singleRequest(3, "Outage run. Be brief."));
      await waitFor(async () => (run.messages.length >= 2 ? true : undefined), "iteration 1");
      h.fixture.setConfig({ outageMs: 600_000, latencyMs: 0 });
      await waitFor(
        async () => (run.messages.some((m) => m.type === "paused") ? true : undefined),
        "the pause",
        30_000,
      );
      const paused = run.messages.find((m) => m.type === "paused") as RunMessage & {
        message?: string;
      };
      expect(paused.message).toBe(RUN_PAUSE.message);
      expect(paused.message).toMatch(/resumes by itself/);
      const runId = await runIdOf(h, userId, run.messages);
      // The history, the active-run status and a socket that reattaches all say paused.
      const record = await call(
        h.app,
        { cookie },
        "GET",
        `/api/auto-tune/optimize/history/${runId}`,
      );
      expect(record.json().data).toMatchObject({ status: "paused", error: RUN_PAUSE.message });
      const active = await call(
        h.app,
        { cookie },
        "GET",
        "/api/auto-tune/optimize/runs/active?mode=single",
      );
      expect(active.json().data).toMatchObject({ run_id: runId, status: "paused" });
      const watcher = openRun(`${h.wsBase}/ws`, cookie, { type: "resume", run_id: runId });
      await waitFor(
        async () => (watcher.messages.some((m) => m.type === "paused") ? true : undefined),
        "the replayed pause",
      );
      // Probes keep failing while the outage lasts: the run stays paused, nothing is failed.
      await new Promise((r) => setTimeout(r, 400));
      expect((await h.app.deps.runs.get(runId))?.status).toBe("paused");
      const stats = h.fixture.stats();
      expect(stats.faults.outage).toBeGreaterThan(0);

      h.fixture.setConfig({ outageMs: 0 });
      const close = await within(run.closed, 45_000, "the run's end");
      expect(close.code, JSON.stringify(run.messages.at(-1))).toBe(1000);
      const types = run.messages.map((m) => m.type);
      expect(types.filter((t) => t === "update")).toHaveLength(4);
      expect(types.indexOf("resumed")).toBeGreaterThan(types.indexOf("paused"));
      expect(types.at(-1)).toBe("complete");
      expect(await expectStoredAsShown(h.app, cookie, runId, "single", run.messages)).toBe(
        "completed",
      );
      await within(watcher.closed, 10_000, "the watcher's end");
      expect(watcher.messages.map((m) => m.type).at(-1)).toBe("complete");
      const done = await call(h.app, { cookie }, "GET", `/api/auto-tune/optimize/history/${runId}`);
      expect(done.json().data).toMatchObject({ status: "completed", error: null });
    } finally {
      h.fixture.setConfig({ faults: [], latencyMs: 0, outageMs: 0 });
    }
  });

  it("a run whose every reflection answer is malformed completes with nothing accepted, never paused", async () => {
    h.fixture.setConfig({ faults: [{ status: "invalid_json", match: "prompt_proposal" }] });
    try {
      // One iteration: every proposal of it fails in the reflection, each after eight retries.
      const run = openRun(`${h.wsBase}/ws`, cookie, singleRequest(1, "Malformed proposals."));
      const close = await within(run.closed, 45_000, "the run's end");
      expect(close.code, JSON.stringify(run.messages.at(-1))).toBe(1000);
      const types = run.messages.map((m) => m.type);
      expect(types).not.toContain("paused");
      expect(types.at(-1)).toBe("complete");
    } finally {
      h.fixture.setConfig({ faults: [] });
    }
  });

  it("a run whose probes are answered but whose own calls keep failing fails instead of pausing forever", async () => {
    // Judge verdicts fail with 500s; the plain probe calls are answered.
    h.fixture.setConfig({ faults: [{ status: 500, match: "judge_verdict" }], latencyMs: 0 });
    try {
      const run = openRun(`${h.wsBase}/ws`, cookie, singleRequest(2, "Flapping provider."));
      const close = await within(run.closed, 45_000, "the run's end");
      expect(close.code).not.toBe(1000);
      const types = run.messages.map((m) => m.type);
      // It paused, resumed once the probe was answered, and failed when the outage came straight back.
      expect(types.filter((t) => t === "paused")).toHaveLength(1);
      expect(types.filter((t) => t === "resumed")).toHaveLength(1);
      const last = run.messages.at(-1) as RunMessage & { error?: string };
      expect(last.type).toBe("error");
      expect(last.error).toBe(RUN_FAILURE.plain);
    } finally {
      h.fixture.setConfig({ faults: [] });
    }
  });

  it("a run paused from its start can be cancelled while it waits", async () => {
    h.fixture.setConfig({ outageMs: 600_000 });
    try {
      const run = openRun(`${h.wsBase}/ws`, cookie, singleRequest(2, "Paused from the start."));
      await waitFor(
        async () => (run.messages.some((m) => m.type === "paused") ? true : undefined),
        "the pause",
        30_000,
      );
      const runId = run.messages.find((m) => m.type === "paused")?.run_id ?? "";
      expect(runId).not.toBe("");
      const cancel = await call(
        h.app,
        { cookie },
        "POST",
        `/api/auto-tune/optimize/runs/${runId}/cancel`,
      );
      expect(cancel.statusCode).toBe(200);
      await within(run.closed, 10_000, "the cancelled run's end");
      expect(run.messages.at(-1)).toMatchObject({
        type: "error",
        error: "Optimization was cancelled.",
      });
      expect((await h.app.deps.runs.get(runId))?.status).toBe("cancelled");
    } finally {
      h.fixture.setConfig({ outageMs: 0 });
    }
  });

  it("chats fail with a clear 502 / 504 when the provider keeps failing", async () => {
    try {
      h.fixture.setConfig({ faults: [rule(500)] });
      const failedChat = await chat(9);
      expect(failedChat.statusCode).toBe(502);
      expect(failedChat.json().error.message).toMatch(/HTTP 500/);
      h.fixture.setConfig({ faults: [rule("timeout")] });
      const timedOut = await chat(10);
      expect(timedOut.statusCode).toBe(504);
      expect(timedOut.json().error.message).toMatch(/did not answer within 400 ms/);
    } finally {
      h.fixture.setConfig({ faults: [] });
    }
  });

  it("under a harsh mix (each kind on 20 %, about two calls in three fail) every outcome is clean", async () => {
    h.fixture.setConfig({ faults: KINDS.map((k) => rule(k, 0.2)) });
    try {
      const single = openRun(`${h.wsBase}/ws`, cookie, singleRequest(1, "Harsh mix. Be brief."));
      const multi = openRun(`${h.wsBase}/ws/multiagent`, cookie, multiRequest(1));
      const chats = await Promise.all([0, 1, 2].map((i) => chat(20 + i)));
      await within(Promise.all([single.closed, multi.closed]), 50_000, "both runs' ends");
      for (const [run, mode] of [
        [single, "single"],
        [multi, "multi"],
      ] as const) {
        const last = run.messages.at(-1);
        if (last?.type === "error") {
          expect(last.error).toBe(RUN_FAILURE.plain);
          expect(last.detail).toMatch(/^.{10,}/);
        }
        // Newest run of this mode: the one this socket started (all earlier ones have ended).
        const runs = await h.app.deps.runs.listForUser(userId, mode);
        const runId = last?.result?.run_id ?? runs[0]?.id ?? "";
        await expectStoredAsShown(h.app, cookie, runId, mode, run.messages);
      }
      for (const res of chats) {
        expect([200, 502, 504]).toContain(res.statusCode);
        if (res.statusCode !== 200) expect(res.json().error.message.length).toBeGreaterThan(10);
      }
    } finally {
      h.fixture.setConfig({ faults: [] });
    }
  });
});
