/**
 * Issue 15, items 4 and 5 end to end: the run estimate endpoint, the call
 * cap a run is created with (counted at the fixture LLM server), and the
 * held-out comparison in `complete` and in history.
 */
import { FinalResultSchema, HistoryRecordSchema, RunEstimateSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import type { FixtureLlm } from "../testing/fixture-llm";
import { multiRequest, shopRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";
import { runSocket, transcript } from "../testing/ws-client";

describe.each(DIALECTS)("run budget and held-out numbers on %s", (dialect) => {
  let runApp: RunApp;
  let fixture: FixtureLlm;
  let t: TestApp;
  let base: string;
  let alice: { cookie: string; userId: string };

  beforeAll(async () => {
    runApp = await startRunApp(dialect, {
      LLM_PRICES: JSON.stringify({ "fixture-small": { input: 1, output: 2 } }),
    });
    ({ fixture, t, wsBase: base } = runApp);
    alice = await t.signIn("alice@example.com");
  });
  afterAll(async () => {
    await runApp?.close();
  });

  const estimate = (body: unknown, cookie: string | null = alice.cookie) =>
    t.app.inject({
      method: "POST",
      url: "/api/auto-tune/optimize/estimate",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });

  it("estimates calls, tokens and cost for either mode, growing with the iterations", async () => {
    const three = await estimate({ mode: "single", ...shopRequest(3) });
    expect(three.statusCode).toBe(200);
    const e3 = RunEstimateSchema.parse(three.json().data);
    const e6 = RunEstimateSchema.parse(
      (await estimate({ mode: "single", ...shopRequest(6) })).json().data,
    );
    expect(e6.calls).toBeGreaterThan(e3.calls);
    expect(e6.input_tokens).toBeGreaterThan(e3.input_tokens);
    expect(e3.max_calls).toBe(Math.floor(e3.calls * 1.1));
    // fixture-large (reflection) has no price: the cost is unknown, not 0
    expect(e3.cost_usd).toBeNull();
    const multi = await estimate({ mode: "multi", ...multiRequest(3, { writer: "Synthesizer" }) });
    expect(multi.statusCode).toBe(200);
    expect(RunEstimateSchema.parse(multi.json().data).calls).toBeGreaterThan(e3.calls);
  });

  it("refuses anonymous callers and bad bodies with a clear 4xx", async () => {
    expect((await estimate({ mode: "single", ...shopRequest(3) }, null)).statusCode).toBe(401);
    const noMode = await estimate(shopRequest(3));
    expect(noMode.statusCode).toBe(400);
    expect(noMode.json().error.message).toContain("mode");
    const badIterations = await estimate({ mode: "single", ...shopRequest(0) });
    expect(badIterations.statusCode).toBe(400);
    expect(badIterations.json().error.message).toContain("iterations");
    const unknownModel = await estimate({
      mode: "single",
      ...shopRequest(3),
      model_name: "gpt-nope",
    });
    expect(unknownModel.statusCode).toBe(400);
    expect(unknownModel.json().error.message).toContain('Unknown model "gpt-nope"');
    const unknownDataset = await estimate({
      mode: "multi",
      ...multiRequest(3, { writer: "Synthesizer" }),
      dataset_name: "x",
    });
    expect(unknownDataset.statusCode).toBe(400);
    expect(unknownDataset.json().error.message).toContain('Unknown dataset "x"');
  });

  for (const mode of ["single", "multi"] as const) {
    it(`caps a ${mode}-agent socket run at its estimate and reports the held-out comparison`, async () => {
      const request =
        mode === "single" ? shopRequest(4) : multiRequest(3, { writer: "Synthesizer" });
      const announced = RunEstimateSchema.parse((await estimate({ mode, ...request })).json().data);
      const before = fixture.stats().requests;
      const run = transcript(
        await runSocket(`${base}/${mode === "single" ? "ws" : "ws/multiagent"}`, request, {
          cookie: alice.cookie,
        }),
      );
      const requests = fixture.stats().requests - before;
      expect(run.code).toBe(1000);
      const final = FinalResultSchema.parse(run.messages.at(-1)?.result);
      expect(final.estimate).toEqual(announced);
      expect(requests).toBeGreaterThan(0);
      expect(requests).toBeLessThanOrEqual(announced.max_calls);
      expect(final.usage.calls).toBeLessThanOrEqual(announced.max_calls);

      const held = final.held_out;
      expect(held).toBeTruthy();
      if (!held) return;
      expect(held.examples).toBeGreaterThan(0);
      expect(held.initial_score).toBeCloseTo(final.initial_test_score as number, 4);
      expect(held.final_score).toBeCloseTo(final.test_score as number, 4);
      expect(held.ci_low).toBeLessThanOrEqual(held.difference);
      expect(held.ci_high).toBeGreaterThanOrEqual(held.difference);
      expect(held.significant).toBe(held.ci_low > 0 || held.ci_high < 0);

      const read = await t.app.inject({
        method: "GET",
        url: `/api/auto-tune/optimize/history/${final.run_id}`,
        headers: { cookie: alice.cookie },
      });
      expect(HistoryRecordSchema.parse(read.json().data).held_out).toEqual(held);
    });
  }

  it("never lets a run issue more model calls than the cap it was stored with", async () => {
    // The uncapped run of this request issues far more calls than 60.
    const natural = RunEstimateSchema.parse(
      (await estimate({ mode: "single", ...shopRequest(6) })).json().data,
    );
    expect(natural.calls).toBeGreaterThan(120);
    const cap = { ...natural, calls: 55, max_calls: 60 };
    const row = await t.app.deps.runs.create({
      userId: alice.userId,
      mode: "single",
      request: shopRequest(6),
      datasetName: "tiny-help",
      iterations: 6,
      seed: 5,
      estimate: cap,
    });
    const before = fixture.stats().requests;
    await t.app.deps.runService.start(row.id);
    const end = Date.now() + 30_000;
    let status = row.status;
    while (Date.now() < end && !["completed", "failed", "cancelled"].includes(status)) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await t.app.deps.runs.get(row.id))?.status ?? status;
    }
    expect(status).toBe("completed");
    const requests = fixture.stats().requests - before;
    expect(requests).toBeGreaterThan(0);
    expect(requests).toBeLessThanOrEqual(60);
    const stored = await t.app.deps.runs.get(row.id);
    const final = FinalResultSchema.parse(JSON.parse(stored?.final_result ?? "{}"));
    expect(final.estimate).toEqual(cap);
    expect(final.usage.calls).toBeLessThanOrEqual(60);
  });
});
