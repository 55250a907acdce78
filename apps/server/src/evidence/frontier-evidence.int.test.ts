/**
 * Per-example evidence of frontier points (issue 26 §1: any iteration or
 * frontier point selectable): a run with a candidate model stores each
 * point's answers, the evidence API compares a frontier point with an
 * iteration or another point (paged, exported, owner only), in both modes.
 */
import {
  type EvidenceFrontierPoint,
  type EvidencePage,
  EvidencePageSchema,
  type EvidenceSide,
  type FinalResult,
  FinalResultSchema,
  isFrontierSide,
} from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { multiRequest, shopRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";
import { runSocket, transcript } from "../testing/ws-client";

const PRICES = {
  "fixture-large": { input: 10, output: 30 },
  "fixture-small": { input: 0.1, output: 0.2 },
};

function frontierSide(side: EvidenceSide): EvidenceFrontierPoint {
  if (!isFrontierSide(side)) throw new Error("expected a frontier point");
  return side;
}

describe.each(DIALECTS)("evidence of frontier points on %s", (dialect) => {
  let runApp: RunApp;
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };
  let single: FinalResult;
  let multi: FinalResult;

  const get = (cookie: string, url: string) =>
    t.app.inject({ method: "GET", url, headers: { cookie } });
  const evidenceUrl = (runId: string, query: string) =>
    `/api/auto-tune/optimize/runs/${runId}/evidence?${query}`;
  const page = async (runId: string, query: string): Promise<EvidencePage> => {
    const res = await get(alice.cookie, evidenceUrl(runId, query));
    expect(res.statusCode, res.body).toBe(200);
    return EvidencePageSchema.parse(res.json().data);
  };

  beforeAll(async () => {
    runApp = await startRunApp(dialect, { LLM_PRICES: JSON.stringify(PRICES) });
    t = runApp.t;
    alice = await t.signIn("alice-frontier@example.com");
    bob = await t.signIn("bob-frontier@example.com");
    const request = {
      ...shopRequest(2),
      model_name: "fixture-large",
      candidate_models: ["fixture-small"],
    };
    const run = transcript(
      await runSocket(`${runApp.wsBase}/ws`, request, { cookie: alice.cookie }),
    );
    single = FinalResultSchema.parse(run.messages.at(-1)?.result);
    const base = multiRequest(2);
    const multiRun = transcript(
      await runSocket(
        `${runApp.wsBase}/ws/multiagent`,
        {
          ...base,
          "master-agent": { ...base["master-agent"], model_name: "fixture-large" },
          "worker-agents": base["worker-agents"].map((w) => ({
            ...w,
            model_name: "fixture-large",
          })),
          candidate_models: { workers: ["fixture-small"] },
        },
        { cookie: alice.cookie },
      ),
    );
    multi = FinalResultSchema.parse(multiRun.messages.at(-1)?.result);
  });
  afterAll(async () => {
    await runApp?.close();
  });

  it("lists every frontier point and compares one with the initial configuration, held-out lines marked", async () => {
    const frontier = single.frontier ?? [];
    expect(frontier.length).toBe(3);
    const defaults = await page(single.run_id, "page_size=100");
    // by default A is the initial configuration and B what the run presents: the recommended
    // point when it runs on another model than the primary one, else the presented iteration
    expect(isFrontierSide(defaults.a)).toBe(false);
    const presentedPoint = frontier.findIndex((p) => p.recommended);
    if (frontier[presentedPoint]?.model_name === "fixture-large") {
      expect(isFrontierSide(defaults.b)).toBe(false);
    } else {
      expect(frontierSide(defaults.b).frontier_point).toBe(presentedPoint);
    }
    expect(defaults.frontier_points.map((p) => p.frontier_point)).toEqual([0, 1, 2]);
    defaults.frontier_points.forEach((p, i) => {
      expect(p.model_name).toBe(frontier[i]?.model_name);
      expect(p.temperature).toBe(frontier[i]?.temperature);
      expect(p.recommended).toBe(frontier[i]?.recommended);
    });
    const recommended = frontier.findIndex((p) => p.recommended);
    const compared = await page(single.run_id, `a=0&b=f${recommended}&page_size=100`);
    const b = frontierSide(compared.b);
    expect(b.frontier_point).toBe(recommended);
    expect(b.recommended).toBe(true);
    const validation = compared.rows.filter((r) => r.split === "validation");
    expect(validation.length).toBeGreaterThan(0);
    const mean = validation.reduce((s, r) => s + r.b.score, 0) / validation.length;
    expect(mean).toBeCloseTo(frontier[recommended]?.score ?? -1, 4);
    // the recommended point was measured on the held-out test: its test lines are there, marked
    expect(compared.test_compared).toBe(true);
    const test = compared.rows.filter((r) => r.split === "test");
    expect(test.length).toBeGreaterThan(0);
    const testMean = test.reduce((s, r) => s + r.b.score, 0) / test.length;
    expect(testMean).toBeCloseTo(frontier[recommended]?.test_score ?? -1, 4);
    for (const r of compared.rows) expect(r.b.reply.length).toBeGreaterThan(0);
    // paged like any comparison
    const second = await page(
      single.run_id,
      `a=0&b=f${recommended}&page=2&page_size=2&sort=example`,
    );
    expect(second.rows).toHaveLength(2);
    expect(second.total).toBe(compared.total);
  });

  it("compares two frontier points, and an iteration with a point, leaving untested test lines out", async () => {
    const frontier = single.frontier ?? [];
    const untested = frontier.findIndex((p) => p.test_score === null || p.test_score === undefined);
    const recommended = frontier.findIndex((p) => p.recommended);
    expect(untested).toBeGreaterThanOrEqual(0);
    const both = await page(single.run_id, `a=f${untested}&b=f${recommended}&page_size=100`);
    expect(frontierSide(both.a).frontier_point).toBe(untested);
    expect(both.rows.length).toBeGreaterThan(0);
    expect(both.rows.every((r) => r.split === "validation")).toBe(true);
    expect(both.test_compared).toBe(false);
    const mixed = await page(single.run_id, `a=f${untested}&b=1&page_size=100`);
    expect(isFrontierSide(mixed.b)).toBe(false);
    expect(mixed.rows.length).toBeGreaterThan(0);
  });

  it("exports a frontier point's comparison as CSV and JSONL", async () => {
    const recommended = (single.frontier ?? []).findIndex((p) => p.recommended);
    const base = `/api/auto-tune/optimize/runs/${single.run_id}/evidence/export?a=0&b=f${recommended}`;
    const csv = await get(alice.cookie, `${base}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-disposition"]).toContain(`-0-vs-f${recommended}.csv`);
    const [header, first] = csv.body.split("\r\n");
    expect(header).toMatch(/,a_frontier_point,b_frontier_point$/);
    expect(first).toMatch(new RegExp(`,,${recommended}$`));
    const jsonl = await get(alice.cookie, `${base}&format=jsonl`);
    const lines = jsonl.body
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const all = await page(single.run_id, `a=0&b=f${recommended}&page_size=100`);
    expect(lines).toHaveLength(all.total);
    for (const l of lines) {
      expect(l.a_iteration).toBe(0);
      expect(l.b_iteration).toBeNull();
      expect(l.b_frontier_point).toBe(recommended);
    }
  });

  it("refuses a frontier point the run does not have, and hides it from other users", async () => {
    for (const query of ["b=f7", "a=f0&b=f9"]) {
      const res = await get(alice.cookie, evidenceUrl(single.run_id, query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toContain("has no frontier point f");
    }
    const bad = await get(alice.cookie, evidenceUrl(single.run_id, "b=g1"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("b must be an iteration number or a frontier point");
    for (const url of [
      evidenceUrl(single.run_id, "b=f0"),
      `/api/auto-tune/optimize/runs/${single.run_id}/evidence/export?b=f0&format=csv`,
    ]) {
      const other = await get(bob.cookie, url);
      expect(other.statusCode, url).toBe(404);
      expect(other.body).not.toContain("fixture-small");
    }
  });

  it("keeps a multi-agent frontier point's answers with their reasoning traces", async () => {
    const frontier = multi.frontier ?? [];
    const cheap = frontier.findIndex((p) => p.model_name.includes("workers fixture-small"));
    expect(cheap).toBeGreaterThanOrEqual(0);
    const compared = await page(multi.run_id, `a=0&b=f${cheap}&page_size=100`);
    expect(compared.mode).toBe("multi");
    expect(frontierSide(compared.b).model_name).toBe("fixture-large + workers fixture-small");
    expect(compared.rows.length).toBeGreaterThan(0);
    for (const r of compared.rows) expect(r.b.trace.length).toBeGreaterThan(0);
  });
});
