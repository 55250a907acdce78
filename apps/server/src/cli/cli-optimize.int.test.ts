/**
 * `promptune optimize` as a CI job runs it: the real executable in a child
 * process against the fixture LLM. Covers --dataset-file with --metric,
 * --output run.json, --json lines, the progress display (plain lines when
 * piped, a bar with --progress bar and on a real pseudo-terminal), bad files
 * (exit 2 naming the line) and a provider that is down (exit 3).
 */
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { CliOptimizeOutputSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess } from "../testing/cli";
import {
  agentsConfig,
  cliWorkspace,
  exampleLines,
  fixtureEnv,
  HALF_PROMPT,
} from "../testing/cli-fixtures";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { freePort } from "../testing/processes";
import { formatHeldOut } from "./reporters/held-out";

const bundledDir = join(import.meta.dirname, "..", "engine-int", "fixtures");

/** A CSV version of the test examples (header, then one row per example). */
function csvOf(lines: string[]): string {
  const rows = lines.map((l) => {
    const e = JSON.parse(l);
    return [e.id, `"${e.dialog[0].content}"`, `"${e.reference}"`, e.expected].join(",");
  });
  return ["id,input,reference,expected", ...rows, ""].join("\n");
}

/** Single-quotes an argument for `sh -c`. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function hasScript(): boolean {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("promptune optimize (child process, fixture LLM)", () => {
  let fixture: FixtureLlm;
  let env: Record<string, string>;
  let ws: Awaited<ReturnType<typeof cliWorkspace>>;
  let csv: string;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    env = fixtureEnv(fixture.url);
    ws = await cliWorkspace();
    csv = await ws.write("parcels.csv", csvOf(exampleLines()));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const fileArgs = (...more: string[]) => [
    "optimize",
    "--dataset-file",
    csv,
    "--metric",
    "contains",
    "-m",
    "fixture-small",
    "-p",
    HALF_PROMPT,
    "-n",
    "2",
    ...more,
  ];

  it("optimises on a CSV file and writes run.json with configurations, scores and usage", async () => {
    const output = join(ws.dir, "out", "run.json");
    const run = await runCliProcess(fileArgs("--output", output), env);
    expect(run.code).toBe(0);
    const parsed = CliOptimizeOutputSchema.parse(JSON.parse(await readFile(output, "utf8")));
    expect(parsed.status).toBe("complete");
    const saved = { ...parsed, result: parsed.result ?? expect.fail("no result") };
    expect(saved.dataset).toEqual({
      name: "parcels",
      source: "file",
      metric: "contains",
      size: 12,
    });
    expect(saved.model).toBe("fixture-small");
    expect(saved.iterations.map((i) => i.iteration)).toEqual([0, 1, 2]);
    expect(saved.iterations[0]?.configuration.prompt).toBe(HALF_PROMPT);
    expect(saved.result.test_score).not.toBeNull();
    expect(saved.result.initial_test_score).not.toBeNull();
    expect(saved.result.usage.calls).toBeGreaterThanOrEqual(
      saved.iterations.reduce((n, i) => n + i.usage.calls, 0) + 4, // + held-out scoring (≥ 4 examples)
    );
    expect(run.stdout).toMatch(/iteration {2}0\/2 {2}validation/);
    expect(run.stdout).toContain("Held-out test (4 examples):");
    // the held-out comparison with its interval, and the estimate that capped the run
    expect(saved.result.held_out?.examples).toBe(4);
    if (saved.result.held_out) expect(run.stdout).toContain(formatHeldOut(saved.result.held_out));
    const estimate = saved.result.estimate;
    expect(estimate?.calls).toBeGreaterThan(0);
    expect(run.stdout).toContain(`Estimate: ≈ ${estimate?.calls} model calls`);
    expect(saved.result.usage.calls).toBeLessThanOrEqual(estimate?.max_calls ?? 0);
    // piped: plain progress lines with calls, tokens and cost
    expect(run.stderr).toMatch(/^iteration 0\/2 · 0 calls · 0 tokens · \$0\.0000 · scoring/m);
    expect(run.stderr).toMatch(
      /^iteration 2\/2 · \d+ calls · \d+ tokens · \$\d+\.\d{4} · best [\d.]+% · scoring the held-out split…$/m,
    );
    expect(run.stderr).not.toContain("\r");
  });

  it("keeps --json output to JSON lines on stdout and nothing on stderr", async () => {
    const run = await runCliProcess(
      [
        "optimize",
        "-d",
        "customer-help-mini",
        "-p",
        "You help customers.",
        "-n",
        "2",
        "-m",
        "fixture-small",
        "--json",
      ],
      { ...env, DATASETS_DIR: bundledDir },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toEqual(["iteration", "iteration", "iteration", "final"]);
    expect(lines[3]).toMatchObject({ test_size: 8, totalIterations: 2 });
    expect(lines[3].estimate.max_calls).toBeGreaterThanOrEqual(lines[3].estimate.calls);
    expect(lines[3].best_validation_score).toBeGreaterThan(lines[3].initial_score);
  });

  it("optimises a multi-agent configuration from --agents", async () => {
    const agents = await ws.write("agents.json", JSON.stringify(agentsConfig("fixture-small")));
    const output = join(ws.dir, "multi.json");
    const run = await runCliProcess(
      [
        "optimize",
        "--dataset-file",
        csv,
        "--metric",
        "contains",
        "--agents",
        agents,
        "-n",
        "1",
        "-o",
        output,
      ],
      env,
    );
    expect(run.code).toBe(0);
    const saved = CliOptimizeOutputSchema.parse(JSON.parse(await readFile(output, "utf8")));
    expect(saved.model).toBeNull();
    expect(saved.result?.["worker-agents"]?.[0]?.name).toBe("Tracker");
    expect(run.stdout).toContain("Final configuration:");
  });

  it("draws a bar redrawn in place with --progress bar", async () => {
    const run = await runCliProcess(fileArgs("--progress", "bar"), env);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("\r\x1b[2K[");
    expect(run.stderr).toMatch(
      /\] 2\/2 iteration 2\/2 · \d+ calls · \d+ tokens · \$\d+\.\d{4} · best /,
    );
    expect(run.stderr).not.toContain("\n");
    expect(run.stdout).toContain("Final prompt:");
  });

  it.runIf(hasScript())(
    "draws the bar on a real terminal (pseudo-terminal via script)",
    async () => {
      const run = await runCliProcess(fileArgs("-n", "1"), env, {
        wrap: (argv) => ["script", "-qefc", argv.map(shellQuote).join(" "), "/dev/null"],
      });
      expect(run.code).toBe(0);
      // stdout and stderr share the terminal: the bar and the result lines
      expect(run.stdout).toContain("\x1b[2K[");
      expect(run.stdout).toMatch(/iteration 1\/1 · \d+ calls · \d+ tokens/);
      expect(run.stdout).toContain("Final prompt:");
    },
  );

  it("rejects a bad dataset file naming the line, with exit 2 and no model call", async () => {
    const before = fixture.stats().requests;
    const bad = await ws.write(
      "bad.csv",
      `${csvOf(exampleLines())}ex-13,,"no question here",refund\n`,
    );
    const run = await runCliProcess(
      ["optimize", "--dataset-file", bad, "--metric", "contains", "-p", "x"],
      env,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `promptune: invalid dataset ${bad}:\n  line 14: input: the message is empty\n`,
    );
    const few = await ws.write("few.jsonl", exampleLines().slice(0, 2).join("\n"));
    const small = await runCliProcess(["optimize", "--dataset-file", few, "-p", "x"], env);
    expect(small.code).toBe(2);
    expect(small.stderr).toContain("A dataset needs at least 3 examples (this one has 2).");
    const usage = await runCliProcess(
      ["optimize", "--dataset-file", csv, "-p", "x", "-n", "99"],
      env,
    );
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--iterations must be a whole number from 1 to 10");
    expect(fixture.stats().requests).toBe(before);
  });

  it("exits 3 when the provider is down", async () => {
    const port = await freePort();
    const run = await runCliProcess(fileArgs(), {
      ...env,
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_MAX_RETRIES: "0",
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/promptune: The LLM provider failed for "fixture-small"/);
  });
});
