import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import type { FixtureLlm } from "../testing/fixture-llm";
import { multiRequest, SHOP_PROMPT, shopRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";
import { waitFor } from "../testing/wait";
import { runSocket, singleRunTypes, transcript } from "../testing/ws-client";

describe.each(DIALECTS)("optimisation runs on %s", (dialect) => {
  let runApp: RunApp;
  let fixture: FixtureLlm;
  let t: TestApp;
  let base: string;
  let alice: { cookie: string };
  let bob: { cookie: string };

  beforeAll(async () => {
    runApp = await startRunApp(dialect, { RUNS_MAX_ACTIVE_PER_USER: "2" });
    ({ fixture, t, wsBase: base } = runApp);
    alice = await t.signIn("alice@example.com");
    bob = await t.signIn("bob@example.com");
  });
  afterAll(async () => {
    await runApp?.close();
  });

  /** Selects a saved run's prompt (by run and step, or by step id) as the holder of `cookie`. */
  const selectPrompt = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: "PUT",
      url: "/api/auto-tune/optimize/selected-prompt",
      headers: { cookie, "content-type": "application/json" },
      payload,
    });

  const history = async (cookie: string) =>
    (
      await t.app.inject({
        method: "GET",
        url: "/api/auto-tune/optimize/history",
        headers: { cookie },
      })
    ).json();

  it("refuses the upgrade with 401 without a session", async () => {
    const result = await runSocket(`${base}/ws`, shopRequest(1));
    expect(result).toEqual({ refused: true, status: 401 });
    const multi = await runSocket(
      `${base}/ws/multiagent`,
      {},
      { cookie: "session=not-a-real-token" },
    );
    expect(multi).toEqual({ refused: true, status: 401 });
  });

  it("answers a bad request with an error message and close 1008", async () => {
    const bad = transcript(
      await runSocket(`${base}/ws`, { ...shopRequest(1), iterations: 0 }, { cookie: alice.cookie }),
    );
    expect(bad.code).toBe(1008);
    expect(bad.messages).toEqual([{ type: "error", error: expect.stringContaining("iterations") }]);
    const junk = transcript(await runSocket(`${base}/ws`, "not json", { cookie: alice.cookie }));
    expect(junk.code).toBe(1008);
    const unknownDataset = transcript(
      await runSocket(
        `${base}/ws`,
        { ...shopRequest(1), dataset_name: "nope" },
        { cookie: alice.cookie },
      ),
    );
    expect(unknownDataset.code).toBe(1008);
    expect(unknownDataset.messages[0]?.error).toContain('Unknown dataset "nope"');
    const unknownModel = transcript(
      await runSocket(
        `${base}/ws`,
        { ...shopRequest(1), model_name: "gpt-nope" },
        { cookie: alice.cookie },
      ),
    );
    expect(unknownModel.messages[0]?.error).toContain('Unknown model "gpt-nope"');
  });

  it("streams exactly N+1 single-agent updates then complete, and saves the run", async () => {
    const run = transcript(await runSocket(`${base}/ws`, shopRequest(3), { cookie: alice.cookie }));
    expect(run.code).toBe(1000);
    expect(run.reason).toBe("Optimization completed");
    expect(run.messages.map((m) => m.type)).toEqual(singleRunTypes(3));
    const updates = run.messages.slice(0, 4).map((m) => m.data as Record<string, unknown>);
    expect(updates.map((u) => u.iteration)).toEqual([0, 1, 2, 3]);
    for (const u of updates) {
      expect(u).toMatchObject({
        model_name: "fixture-small",
        evaluation_point: { x: expect.any(Number), y: expect.any(Number) },
      });
    }
    const result = run.messages[4]?.result as Record<string, unknown>;
    expect(result.prompts).toHaveLength(3);
    expect(result.best_validation_score as number).toBeGreaterThan(result.initial_score as number);
    expect(result.test_score).toEqual(expect.any(Number));

    const list = await history(alice.cookie);
    const saved = list.data.find((r: { run_id: string }) => r.run_id === result.run_id);
    expect(saved).toMatchObject({
      mode: "single",
      status: "completed",
      configuration: { initial_prompt: SHOP_PROMPT, iterations: 3, dataset_name: "tiny-help" },
    });
    expect(saved.steps.map((s: { step_number: number }) => s.step_number)).toEqual([1, 2, 3]);
    expect(saved.usage.calls).toBeGreaterThan(0);
  });

  it("streams exactly N multi-agent updates (baseline on the first) then complete", async () => {
    const request = multiRequest(2, { writer: "Synthesizer" });
    const run = transcript(
      await runSocket(`${base}/ws/multiagent`, request, { cookie: alice.cookie }),
    );
    expect(run.code).toBe(1000);
    expect(run.messages.map((m) => m.type)).toEqual(["update", "update", "complete"]);
    const [first, second] = run.messages.map((m) => m.data as Record<string, unknown>);
    expect(first?.iteration).toBe(1);
    expect(first?.baseline).toMatchObject({ evaluation_point: { x: 0 } });
    expect(second?.iteration).toBe(2);
    expect(second?.baseline).toBeUndefined();
    expect(first?.["worker-agents"]).toHaveLength(2);
    const list = await history(alice.cookie);
    expect(
      list.data.some(
        (r: { mode: string; status: string }) => r.mode === "multi" && r.status === "completed",
      ),
    ).toBe(true);
  });

  it("finishes and saves a run whose socket closed mid-run", async () => {
    const before = (await history(alice.cookie)).data.length;
    const partial = transcript(
      await runSocket(`${base}/ws`, shopRequest(2), { cookie: alice.cookie, stopAfter: 1 }),
    );
    expect(partial.messages).toHaveLength(1);
    const saved = await waitFor(async () => {
      const list = (await history(alice.cookie)).data;
      return list.length > before && list[0].status === "completed" ? list[0] : undefined;
    }, "the run saved as completed");
    expect(saved.steps).toHaveLength(2);
  });

  it("keeps runs private: another user cannot read or select them", async () => {
    const mine = (await history(alice.cookie)).data[0];
    expect((await history(bob.cookie)).data).toEqual([]);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/auto-tune/optimize/history/${mine.run_id}`,
      headers: { cookie: bob.cookie },
    });
    expect(read.statusCode).toBe(404);
    const select = await selectPrompt(bob.cookie, { run_id: mine.run_id, step_number: 1 });
    expect(select.statusCode).toBe(404);
    const own = await selectPrompt(alice.cookie, { run_id: mine.run_id, step_number: 1 });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.selected_step_id).toBe(`${mine.run_id}:1`);
    const byId = await selectPrompt(alice.cookie, { selected_step_id: `${mine.run_id}:2` });
    expect(byId.json().data.selected_step_id).toBe(`${mine.run_id}:2`);
    const missingStep = await selectPrompt(alice.cookie, { run_id: mine.run_id, step_number: 9 });
    expect(missingStep.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/auto-tune/optimize/history" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("limits the runs one user may have going at once", async () => {
    fixture.setConfig({ latencyMs: 100 });
    try {
      const first = runSocket(`${base}/ws`, shopRequest(2), { cookie: bob.cookie });
      const second = runSocket(`${base}/ws`, shopRequest(2), { cookie: bob.cookie });
      await new Promise((r) => setTimeout(r, 300));
      const third = transcript(
        await runSocket(`${base}/ws`, shopRequest(1), { cookie: bob.cookie }),
      );
      expect(third.code).toBe(1008);
      expect(third.messages[0]?.error).toContain("the limit is 2");
      fixture.setConfig({ latencyMs: 0 });
      expect(transcript(await first).code).toBe(1000);
      expect(transcript(await second).code).toBe(1000);
    } finally {
      fixture.setConfig({ latencyMs: 0 });
    }
  });
});
