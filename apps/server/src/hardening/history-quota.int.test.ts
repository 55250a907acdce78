/**
 * Attack regression (issue 21, item 1), the storage side: runs had no size
 * cap and users no cap on stored runs. A run whose history would pass
 * RUN_MAX_STORED_CHARS is refused before it starts (413 on the estimate,
 * the same message on the socket), and starting a run deletes the user's
 * oldest finished runs beyond RUNS_MAX_STORED_PER_USER. Also the paged
 * listing's query: limits, cursors and a bad cursor.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../testing/db";
import { agent, singleRequest } from "../testing/requests";
import { runSocket, transcript } from "../testing/ws-client";
import { call, type HardeningApp, startHardeningApp } from "./harness";
import { hostileString } from "./hostile";

/** Runs a user keeps in this test. */
const KEEP = 3;

/** The attack's run: 10 workers with 20,000-character prompts, 10 iterations. */
function hugeMultiRequest() {
  const prompt = "Answer carefully. ".padEnd(20_000, "x");
  return {
    dataset_name: "tiny-help",
    iterations: 10,
    "master-agent": agent("master", prompt),
    "worker-agents": Array.from({ length: 10 }, (_, w) => agent(`Worker${w + 1}`, prompt)),
  };
}

describe.each(DIALECTS)("history storage caps on %s", (dialect) => {
  let h: HardeningApp;
  beforeAll(async () => {
    h = await startHardeningApp(dialect, { RUNS_MAX_STORED_PER_USER: String(KEEP) });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("refuses a run whose history would pass the per-run cap, with the numbers", async () => {
    const { cookie } = await h.t.signIn(`huge-${dialect}@example.com`);
    const estimate = await call(h.app, { cookie }, "POST", "/api/auto-tune/optimize/estimate", {
      mode: "multi",
      ...hugeMultiRequest(),
    });
    expect(estimate.statusCode).toBe(413);
    const message = estimate.json().error.message as string;
    expect(message).toMatch(
      /^This run would store about [\d,]+ characters of history \(10 iterations of a [\d,]+-character configuration\); one run may store at most 1,000,000\. Use fewer iterations, fewer workers or shorter prompts\.$/,
    );
    const refused = transcript(
      await runSocket(`${h.wsBase}/ws/multiagent`, hugeMultiRequest(), { cookie }),
    );
    expect(refused.code).toBe(1008);
    expect(refused.messages).toEqual([{ type: "error", error: message }]);
    // Nothing was stored.
    const history = await call(h.app, { cookie }, "GET", "/api/auto-tune/optimize/history");
    expect(history.json().data).toEqual([]);
  });

  it(`keeps the newest ${KEEP} runs of a user and pages them`, async () => {
    const { cookie } = await h.t.signIn(`keeper-${dialect}@example.com`);
    const started: string[] = [];
    for (let i = 0; i < KEEP + 2; i++) {
      const run = transcript(
        await runSocket(`${h.wsBase}/ws`, singleRequest(1, `Prompt number ${i}.`), { cookie }),
      );
      expect(run.code).toBe(1000);
      const result = run.messages.at(-1)?.result as { run_id: string } | undefined;
      started.push(result?.run_id ?? "");
    }
    const list = async (query: string) =>
      call(h.app, { cookie }, "GET", `/api/auto-tune/optimize/history${query}`);
    const all = (await list("")).json();
    expect(all.data.map((r: { id: string }) => r.id)).toEqual(started.slice(-KEEP).reverse());
    expect(all.next_cursor).toBeNull();

    // Two per page: the cursor leads to the rest, no run twice.
    const first = (await list("?limit=2")).json();
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await list(`?limit=2&cursor=${first.next_cursor}`)).json();
    expect([...first.data, ...second.data].map((r: { id: string }) => r.id)).toEqual(
      started.slice(-KEEP).reverse(),
    );
    expect(second.next_cursor).toBeNull();

    for (const [query, message] of [
      ["?limit=0", "limit must be between 1 and 100"],
      ["?limit=101", "limit must be between 1 and 100"],
      ["?limit=ten", "limit must be a number"],
      ["?cursor=bm90LWEtY3Vyc29y", "cursor is malformed."],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toContain(message);
    }
  });

  it("answers hostile cursors and limits with 200 or a clear 400, never 5xx", async () => {
    const { cookie } = await h.t.signIn(`cursor-fuzz-${dialect}@example.com`);
    const encoded = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const hostileText = hostileString;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileText,
          fc.tuple(hostileText, hostileText).map(encoded),
          hostileText.map((v) => encoded(["2026-11-24T10:00:00.000Z", v])),
          hostileText.map((v) => encoded([v, "3f0c6f3e-1c1a-4d55-9a55-2f7f3b9f4a11"])),
        ),
        fc.oneof(fc.constant(undefined), hostileText, fc.integer().map(String)),
        async (cursor, limit) => {
          const query = new URLSearchParams({ cursor, ...(limit === undefined ? {} : { limit }) });
          const res = await call(
            h.app,
            { cookie },
            "GET",
            `/api/auto-tune/optimize/history?${query}`,
          );
          expect([200, 400], `${query}`).toContain(res.statusCode);
          expect(res.json().success, `${query}`).toBe(res.statusCode === 200);
        },
      ),
      { numRuns: 150 },
    );
  });
});
