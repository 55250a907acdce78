/**
 * `promptune eval` and `promptune datasets validate` as a CI job runs them:
 * the real executable in a child process against the fixture LLM. Covers the
 * held-out split and --all, failures listed per example, --min-score and
 * --baseline/--max-drop (a regression exits 1; a baseline of other examples
 * warns), --junit, --agents, bad files
 * (exit 2 naming the line) and a provider that is down (exit 3).
 */
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { EvalReportSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess } from "../testing/cli";
import {
  agentsConfig,
  cliWorkspace,
  exampleLines,
  fixtureEnv,
  GOOD_PROMPT,
  HALF_PROMPT,
} from "../testing/cli-fixtures";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { freePort } from "../testing/processes";

describe("promptune eval (child process, fixture LLM)", () => {
  let fixture: FixtureLlm;
  let env: Record<string, string>;
  let ws: Awaited<ReturnType<typeof cliWorkspace>>;
  let dataset: string;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    env = fixtureEnv(fixture.url);
    ws = await cliWorkspace();
    dataset = await ws.write("parcels.jsonl", `${exampleLines().join("\n")}\n`);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const evalArgs = (prompt: string, ...more: string[]) => [
    "eval",
    "--dataset-file",
    dataset,
    "--metric",
    "contains",
    "--model",
    "fixture-small",
    "--prompt",
    prompt,
    ...more,
  ];

  it("scores the held-out split by default and prints a JSON report with --json", async () => {
    const run = await runCliProcess(evalArgs(HALF_PROMPT, "--json"), env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = EvalReportSchema.parse(JSON.parse(run.stdout));
    expect(report.split).toBe("held-out");
    // 12 examples: 30 % held out → 4, never the whole file
    expect(report.examples).toBe(4);
    expect(report.dataset).toEqual({
      name: "parcels",
      source: "file",
      metric: "contains",
      size: 12,
    });
    const order = report.results.map((r) => Number(r.id.slice(3)));
    expect(order).toEqual([...order].sort((a, b) => a - b)); // file order
    for (const r of report.results) {
      const even = Number(r.id.slice(3)) % 2 === 1; // ex-1, ex-3, … expect "refund"
      expect(r.passed, r.id).toBe(even);
      expect(r.reply).toContain("Answer: Question");
    }
    expect(report.usage.calls).toBe(4);
  });

  it("scores every example with --all and lists the failing ones", async () => {
    // --no-cache: the calls are counted, not answered from the first test's cache
    const run = await runCliProcess(evalArgs(HALF_PROMPT, "--all", "--no-cache"), env);
    expect(run.code).toBe(0);
    const failures = run.stdout.split("\n").filter((l) => l.startsWith("FAIL "));
    expect(failures.map((l) => l.split(/\s+/)[1])).toEqual([
      "ex-2",
      "ex-4",
      "ex-6",
      "ex-8",
      "ex-10",
      "ex-12",
    ]);
    expect(failures[0]).toContain("0.0%");
    expect(run.stdout).toContain(
      "Score: 50.0% on 12 examples of parcels (all examples); 6 passed, 6 failed",
    );
    // not a terminal: progress as plain lines on stderr
    expect(run.stderr).toMatch(/^example 0\/12 · 0 calls · 0 tokens · \$0\.0000$/m);
    expect(run.stderr).toMatch(/^example 12\/12 · 12 calls · \d+ tokens/m);
    expect(run.stderr).not.toContain("\r");
  });

  it("exits 1 below --min-score and 0 at or above it", async () => {
    const below = await runCliProcess(evalArgs(HALF_PROMPT, "--all", "--min-score", "80%"), env);
    expect(below.code).toBe(1);
    expect(below.stdout).toContain("FAILED: score 50.0% is below --min-score 80.0%");
    const at = await runCliProcess(evalArgs(HALF_PROMPT, "--all", "--min-score", "0.5"), env);
    expect(at.code).toBe(0);
    expect(at.stdout).toContain("ok: score ≥ 50.0%");
  });

  it("fails a regression against a baseline with exit 1 and writes a JUnit report", async () => {
    const baseline = join(ws.dir, "baseline.json");
    const good = await runCliProcess(evalArgs(GOOD_PROMPT, "--all", "--output", baseline), env);
    expect(good.code).toBe(0);
    const saved = EvalReportSchema.parse(JSON.parse(await readFile(baseline, "utf8")));
    expect(saved.score).toBe(1);
    expect(saved.configuration.prompt).toBe(GOOD_PROMPT);

    const junit = join(ws.dir, "reports", "eval.xml");
    const worse = await runCliProcess(
      evalArgs(HALF_PROMPT, "--all", "--baseline", baseline, "--max-drop", "10%", "--junit", junit),
      env,
    );
    expect(worse.code).toBe(1);
    expect(worse.stdout).toContain(
      `FAILED: score 50.0% is 50.0 points below the baseline 100.0% (${baseline}); --max-drop allows 10.0`,
    );
    const xml = await readFile(junit, "utf8");
    // Only the enforced gate fails (exit 1); examples below the pass mark are not gates
    // without --pass-score, so they pass and carry their score.
    expect(xml).toMatch(
      /<testsuite name="promptune eval parcels \(all\) fixture-small" tests="13" failures="1" errors="0" skipped="0" time="[\d.]+" timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d"/,
    );
    expect(xml.match(/<testcase /g)).toHaveLength(13);
    expect(xml).toMatch(
      /<testcase name="ex-2" classname="promptune.parcels" time="[\d.]+">\n {6}<system-out>score 0.0% \(pass mark 100.0%\): /,
    );
    expect(xml).toContain('name="drop from baseline ≤ 10.0 points"');

    // With --pass-score every example is a gate: 6 failing examples + the gate, exit 1.
    const gated = await runCliProcess(
      evalArgs(HALF_PROMPT, "--all", "--pass-score", "1", "--junit", junit),
      env,
    );
    expect(gated.code).toBe(1);
    const gatedXml = await readFile(junit, "utf8");
    expect(gatedXml).toContain('tests="13" failures="7"');
    expect(gatedXml).toMatch(
      /<testcase name="ex-2" classname="promptune.parcels" time="[\d.]+">\n {6}<failure message="score 0.0% \(pass mark 100.0%\): /,
    );

    const same = await runCliProcess(evalArgs(GOOD_PROMPT, "--all", "--baseline", baseline), env);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain("ok: drop from baseline ≤ 0.0 points");
    expect(same.stderr).not.toContain("warning");

    // the same file edited since the baseline: one example dropped, one added
    await mkdir(join(ws.dir, "edited"));
    const added = JSON.stringify({
      id: "ex-13",
      dialog: [{ type: "human", content: "Question 13 about my parcel." }],
      reference: "We will refund you.",
      expected: "refund",
    });
    const edited = await ws.write(
      join("edited", "parcels.jsonl"),
      `${[...exampleLines().slice(0, 11), added].join("\n")}\n`,
    );
    const moved = await runCliProcess(
      [...evalArgs(GOOD_PROMPT, "--all", "--baseline", baseline)].map((a) =>
        a === dataset ? edited : a,
      ),
      env,
    );
    expect(moved.code).toBe(0);
    expect(moved.stderr).toContain(
      `warning: the baseline ${baseline} was measured on other examples: 1 of its 12 are not in this run, which has 1 it did not score`,
    );
  });

  it("evaluates a multi-agent configuration from --agents", async () => {
    const agents = await ws.write("agents.json", JSON.stringify(agentsConfig("fixture-small")));
    const run = await runCliProcess(
      [
        "eval",
        "--dataset-file",
        dataset,
        "--metric",
        "contains",
        "--agents",
        agents,
        "--all",
        "--json",
      ],
      env,
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = EvalReportSchema.parse(JSON.parse(run.stdout));
    expect(report.model).toBeNull();
    expect(report.configuration["worker-agents"]?.[0]?.name).toBe("Tracker");
    // the coordinator's and the worker's directives both reach the reply
    expect(report.score).toBe(1);
    expect(report.usage.calls).toBeGreaterThan(12);
  });

  it("scores a bundled judge dataset with --dataset", async () => {
    const datasetsDir = join(import.meta.dirname, "..", "engine-int", "fixtures");
    const run = await runCliProcess(
      [
        "eval",
        "--dataset",
        "customer-help-mini",
        "-p",
        "Be kind.",
        "-m",
        "fixture-small",
        "--json",
      ],
      { ...env, DATASETS_DIR: datasetsDir },
    );
    expect(run.code).toBe(0);
    const report = EvalReportSchema.parse(JSON.parse(run.stdout));
    expect(report.dataset).toMatchObject({ source: "bundled", metric: "judge", size: 25 });
    expect(report.examples).toBe(8);
    // the judge's feedback names the missing rubric items
    expect(report.results.some((r) => r.feedback.startsWith("Missing:"))).toBe(true);
  });

  it("rejects bad files with a message naming the problem and exit 2, before any model call", async () => {
    const before = fixture.stats().requests;
    const badAgents = await ws.write("bad-agents.json", JSON.stringify({ "master-agent": {} }));
    const notJson = await ws.write("baseline.txt", "{oops");
    const cases: Array<[string[], RegExp]> = [
      [
        evalArgs(HALF_PROMPT, "--baseline", notJson),
        /--baseline .*baseline\.txt is not valid JSON/,
      ],
      [
        ["eval", "--dataset-file", dataset, "--metric", "contains", "--agents", badAgents],
        /--agents file .*bad-agents\.json is not valid:\n {2}master-agent\.name: /,
      ],
      [
        evalArgs(HALF_PROMPT, "--baseline", join(ws.dir, "missing.json")),
        /missing\.json: no such file/,
      ],
      [
        ["eval", "--dataset-file", join(ws.dir, "nope.jsonl"), "-p", "x"],
        /cannot read dataset file .*nope\.jsonl: no such file/,
      ],
      [["eval", "--dataset", "nope", "-p", "x"], /unknown dataset "nope"/],
      [evalArgs(HALF_PROMPT, "--min-score", "2"), /--min-score must be a share/],
    ];
    for (const [args, message] of cases) {
      const run = await runCliProcess(args, env);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    expect(fixture.stats().requests).toBe(before);
  });

  it("exits 3 when the provider is down", async () => {
    const port = await freePort();
    const run = await runCliProcess(evalArgs(HALF_PROMPT), {
      ...env,
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_MAX_RETRIES: "0",
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^promptune: The LLM provider failed for "fixture-small"/m);
  });
});

describe("promptune datasets validate (child process)", () => {
  let ws: Awaited<ReturnType<typeof cliWorkspace>>;
  beforeAll(async () => {
    ws = await cliWorkspace();
  });

  it("accepts a valid JSONL or CSV file without calling a model", async () => {
    const jsonl = await ws.write("ok.jsonl", exampleLines().join("\n"));
    const run = await runCliProcess(["datasets", "validate", jsonl, "--metric", "exact"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${jsonl}: valid, 12 examples (metric exact)\n`);
    const csv = await ws.write(
      "ok.csv",
      'id,input,reference,expected\na,"Hi, there",Hello,hello\nb,Second,Two,2\nc,Third,Three,3\n',
    );
    const json = await runCliProcess(["datasets", "validate", csv, "--json"], {});
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      valid: true,
      name: "ok",
      size: 3,
      metric: "judge",
    });
  });

  it("names every bad line and exits 2", async () => {
    const lines = exampleLines();
    lines[2] = "{not json";
    lines[6] = JSON.stringify({ id: "x", dialog: [], reference: "r" });
    const bad = await ws.write("bad.jsonl", lines.join("\n"));
    const run = await runCliProcess(["datasets", "validate", bad], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`promptune: invalid dataset ${bad}:`);
    expect(run.stderr).toMatch(/line 3: not valid JSON/);
    expect(run.stderr).toMatch(/line 7: dialog: /);
    const csv = await ws.write("bad.csv", "id,prompt\n1,hi\n");
    const noColumn = await runCliProcess(["datasets", "validate", csv], {});
    expect(noColumn.code).toBe(2);
    expect(noColumn.stderr).toContain(
      "line 1: the header must name the column(s): reference, input or dialog",
    );
    const noExpected = await ws.write(
      "plain.jsonl",
      exampleLines()
        .map((l) => JSON.stringify({ ...JSON.parse(l), expected: undefined }))
        .join("\n"),
    );
    const metric = await runCliProcess(
      ["datasets", "validate", noExpected, "--metric", "regex"],
      {},
    );
    expect(metric.code).toBe(2);
    // every example without an answer, each with its line (the first ten shown, then a count)
    for (const n of [1, 2, 10])
      expect(metric.stderr).toContain(
        `line ${n}: expected: the regex metric needs an "expected" answer on every example`,
      );
    expect(metric.stderr).toContain("… and 2 more");
    const txt = await ws.write("data.txt", "hello");
    const ext = await runCliProcess(["datasets", "validate", txt], {});
    expect(ext.code).toBe(2);
    expect(ext.stderr).toContain("a dataset file must end in .jsonl or .csv");
  });
});
