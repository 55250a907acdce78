/**
 * Issue 24 end to end against the fixture LLM with two priced models: the
 * cost–quality frontier of a run with candidate models (both modes), its
 * recommendation (presented, tested on the held-out split, kept in history),
 * the validation of candidate models, and the cost cap (calls counted at the
 * fixture), and the user's choice of a frontier point kept with the run
 * (owner only, in range, back to the recommended one with null).
 */
import {
  type FinalResult,
  FinalResultSchema,
  HistoryRecordSchema,
  RunEstimateSchema,
} from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import type { FixtureLlm } from "../testing/fixture-llm";
import { multiRequest, shopRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";
import { runSocket, transcript } from "../testing/ws-client";

const PRICES = {
  "fixture-large": { input: 10, output: 30 },
  "fixture-small": { input: 0.1, output: 0.2 },
};

/**
 * The recommendation checked from the outside: the cheapest point within the best one's
 * interval (the engine decides on paired per-example scores, which agree with it on these runs).
 */
function expectRecommendation(frontier: NonNullable<FinalResult["frontier"]>) {
  const best = frontier.reduce((b, p) => (p.score > b.score ? p : b));
  const within = frontier.filter((p) => p.score >= best.ci_low - 1e-4);
  const cheapest = Math.min(...within.map((p) => p.cost_per_1k_usd));
  const recommended = frontier.filter((p) => p.recommended);
  expect(recommended).toHaveLength(1);
  expect(recommended[0]?.cost_per_1k_usd).toBe(cheapest);
  for (const p of frontier) expect(p.ci_low).toBeLessThanOrEqual(p.score);
  return recommended[0] as NonNullable<FinalResult["frontier"]>[number];
}

describe.each(DIALECTS)("cost–quality frontier on %s", (dialect) => {
  let runApp: RunApp;
  let fixture: FixtureLlm;
  let t: TestApp;
  let base: string;
  let alice: { cookie: string; userId: string };
  /** The single-agent run with a frontier (set by its test), for the choice test. */
  let frontierRunId = "";

  beforeAll(async () => {
    runApp = await startRunApp(dialect, { LLM_PRICES: JSON.stringify(PRICES) });
    ({ fixture, t, wsBase: base } = runApp);
    alice = await t.signIn("frontier@example.com");
  });
  afterAll(async () => {
    await runApp?.close();
  });

  const estimate = async (body: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/auto-tune/optimize/estimate",
      headers: { "content-type": "application/json", cookie: alice.cookie },
      payload: JSON.stringify(body),
    });

  const history = async (runId: string) =>
    HistoryRecordSchema.parse(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/auto-tune/optimize/history/${runId}`,
          headers: { cookie: alice.cookie },
        })
      ).json().data,
    );

  it("refuses unknown, repeated and too many candidate models with a clear 400", async () => {
    const request = { mode: "single", ...shopRequest(2) };
    const unknown = await estimate({ ...request, candidate_models: ["gpt-nope"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Unknown model "gpt-nope"');
    const many = await estimate({ ...request, candidate_models: ["a", "b", "c", "d", "e"] });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toContain("at most 4");
    const twice = await estimate({
      ...request,
      candidate_models: ["fixture-small", "fixture-small"],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain("must not repeat");
    const workers = await estimate({
      mode: "multi",
      ...multiRequest(2),
      candidate_models: { workers: ["gpt-nope"] },
    });
    expect(workers.statusCode).toBe(400);
    expect(workers.json().error.message).toContain('Unknown model "gpt-nope"');
    const cost = await estimate({ ...request, max_cost_usd: -1 });
    expect(cost.statusCode).toBe(400);
    expect(cost.json().error.message).toContain("max_cost_usd");
  });

  it("measures the frontier of a single-agent run, presents and tests the recommended point", async () => {
    const request = {
      ...shopRequest(3),
      model_name: "fixture-large",
      candidate_models: ["fixture-small"],
    };
    const plain = RunEstimateSchema.parse(
      (await estimate({ mode: "single", ...shopRequest(3), model_name: "fixture-large" })).json()
        .data,
    );
    const announced = RunEstimateSchema.parse(
      (await estimate({ mode: "single", ...request })).json().data,
    );
    expect(announced.calls).toBeGreaterThan(plain.calls);
    const before = fixture.stats().requests;
    const run = transcript(await runSocket(`${base}/ws`, request, { cookie: alice.cookie }));
    expect(run.code).toBe(1000);
    const requests = fixture.stats().requests - before;
    expect(requests).toBeLessThanOrEqual(announced.max_calls);
    const final = FinalResultSchema.parse(run.messages.at(-1)?.result);
    const frontier = final.frontier ?? [];
    expect(frontier.filter((p) => p.model_name === "fixture-large")).toHaveLength(1);
    expect(frontier.filter((p) => p.model_name === "fixture-small")).toHaveLength(2);
    const large = frontier.find((p) => p.model_name === "fixture-large");
    const small = frontier.filter((p) => p.model_name === "fixture-small");
    // same answers from the fixture at 1/100 of the price: the small model is much cheaper
    for (const p of small)
      expect(p.cost_per_1k_usd).toBeLessThan((large?.cost_per_1k_usd ?? 0) / 20);
    for (const p of frontier) expect(p.calls_per_reply).toBe(1);
    const recommended = expectRecommendation(frontier);
    expect(recommended.model_name).toBe("fixture-small");
    // the presented configuration is the recommended point
    expect(final.model_name).toBe(recommended.model_name);
    expect(final.prompt).toBe(recommended.prompt);
    expect(final.temperature).toBe(recommended.temperature);
    expect(final.best_validation_score).toBeCloseTo(recommended.score, 4);
    // held-out lines: the recommended point is the one compared with the initial prompt
    expect(recommended.test_score).not.toBeNull();
    expect(recommended.test_score).toBeCloseTo(final.test_score as number, 4);
    expect(final.held_out?.final_score).toBeCloseTo(final.test_score as number, 4);
    // the held-out test ran the recommended point on the small model
    const smallChats = fixture
      .stats()
      .calls.filter((c) => c.model === "fixture-small" && c.kind === "plain");
    expect(smallChats.length).toBeGreaterThanOrEqual(final.held_out?.examples ?? 1);
    expect((await history(final.run_id)).frontier).toEqual(frontier);
    expect((await history(final.run_id)).frontier_choice).toBeNull();
    frontierRunId = final.run_id;
  });

  it("measures cheap workers under the coordinator in a multi-agent run", async () => {
    const request = {
      ...multiRequest(2),
      "master-agent": { ...multiRequest(2)["master-agent"], model_name: "fixture-large" },
      "worker-agents": multiRequest(2)["worker-agents"].map((w) => ({
        ...w,
        model_name: "fixture-large",
      })),
      candidate_models: { workers: ["fixture-small"] },
    };
    const announced = RunEstimateSchema.parse(
      (await estimate({ mode: "multi", ...request })).json().data,
    );
    const before = fixture.stats().requests;
    const run = transcript(
      await runSocket(`${base}/ws/multiagent`, request, { cookie: alice.cookie }),
    );
    expect(run.code).toBe(1000);
    expect(fixture.stats().requests - before).toBeLessThanOrEqual(announced.max_calls);
    const final = FinalResultSchema.parse(run.messages.at(-1)?.result);
    const frontier = final.frontier ?? [];
    expect(frontier.map((p) => p.model_name).sort()).toEqual([
      "fixture-large",
      "fixture-large + workers fixture-small",
    ]);
    const cheap = frontier.find((p) => p.model_name.includes("workers fixture-small"));
    expect(cheap?.["worker-agents"]?.every((w) => w.model_name === "fixture-small")).toBe(true);
    expect(cheap?.calls_per_reply).toBeGreaterThan(1);
    const recommended = expectRecommendation(frontier);
    expect(final["worker-agents"]).toEqual(recommended["worker-agents"]);
    expect((await history(final.run_id)).frontier).toEqual(frontier);
  });

  it("stops a run at its cost cap, saying so, with the calls counted at the fixture", async () => {
    const request = { ...shopRequest(6), model_name: "fixture-large" };
    const announced = RunEstimateSchema.parse(
      (await estimate({ mode: "single", ...request })).json().data,
    );
    const cap = Math.round((announced.cost_usd ?? 0) * 0.4 * 1e6) / 1e6;
    expect(cap).toBeGreaterThan(0);
    const before = fixture.stats().requests;
    const run = transcript(
      await runSocket(`${base}/ws`, { ...request, max_cost_usd: cap }, { cookie: alice.cookie }),
    );
    expect(run.code).toBe(1000);
    const requests = fixture.stats().requests - before;
    const final = FinalResultSchema.parse(run.messages.at(-1)?.result);
    expect(final.notice).toContain(`cost cap of $${cap}`);
    expect(final.usage.cost_usd).toBeLessThanOrEqual(cap);
    // Every call the run sent reached the fixture and was counted: when the cap stops a stage,
    // the calls already in flight finish and are metered (only new ones are refused).
    expect(requests).toBe(final.usage.calls);
    expect(requests).toBeLessThan(announced.calls);
    expect((await history(final.run_id)).error).toContain("cost cap");
  });

  it("fails a run whose cost cap cannot even pay for scoring the initial configuration, saying why", async () => {
    const request = { ...shopRequest(2), model_name: "fixture-large", max_cost_usd: 0.000001 };
    const run = transcript(await runSocket(`${base}/ws`, request, { cookie: alice.cookie }));
    const last = run.messages.at(-1) as { type: string; detail?: string };
    expect(last.type).toBe("error");
    expect(last.detail).toContain(
      "cost cap of $0.000001 was reached before the initial configuration could be scored",
    );
  });

  const choose = async (runId: string, body: unknown, cookie = alice.cookie) =>
    t.app.inject({
      method: "PUT",
      url: `/api/auto-tune/optimize/runs/${runId}/frontier-choice`,
      headers: { "content-type": "application/json", cookie },
      payload: JSON.stringify(body),
    });

  it("keeps the chosen frontier point with the run, for its owner only, in range", async () => {
    expect(frontierRunId).not.toBe("");
    const { frontier } = await history(frontierRunId);
    const count = frontier?.length ?? 0;
    const other = frontier?.findIndex((p) => !p.recommended) ?? -1;
    expect(other).toBeGreaterThanOrEqual(0);

    const chosen = await choose(frontierRunId, { point: other });
    expect(chosen.statusCode).toBe(200);
    expect(HistoryRecordSchema.parse(chosen.json().data).frontier_choice).toBe(other);
    expect((await history(frontierRunId)).frontier_choice).toBe(other);

    // Another user cannot read or change it: 404, and the owner's choice stays.
    const bob = await t.signIn("frontier-bob@example.com");
    const stolen = await choose(frontierRunId, { point: 0 }, bob.cookie);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.message).toBe("No such optimization run.");
    expect((await history(frontierRunId)).frontier_choice).toBe(other);

    // Bad input: a clear 400, nothing lost.
    const outside = await choose(frontierRunId, { point: count });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe(
      `The run has no frontier point ${count} (it has ${count}).`,
    );
    for (const body of [{ point: -1 }, { point: 1.5 }, { point: "1" }, {}]) {
      const bad = await choose(frontierRunId, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toMatch(/point/);
    }
    expect((await history(frontierRunId)).frontier_choice).toBe(other);

    // null: the recommended point again.
    const reset = await choose(frontierRunId, { point: null });
    expect(reset.statusCode).toBe(200);
    expect((await history(frontierRunId)).frontier_choice).toBeNull();

    // A run without candidate models has no frontier to choose from.
    const plain = transcript(
      await runSocket(`${base}/ws`, shopRequest(1), { cookie: alice.cookie }),
    );
    const final = FinalResultSchema.parse(plain.messages.at(-1)?.result);
    const none = await choose(final.run_id, { point: 0 });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe("The run has no cost–quality frontier.");
  });
});
