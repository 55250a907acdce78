/**
 * Safe evals on paid, rate-limited APIs, measured at the counting fixture
 * LLM (it records every request with its arrival and end time and the most
 * requests it ever had in flight): `--concurrency N` for every command that
 * calls models, Ctrl-C (SIGINT) — no call starts after it, the calls in
 * flight are aborted, partial --output/--junit marked interrupted, exit 130
 * — a provider failure with partial reports (exit 3), and the disk cache on
 * a repeated eval. Figures are printed as `[safety]` lines for docs/ci.md.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { CliOptimizeOutputSchema, EvalReportSchema } from "@promptune/contracts";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { CLI_BIN, runCliProcess } from "../testing/cli";
import { cliWorkspace, exampleLines, fixtureEnv, GOOD_PROMPT } from "../testing/cli-fixtures";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";

/** Twenty-four distinct examples so a run has far more calls than any concurrency tried. */
function manyExamples(): string {
  const lines = [...exampleLines(), ...exampleLines()].map((line, i) => {
    const example = JSON.parse(line);
    const dialog = [{ type: "human", content: `Question ${i + 1} about my parcel.` }];
    return JSON.stringify({ ...example, id: `ex-${i + 1}`, dialog });
  });
  return `${lines.join("\n")}\n`;
}

