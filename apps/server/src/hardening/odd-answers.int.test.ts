/**
 * One odd provider answer must not fail a run (issue 21, item 4), through
 * the real server and its sockets with the gateway's default retries:
 * - HTTP 200 with `"choices": []` on 1 % of calls (before the fix: not
 *   retried, and one such answer failed the whole run);
 * - a 20 % mix of every fault kind (500, 429 with Retry-After, truncated and
 *   invalid JSON, empty choices, no content, timeouts, resets): every run
 *   completes and its scores match fault-free runs within their spread.
 * Figures are printed as `[attack-regression]` lines; bench/faults.ts runs
 * the full 20 + 20 of the target.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mixedFaults } from "../testing/fixture-llm";
import { singleRequest } from "../testing/requests";
import { within } from "../testing/wait";
import { type OpenRun, openRun, singleRunTypes } from "../testing/ws-client";
import { expectStoredAsShown } from "./consistency";
import { type HardeningApp, startHardeningApp } from "./harness";

/** Runs per batch in this test (the bench runs 20). */
const RUNS = 4;
const ITERATIONS = 2;

/** Quick retries and a short per-attempt timeout; the default number of retries (3). */
const ENV = { LLM_TIMEOUT_MS: "500", LLM_RETRY_BASE_MS: "5", RUN_OUTAGE_PROBE_MS: "100" };

interface BatchResult {
  completed: number;
  best: number[];
  test: number[];
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));
};

describe("odd provider answers during runs", () => {
  let h: HardeningApp;
  let cookie: string;
  let batch = 0;

  /** Starts `RUNS` single-agent runs at once (prompts unique, so no response is reused) and waits for their ends. */
  async function runBatch(label: string): Promise<{ runs: OpenRun[]; result: BatchResult }> {
    batch++;
    const runs = Array.from({ length: RUNS }, (_, i) =>
      openRun(
        `${h.wsBase}/ws`,
        cookie,
        singleRequest(
          ITERATIONS,
          `You are a support assistant. Always mention ticket ${label}-${batch}-${i}.`,
        ),
      ),
    );
    await within(Promise.all(runs.map((r) => r.closed)), 110_000, `${label} runs' ends`);
    const finals = runs.flatMap((r) => {
      const last = r.messages.at(-1);
      return last?.type === "complete" && last.result ? [last.result] : [];
    });
    return {
      runs,
      result: {
        completed: finals.length,
        best: finals.map((f) => Number(f.best_validation_score)),
        test: finals.map((f) => Number(f.test_score)),
      },
    };
  }

  beforeAll(async () => {
    h = await startHardeningApp("sqlite", ENV);
    ({ cookie } = await h.t.signIn("odd-answers@example.com"));
  });
  afterAll(async () => {
    await h?.close();
  });

  it("200 with `choices: []` on 1 % of calls no longer fails runs", async () => {
    h.fixture.setConfig({ faults: [{ status: "empty_choices", rate: 0.01 }] });
    try {
      const { runs, result } = await runBatch("empty");
      const injected = h.fixture.stats().faults.empty_choices ?? 0;
      console.log(
        `[attack-regression] empty choices on 1 % of calls: ${result.completed} of ${RUNS} runs completed (${injected} empty answers injected)`,
      );
      expect(injected).toBeGreaterThan(0);
      expect(result.completed).toBe(RUNS);
      for (const run of runs) {
        expect(run.messages.map((m) => m.type)).toEqual(singleRunTypes(ITERATIONS));
        const runId = run.messages.at(-1)?.result?.run_id ?? "";
        expect(await expectStoredAsShown(h.app, cookie, runId, "single", run.messages)).toBe(
          "completed",
        );
      }
    } finally {
      h.fixture.setConfig({ faults: [] });
    }
  });

  it("under a 20 % mix of every fault kind all runs complete, with scores like fault-free runs", async () => {
    const clean = await runBatch("clean");
    expect(clean.result.completed).toBe(RUNS);

    const before = h.fixture.stats();
    h.fixture.setConfig({ faults: mixedFaults(0.2, undefined, 0.02) });
    let faulty: Awaited<ReturnType<typeof runBatch>>;
    try {
      faulty = await runBatch("faulty");
    } finally {
      h.fixture.setConfig({ faults: [] });
    }
    const after = h.fixture.stats();
    const requests = after.requests - before.requests;
    const faults = Object.entries(after.faults).reduce(
      (n, [k, v]) => n + (k === "aborted" ? 0 : v - (before.faults[k] ?? 0)),
      0,
    );
    const c = clean.result;
    const f = faulty.result;
    console.log(
      `[attack-regression] 20 % mixed faults (${faults} of ${requests} provider requests failed): ${f.completed} of ${RUNS} runs completed; ` +
        `best validation ${mean(f.best).toFixed(3)} ± ${sd(f.best).toFixed(3)} vs fault-free ${mean(c.best).toFixed(3)} ± ${sd(c.best).toFixed(3)}; ` +
        `held-out test ${mean(f.test).toFixed(3)} ± ${sd(f.test).toFixed(3)} vs ${mean(c.test).toFixed(3)} ± ${sd(c.test).toFixed(3)}`,
    );
    expect(faults / requests).toBeGreaterThan(0.15);
    expect(f.completed).toBe(RUNS);
    for (const run of faulty.runs) {
      expect(run.messages.filter((m) => m.type === "update")).toHaveLength(ITERATIONS + 1);
      const runId = run.messages.at(-1)?.result?.run_id ?? "";
      expect(await expectStoredAsShown(h.app, cookie, runId, "single", run.messages)).toBe(
        "completed",
      );
    }
    // Within noise: the difference of the means within three standard errors of it (at least
    // 0.05). Concurrent runs share the gateway's cache, whose hits do not spend a run's budget, so
    // even fault-free runs of one prompt end at different scores (0.75–0.875 here); at two
    // standard errors four runs a side failed about one time in eight without any fault effect.
    const se = Math.sqrt(sd(c.best) ** 2 / RUNS + sd(f.best) ** 2 / RUNS);
    expect(Math.abs(mean(f.best) - mean(c.best))).toBeLessThanOrEqual(Math.max(3 * se, 0.05));
    const seTest = Math.sqrt(sd(c.test) ** 2 / RUNS + sd(f.test) ** 2 / RUNS);
    expect(Math.abs(mean(f.test) - mean(c.test))).toBeLessThanOrEqual(Math.max(3 * seTest, 0.05));
  });
});
