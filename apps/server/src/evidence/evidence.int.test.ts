import {
  type EvidenceConfiguration,
  EvidencePageSchema,
  type EvidenceRow,
  type EvidenceSide,
  FinalResultSchema,
  isFrontierSide,
  type MultiAgentIteration,
  MultiAgentIterationSchema,
  RunReasoningSchema,
  type SingleAgentIteration,
  SingleAgentIterationSchema,
} from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { multiRequest, shopRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";
import { runSocket, transcript } from "../testing/ws-client";

/** A compared side that must be an iteration's configuration. */
function iterationSide(side: EvidenceSide): EvidenceConfiguration {
  if (isFrontierSide(side)) throw new Error("expected an iteration, got a frontier point");
  return side;
}

describe.each(DIALECTS)("per-example evidence and reasoning on %s", (dialect) => {
  let runApp: RunApp;
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };
  let single: { runId: string; best: number; iterations: number };
  let multiRunId: string;
  let multiFirst: MultiAgentIteration;
  let singleUpdates: SingleAgentIteration[];

  const get = (cookie: string, url: string) =>
    t.app.inject({ method: "GET", url, headers: { cookie } });

  beforeAll(async () => {
    runApp = await startRunApp(dialect);
    t = runApp.t;
    alice = await t.signIn("alice@example.com");
    bob = await t.signIn("bob@example.com");
    const run = transcript(
      await runSocket(`${runApp.wsBase}/ws`, shopRequest(3), { cookie: alice.cookie }),
    );
    const result = FinalResultSchema.parse(run.messages.at(-1)?.result);
    single = { runId: result.run_id, best: result.best_iteration, iterations: 3 };
    const multi = transcript(
      await runSocket(`${runApp.wsBase}/ws/multiagent`, multiRequest(2), { cookie: alice.cookie }),
    );
    multiRunId = FinalResultSchema.parse(multi.messages.at(-1)?.result).run_id;
    multiFirst = MultiAgentIterationSchema.parse(multi.messages[0]?.data);
    singleUpdates = run.messages
      .filter((m) => m.type === "update")
      .map((m) => SingleAgentIterationSchema.parse(m.data));
  });
  afterAll(async () => {
    await runApp?.close();
  });

  const evidenceUrl = (runId: string, query = "") =>
    `/api/auto-tune/optimize/runs/${runId}/evidence${query ? `?${query}` : ""}`;

  it("compares the initial and the presented configuration by default, example by example", async () => {
    const res = await get(alice.cookie, evidenceUrl(single.runId, "page_size=100"));
    expect(res.statusCode, res.body).toBe(200);
    const page = EvidencePageSchema.parse(res.json().data);
    expect(iterationSide(page.a).iteration).toBe(0);
    expect(iterationSide(page.b).candidate_iteration).toBe(single.best);
    expect(iterationSide(page.b).presented).toBe(true);
    expect(page.configurations.map((c) => c.iteration)).toEqual([0, 1, 2, 3]);
    const validation = page.rows.filter((r) => r.split === "validation");
    expect(validation.length).toBeGreaterThan(0);
    expect(page.test_compared).toBe(true);
    expect(page.rows.some((r) => r.split === "test")).toBe(true);
    for (const r of page.rows) {
      expect(r.dialog.at(-1)?.type).toBe("human");
      expect(r.reference.length).toBeGreaterThan(0);
      expect(r.a.reply.length).toBeGreaterThan(0);
      expect(r.b.reply.length).toBeGreaterThan(0);
      expect(r.change).toBeCloseTo(r.b.score - r.a.score, 4);
      const expected =
        r.a.passed && r.b.passed
          ? "both_pass"
          : !r.a.passed && !r.b.passed
            ? "both_fail"
            : r.b.passed
              ? "fixed"
              : "broken";
      expect(r.status).toBe(expected);
    }
    const counted = Object.values(page.counts).reduce((a, b) => a + b, 0);
    expect(counted).toBe(page.total);
    // sorted by score change, largest gain first
    const changes = page.rows.map((r) => r.change);
    expect(changes).toEqual([...changes].sort((x, y) => y - x));
    // the validation mean of B's rows is the presented candidate's stored validation score
    const mean = validation.reduce((a, r) => a + r.b.score, 0) / validation.length;
    expect(mean).toBeCloseTo(page.b.validation_score, 6);
  });

  it("marks each rubric item met or not for both replies, consistent with the judge's feedback and score", async () => {
    const page = EvidencePageSchema.parse(
      (await get(alice.cookie, evidenceUrl(single.runId, "page_size=100"))).json().data,
    );
    expect(page.rows.length).toBeGreaterThan(0);
    for (const r of page.rows) {
      for (const side of [r.a, r.b]) {
        const items = side.rubric_items ?? [];
        expect(items.map((i) => i.item)).toEqual(r.rubric);
        const unmet = items.filter((i) => !i.met).map((i) => i.item);
        expect(side.feedback).toBe(
          unmet.length ? `Missing: ${unmet.join("; ")}` : "All rubric items satisfied.",
        );
        expect(side.score).toBeCloseTo((items.length - unmet.length) / items.length, 6);
      }
    }
    // Stored compactly: one "1"/"0" per rubric item.
    const stored = await t.database.db
      .selectFrom("run_evidence")
      .select("rubric_met")
      .where("run_id", "=", single.runId)
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const s of stored) expect(s.rubric_met).toMatch(/^[01]{2}$/);
    // The CSV carries the checklist.
    const csv = await get(
      alice.cookie,
      `/api/auto-tune/optimize/runs/${single.runId}/evidence/export?format=csv`,
    );
    expect(csv.body.split("\r\n")[0]).toContain("a_feedback,a_rubric_met,");
    expect(csv.body).toMatch(/\[(x| )\] /);
  });

  it("shows answers stored without per-item verdicts (older runs) with their feedback only", async () => {
    const { db } = t.database;
    await db
      .updateTable("run_evidence")
      .set({ rubric_met: null })
      .where("run_id", "=", multiRunId)
      .execute();
    const page = EvidencePageSchema.parse(
      (await get(alice.cookie, evidenceUrl(multiRunId, "page_size=100"))).json().data,
    );
    expect(page.rows.length).toBeGreaterThan(0);
    for (const r of page.rows) {
      expect(r.a.rubric_items).toBeNull();
      expect(r.b.rubric_items).toBeNull();
      expect(r.a.feedback.length).toBeGreaterThan(0);
    }
  });

  it("filters by status and split, searches, pages and sorts", async () => {
    const all = EvidencePageSchema.parse(
      (await get(alice.cookie, evidenceUrl(single.runId, "page_size=100"))).json().data,
    );
    const fixed = EvidencePageSchema.parse(
      (await get(alice.cookie, evidenceUrl(single.runId, "status=fixed&page_size=100"))).json()
        .data,
    );
    expect(fixed.total).toBe(all.counts.fixed);
    expect(fixed.rows.every((r) => r.status === "fixed")).toBe(true);
    const test = EvidencePageSchema.parse(
      (await get(alice.cookie, evidenceUrl(single.runId, "split=test&page_size=100"))).json().data,
    );
    expect(test.rows.every((r) => r.split === "test")).toBe(true);
    const target = all.rows[0] as EvidenceRow;
    const found = EvidencePageSchema.parse(
      (
        await get(
          alice.cookie,
          evidenceUrl(single.runId, `q=${encodeURIComponent(target.example_id.toUpperCase())}`),
        )
      ).json().data,
    );
    expect(found.rows.map((r) => r.example_id)).toContain(target.example_id);
    expect(found.total).toBeLessThan(all.total);
    const page2 = EvidencePageSchema.parse(
      (await get(alice.cookie, evidenceUrl(single.runId, "page=2&page_size=2&sort=example"))).json()
        .data,
    );
    const byExample = EvidencePageSchema.parse(
      (await get(alice.cookie, evidenceUrl(single.runId, "page_size=100&sort=example"))).json()
        .data,
    );
    expect(page2.rows.map((r) => r.example_id)).toEqual(
      byExample.rows.slice(2, 4).map((r) => r.example_id),
    );
    const asc = EvidencePageSchema.parse(
      (await get(alice.cookie, evidenceUrl(single.runId, "page_size=100&sort=change_asc"))).json()
        .data,
    );
    const changes = asc.rows.map((r) => r.change);
    expect(changes).toEqual([...changes].sort((x, y) => x - y));
  });

  it("compares any two iterations, leaving out test examples that were not measured for them", async () => {
    const res = await get(alice.cookie, evidenceUrl(single.runId, "a=1&b=2&page_size=100"));
    const page = EvidencePageSchema.parse(res.json().data);
    const [a, b] = [iterationSide(page.a), iterationSide(page.b)];
    expect(a.iteration).toBe(1);
    expect(b.iteration).toBe(2);
    const testMeasured = [0, single.best];
    const both =
      testMeasured.includes(a.candidate_iteration) && testMeasured.includes(b.candidate_iteration);
    expect(page.test_compared).toBe(both);
    expect(page.rows.some((r) => r.split === "test")).toBe(both);
    expect(page.rows.length).toBeGreaterThan(0);
  });

  it("refuses bad queries with a clear 400", async () => {
    const cases: [string, string][] = [
      ["b=9", "Run has no iteration 9."],
      ["a=-1", "a must be an iteration number"],
      ["status=great", "status must be all, fixed, broken, both_pass or both_fail"],
      ["page_size=500", "page_size must be 1 to 100"],
      ["page=0", "page must be a positive integer"],
      [`q=${"x".repeat(201)}`, "q must be at most 200 characters"],
    ];
    for (const [query, message] of cases) {
      const res = await get(alice.cookie, evidenceUrl(single.runId, query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toContain(message);
    }
    const badFormat = await get(
      alice.cookie,
      `/api/auto-tune/optimize/runs/${single.runId}/evidence/export?format=xlsx`,
    );
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().error.message).toContain("format must be csv or jsonl");
  });

  it("hides a run from everyone but its owner", async () => {
    for (const url of [
      evidenceUrl(single.runId),
      `/api/auto-tune/optimize/runs/${single.runId}/evidence/export?format=csv`,
      `/api/auto-tune/optimize/runs/${single.runId}/reasoning`,
    ]) {
      const other = await get(bob.cookie, url);
      expect(other.statusCode, url).toBe(404);
      expect(other.body).not.toContain("Where");
      const anonymous = await t.app.inject({ method: "GET", url });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });

  it("exports the grid as CSV and JSONL with the same rows", async () => {
    const page = EvidencePageSchema.parse(
      (await get(alice.cookie, evidenceUrl(single.runId, "page_size=100"))).json().data,
    );
    const csv = await get(
      alice.cookie,
      `/api/auto-tune/optimize/runs/${single.runId}/evidence/export?format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain(`evidence-${single.runId}-0-vs-`);
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^example_id,split,status,change,conversation/);
    const jsonl = await get(
      alice.cookie,
      `/api/auto-tune/optimize/runs/${single.runId}/evidence/export?format=jsonl&status=both_fail`,
    );
    expect(jsonl.headers["content-type"]).toContain("application/x-ndjson");
    const records = jsonl.body
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as EvidenceRow & { a_iteration: number });
    expect(records).toHaveLength(page.counts.both_fail);
    for (const r of records) {
      expect(r.status).toBe("both_fail");
      expect(r.a_iteration).toBe(0);
    }
    const ids = page.rows.map((r) => r.example_id);
    for (const id of ids) expect(csv.body).toContain(id);
  });

  it("returns each iteration's reasoning and the explained pick", async () => {
    const res = await get(alice.cookie, `/api/auto-tune/optimize/runs/${single.runId}/reasoning`);
    expect(res.statusCode, res.body).toBe(200);
    const r = RunReasoningSchema.parse(res.json().data);
    expect(r.iterations.map((i) => i.iteration)).toEqual([0, 1, 2, 3]);
    expect(r.presented).toBe(single.best);
    expect(r.pick?.iteration).toBe(single.best);
    expect(r.pick?.beat_initial).toBe(single.best !== 0);
    const zero = r.iterations[0];
    expect(zero?.proposals).toEqual([]);
    expect(zero?.validation_interval?.low).toBeLessThanOrEqual(zero?.validation_score ?? 0);
    expect(zero?.validation_interval?.high).toBeGreaterThanOrEqual(zero?.validation_score ?? 1);
    for (const it of r.iterations.slice(1)) {
      expect(it.proposals.length).toBeGreaterThan(0);
      expect(it.proposals.filter((p) => p.outcome === "accepted").length).toBe(it.accepted ? 1 : 0);
      for (const p of it.proposals) expect(p.minibatch.length).toBeGreaterThan(0);
    }
  });

  it("streams the reasoning on every update, the initial interval on the multi-agent baseline", () => {
    expect(singleUpdates.map((u) => u.iteration)).toEqual([0, 1, 2, 3]);
    for (const u of singleUpdates) {
      expect(u.candidate_iteration).toEqual(expect.any(Number));
      expect(u.validation_interval?.examples).toBeGreaterThan(0);
      expect(Array.isArray(u.proposals)).toBe(true);
    }
    expect(singleUpdates.slice(1).every((u) => (u.proposals?.length ?? 0) > 0)).toBe(true);
    const base = multiFirst.baseline;
    expect(base?.validation_interval?.low).toBeLessThanOrEqual(base?.validation_score ?? -1);
    expect(base?.validation_interval?.high).toBeGreaterThanOrEqual(base?.validation_score ?? 2);
  });

  it("keeps multi-agent evidence with each reply's reasoning trace", async () => {
    const res = await get(alice.cookie, evidenceUrl(multiRunId, "page_size=100"));
    expect(res.statusCode, res.body).toBe(200);
    const page = EvidencePageSchema.parse(res.json().data);
    expect(page.mode).toBe("multi");
    expect(page.configurations[0]?.iteration).toBe(0);
    expect(page.rows.length).toBeGreaterThan(0);
    for (const row of page.rows) {
      expect(row.a.trace.length).toBeGreaterThan(0);
      expect(row.b.trace.length).toBeGreaterThan(0);
    }
    const reasoning = RunReasoningSchema.parse(
      (await get(alice.cookie, `/api/auto-tune/optimize/runs/${multiRunId}/reasoning`)).json().data,
    );
    expect(reasoning.iterations.map((i) => i.iteration)).toEqual([0, 1, 2]);
  });
});