describe("safe evals (counting fixture LLM)", () => {
  let ws: Awaited<ReturnType<typeof cliWorkspace>>;
  let dataset: string;
  let fixture: FixtureLlm | undefined;

  beforeAll(async () => {
    ws = await cliWorkspace();
    dataset = await ws.write("parcels.jsonl", manyExamples());
  });
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
  });

  const evalArgs = (...more: string[]) => metricArgs("judge", ...more);
  /** One call per example with `contains`, two (reply and judge) with `judge`. */
  const metricArgs = (metric: string, ...more: string[]) => [
    "eval",
    "--dataset-file",
    dataset,
    "--metric",
    metric,
    "--model",
    "fixture-small",
    "--prompt",
    GOOD_PROMPT,
    "--all",
    "--no-cache",
    ...more,
  ];

  /**
   * The provider settings of a real deployment: an adaptive limit that may grow to 64. Every eval
   * below starts all 24 examples at once, so calls queue behind the limit and, without the fixed
   * ceiling, slow start would raise it past N after the first answers (the old wiring had up to 15
   * calls in flight with --concurrency 1 here).
   */
  const adaptiveEnv = (url: string) => ({ ...fixtureEnv(url), LLM_CONCURRENCY_MAX: "64" });

  it("never has more than --concurrency calls in flight in an eval", async () => {
    for (const n of [1, 2, 4]) {
      fixture = await startFixtureLlm({ latencyMs: 20 });
      const run = await runCliProcess(
        evalArgs("--concurrency", String(n), "--progress", "none"),
        adaptiveEnv(fixture.url),
      );
      const stats = fixture.stats();
      console.log(
        `[safety] eval --concurrency ${n}: ${stats.requests} calls, at most ${stats.maxInFlight} in flight`,
      );
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(stats.requests).toBe(48); // 24 replies + 24 judge calls
      expect(stats.maxInFlight).toBeLessThanOrEqual(n);
      // the ceiling is reached, so the test can tell a cap from a serial run
      expect(stats.maxInFlight).toBe(n);
      await fixture.close();
      fixture = undefined;
    }
  });

  it("never has more than --concurrency calls in flight in an optimize run", async () => {
    fixture = await startFixtureLlm({ latencyMs: 10 });
    const optimize = await runCliProcess(
      [
        "optimize",
        "--dataset-file",
        dataset,
        "--metric",
        "judge",
        "--model",
        "fixture-small",
        "--prompt",
        "You help customers.",
        "--iterations",
        "2",
        "--concurrency",
        "2",
        "--no-cache",
        "--progress",
        "none",
      ],
      adaptiveEnv(fixture.url),
    );
    const stats = fixture.stats();
    console.log(
      `[safety] optimize --concurrency 2: ${stats.requests} calls, at most ${stats.maxInFlight} in flight`,
    );
    expect(stats.maxInFlight).toBeLessThanOrEqual(2);
    expect(stats.maxInFlight).toBe(2);
    expect(stats.requests).toBeGreaterThan(20);
    expect(optimize.code).toBe(0);
  });

  it("on Ctrl-C starts no new call, aborts the calls in flight, writes partial reports and exits 130", async () => {
    fixture = await startFixtureLlm({ latencyMs: 800 });
    const live = fixture;
    const output = join(ws.dir, "interrupted.json");
    const junit = join(ws.dir, "interrupted.xml");
    const child = spawn(
      process.execPath,
      [
        CLI_BIN,
        ...metricArgs("contains", "--concurrency", "2", "--output", output, "--junit", junit),
      ],
      {
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          ...fixtureEnv(live.url),
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    // Wait until some examples are done, both slots are busy (the other examples queued behind
    // them), a call has just arrived and the other is under 450 ms old, then press Ctrl-C: no slot
    // frees for at least 350 ms, so a call after the signal is one the command let start, not one
    // already on its way. (The two slots alternate with a fixed offset d, so at each arrival the
    // other call is d or 800 - d old: one of the two is at most 400.)
    for (;;) {
      const stats = live.stats();
      const ages = stats.calls
        .filter((c) => c.endedAt === null)
        .map((c) => performance.now() - c.startedAt);
      if (
        stats.requests >= 7 &&
        ages.length === 2 &&
        Math.min(...ages) < 30 &&
        Math.max(...ages) < 450
      )
        break;
      await new Promise((r) => setTimeout(r, 2));
    }
    const signalledAt = performance.now();
    const requestsAtSignal = live.stats().requests;
    child.kill("SIGINT");
    const code = await exited;
    const exitedAfterMs = performance.now() - signalledAt;
    const calls = live.stats().calls;
    const after = calls.filter((c) => c.startedAt > signalledAt);
    const inFlightAtSignal = calls.filter(
      (c) => c.startedAt <= signalledAt && (c.endedAt === null || c.endedAt > signalledAt),
    );
    console.log(
      `[safety] Ctrl-C after ${requestsAtSignal} calls: ${after.length} calls after it, ${inFlightAtSignal.filter((c) => c.outcome === "aborted").length} of ${inFlightAtSignal.length} in flight aborted, exit ${code} in ${Math.round(exitedAfterMs)} ms`,
    );
    expect(code).toBe(130);
    expect(stderr).toContain("promptune: cancelled");
    expect(after).toHaveLength(0);
    expect(inFlightAtSignal.length).toBeGreaterThan(0);
    for (const c of inFlightAtSignal) expect(c.outcome).toBe("aborted");

    const report = EvalReportSchema.parse(JSON.parse(await readFile(output, "utf8")));
    expect(report.status).toBe("interrupted");
    expect(report.examples).toBe(24);
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.results.length).toBeLessThan(24);
    const xml = await readFile(junit, "utf8");
    expect(xml).toContain('<error message="interrupted');
    const schema = await readFile(new URL("./reporters/junit.xsd", import.meta.url), "utf8");
    const validation = await validateXML({
      xml: [{ fileName: "interrupted.xml", contents: xml }],
      schema: [{ fileName: "junit.xsd", contents: schema }],
    });
    expect(validation.errors).toEqual([]);
  });

  it("on Ctrl-C during optimize stops at once and writes the finished iterations, marked interrupted", async () => {
    fixture = await startFixtureLlm({ latencyMs: 500 });
    const live = fixture;
    const output = join(ws.dir, "optimize-interrupted.json");
    const child = spawn(
      process.execPath,
      [
        CLI_BIN,
        "optimize",
        "--dataset-file",
        dataset,
        "--metric",
        // judge calls are deterministic: they go through the gateway's shared flights, which kept
        // sending queued calls after Ctrl-C before flights could be aborted
        "judge",
        "--model",
        "fixture-small",
        "--prompt",
        "You help customers.",
        "--iterations",
        "6",
        "--concurrency",
        "2",
        "--no-cache",
        "--output",
        output,
      ],
      {
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          ...fixtureEnv(live.url),
        },
        stdio: ["ignore", "ignore", "ignore"],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    // Ctrl-C while both slots are busy (more calls queued), one of them a judge call (temperature
    // 0, a shared flight) that has just started and the other under 300 ms old, so no slot frees
    // for 200 ms: the old flights sent a judge call without the caller's signal, so it ran to its
    // end after Ctrl-C, and the calls queued behind the slots were still sent.
    for (;;) {
      const stats = live.stats();
      const now = performance.now();
      const open = stats.calls.filter((c) => c.endedAt === null);
      const judging = open.some((c) => c.temperature === 0 && now - c.startedAt < 30);
      if (open.length === 2 && judging && open.every((c) => now - c.startedAt < 300)) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    const signalledAt = performance.now();
    child.kill("SIGINT");
    const code = await exited;
    const calls = live.stats().calls;
    // a request already on the wire when the signal was sent may arrive within a few ms
    const after = calls.filter((c) => c.startedAt > signalledAt + 20);
    const inFlightAtSignal = calls.filter(
      (c) => c.startedAt <= signalledAt && (c.endedAt === null || c.endedAt > signalledAt),
    );
    console.log(
      `[safety] optimize Ctrl-C: ${after.length} calls after it, ${inFlightAtSignal.filter((c) => c.outcome === "aborted").length} of ${inFlightAtSignal.length} in flight aborted, exit ${code}`,
    );
    expect(code).toBe(130);
    expect(after).toHaveLength(0);
    for (const c of inFlightAtSignal) expect(c.outcome).toBe("aborted");
    const saved = CliOptimizeOutputSchema.parse(JSON.parse(await readFile(output, "utf8")));
    expect(saved.status).toBe("interrupted");
    expect(saved.result).toBeNull();
  });

  it("writes partial reports marked provider_failed when the provider fails, and exits 3", async () => {
    fixture = await startFixtureLlm({ latencyMs: 20 });
    const live = fixture;
    const output = join(ws.dir, "failed.json");
    const junit = join(ws.dir, "failed.xml");
    const running = runCliProcess(
      metricArgs(
        "contains",
        "--concurrency",
        "1",
        "--output",
        output,
        "--junit",
        junit,
        "--progress",
        "none",
      ),
      { ...fixtureEnv(live.url), LLM_MAX_RETRIES: "0" },
    );
    // the provider goes down after ten answers
    while (live.stats().requests < 10) await new Promise((r) => setTimeout(r, 2));
    live.setConfig({ faults: [{ status: 500 }] });
    const run = await running;
    expect(run.code).toBe(3);
    const report = EvalReportSchema.parse(JSON.parse(await readFile(output, "utf8")));
    expect(report.status).toBe("provider_failed");
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.results.length).toBeLessThan(24);
    expect(await readFile(junit, "utf8")).toContain('<error message="provider_failed');
  });

  it("answers a repeated eval from the disk cache", async () => {
    fixture = await startFixtureLlm();
    const env = fixtureEnv(fixture.url);
    const args = evalArgs("--json").filter((a) => a !== "--no-cache");
    const first = EvalReportSchema.parse(JSON.parse((await runCliProcess(args, env)).stdout));
    const requestsAfterFirst = fixture.stats().requests;
    const second = EvalReportSchema.parse(JSON.parse((await runCliProcess(args, env)).stdout));
    console.log(
      `[safety] repeated eval: first ${first.usage.calls} calls, second ${second.usage.calls} calls and ${second.usage.cached_calls} cache hits`,
    );
    expect(first.usage.calls).toBe(48);
    expect(second.usage.cached_calls).toBe(48);
    expect(second.usage.calls).toBe(0);
    expect(fixture.stats().requests).toBe(requestsAfterFirst);
    expect(second.score).toBe(first.score);
  });
});
