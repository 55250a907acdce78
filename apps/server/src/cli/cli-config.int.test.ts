/**
 * `promptune eval -c` / `optimize -c` with promptune.config.yaml as a team
 * writes it, the real executable against the fixture LLM: the issue's
 * minimal file as written, the prompts × models comparison, assertions,
 * thresholds, --repeat with its interval, --gate-on lower, outputs by
 * extension (csv, md, html grid) and $GITHUB_STEP_SUMMARY, and a bad file
 * reported line by line.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { EvalReportSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { runCliProcess } from "../testing/cli";
import {
  cliWorkspace,
  exampleLines,
  fixtureEnv,
  GOOD_PROMPT,
  HALF_PROMPT,
} from "../testing/cli-fixtures";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";

describe("promptune eval -c / optimize -c (fixture LLM)", () => {
  let fixture: FixtureLlm;
  let env: Record<string, string>;
  let ws: Awaited<ReturnType<typeof cliWorkspace>>;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    env = fixtureEnv(fixture.url);
    ws = await cliWorkspace();
    await ws.write("parcels.jsonl", `${exampleLines().join("\n")}\n`);
    await ws.write(
      "sums.jsonl",
      (
        [
          [2, 3],
          [4, 4],
          [1, 1],
          [3, 3],
          [5, 2],
          [6, 3],
        ] as Array<[number, number]>
      )
        .map(([a, b]) => JSON.stringify({ input: `What is ${a}+${b}?`, expected: String(a + b) }))
        .join("\n"),
    );
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it("runs the issue's minimal config as written and prints the prompts × models table", async () => {
    const config = await ws.write(
      "promptune.config.yaml",
      "dataset: sums.jsonl\nmetric: exact\nprompts:\n  - Answer with digits only.\n  - You are a helpful assistant.\nmodels: [gpt-4o-mini, gpt-4o]\n",
    );
    const run = await runCliProcess(["eval", "-c", config, "--progress", "none"], env, {
      cwd: ws.dir,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Comparison on 2 examples of sums (held-out split)");
    const rows = run.stdout.split("\n").filter((l) => /^\d\*?\s/.test(l));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/gpt-4o-mini\s+Answer with digits only\.\s+0\s/);
    expect(rows[3]).toMatch(/gpt-4o\s+You are a helpful assistant\.\s+0\s/);
    // the temperature of an eval is 0 unless the file says otherwise
    const calls = fixture.stats().calls.filter((c) => c.model === "gpt-4o");
    expect(calls.every((c) => c.temperature === 0)).toBe(true);
  });

  it("scores with assertions, applies the file's thresholds and writes csv, md, html and the step summary", async () => {
    await ws.write(
      "check.mjs",
      "export default (example, reply) => reply.toLowerCase().includes(example.expected);\n",
    );
    const config = await ws.write(
      "assert.yaml",
      [
        "# yaml-language-server: $schema=promptune.config.schema.json",
        "dataset: { file: parcels.jsonl }",
        "prompts:",
        `  - ${JSON.stringify(GOOD_PROMPT)}`,
        `  - { id: half, text: ${JSON.stringify(HALF_PROMPT)} }`,
        "models: [fixture-small]",
        "assertions:",
        "  - type: contains",
        '    value: "{{expected}}"',
        "  - type: javascript",
        "    module: check.mjs",
        "  - type: regex",
        "    pattern: 'Always|refund|tracking'",
        "    flags: i",
        "  - type: rubric",
        '    items: ["offer a refund"]',
        "thresholds:",
        "  min_score: 0.9",
      ].join("\n"),
    );
    const summary = join(ws.dir, "summary.md");
    await writeFile(summary, "# earlier step\n");
    const outputs = ["out.csv", "out.md", "out.html", "out.json"].map((f) => join(ws.dir, f));
    const runs = [];
    for (const output of outputs)
      runs.push(
        await runCliProcess(
          ["eval", "-c", config, "--all", "--progress", "none", "--output", output],
          { ...env, GITHUB_STEP_SUMMARY: summary },
        ),
      );
    // the half prompt misses its threshold → exit 1, the good one passes
    for (const run of runs) expect(run.code).toBe(1);
    expect(runs[0]?.stdout).toContain(
      "FAILED (fixture-small): score 75.0% is below --min-score 90.0%",
    );
    const csv = await readFile(outputs[0] as string, "utf8");
    expect(csv.split("\n")[0]).toBe("model,prompt,temperature,example,score,passed,feedback,reply");
    // one record per example and configuration (replies with line breaks are quoted)
    expect(csv.split("\n").filter((l) => l.startsWith("fixture-small,"))).toHaveLength(24);
    const md = await readFile(outputs[1] as string, "utf8");
    expect(md).toContain("| model | prompt | temperature | score | 95 % interval |");
    expect(md).toContain(
      "| fixture-small | You help customers. Always offer a refund. | 0 | 75.0% |",
    );
    const html = await readFile(outputs[2] as string, "utf8");
    expect(html.match(/<tr><th>ex-\d+<\/th>/g)).toHaveLength(12);
    expect(html.match(/<td style="background:hsl\(/g)?.length).toBe(2 + 24);
    const matrix = z
      .object({ type: z.literal("eval-matrix"), reports: z.array(EvalReportSchema) })
      .parse(JSON.parse(await readFile(outputs[3] as string, "utf8")));
    // odd examples: "tracking" missing (contains and module fail; the regex and the judged rubric pass) → 1/2
    expect(matrix.reports.map((r) => r.score)).toEqual([1, 0.75]);
    expect(matrix.reports[1]?.results.find((r) => r.id === "ex-2")?.feedback).toBe(
      "Missing: tracking",
    );
    const step = await readFile(summary, "utf8");
    expect(step.startsWith("# earlier step\n### promptune eval: parcels (all)")).toBe(true);
    expect(step.match(/### promptune eval/g)).toHaveLength(4);
  });

  it("reports --repeat with the interval of the mean and gates on its lower bound", async () => {
    const base = [
      "eval",
      "--dataset-file",
      join(ws.dir, "parcels.jsonl"),
      "--metric",
      "contains",
      "--prompt",
      HALF_PROMPT,
      "--all",
      "--json",
    ];
    const repeated = await runCliProcess([...base, "--repeat", "3", "--no-cache"], env);
    const report = EvalReportSchema.parse(JSON.parse(repeated.stdout));
    expect(report.repeat).toBe(3);
    expect(report.usage.calls).toBe(36);
    expect(report.results[0]?.scores).toEqual([1, 1, 1]);
    expect(report.interval?.low).toBeLessThan(0.5);
    expect(report.interval?.high).toBeGreaterThan(0.5);
    // the mean (50 %) reaches 40 %, the lower bound of its interval does not
    const mean = await runCliProcess([...base, "--min-score", "40%"], env);
    expect(mean.code).toBe(0);
    const lower = await runCliProcess([...base, "--min-score", "40%", "--gate-on", "lower"], env);
    expect(lower.code).toBe(1);
    expect(lower.stderr).toMatch(
      /the score's 95 % interval \d+\.\d%–\d+\.\d% reaches below --min-score 40\.0%/,
    );
  });

  it("optimises every prompt × model of the file and compares their held-out scores", async () => {
    const config = await ws.write(
      "opt.yaml",
      `dataset: parcels.jsonl\nmetric: contains\nprompts: [${JSON.stringify("You help customers.")}]\nmodels: [fixture-small, fixture-large]\noptimize: { iterations: 1 }\n`,
    );
    const run = await runCliProcess(["optimize", "-c", config, "--progress", "none"], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("== 1. fixture-small · t=0.7 · You help customers. ==");
    expect(run.stdout).toContain("== 2. fixture-large · t=0.7 · You help customers. ==");
    expect(run.stdout).toMatch(
      /Comparison \(held-out score, initial → optimised\):\n1\. fixture-small .*: held-out \d+\.\d% → \d+\.\d%\n2\. fixture-large/,
    );
  });

  it("rejects a bad config with every problem on its line and no model call", async () => {
    const before = fixture.stats().requests;
    const config = await ws.write(
      "bad.yaml",
      "dataset: parcels.jsonl\nmetric: exakt\nprompts:\n  - ''\nmodels: fixture-small\ncolour: blue\n",
    );
    const run = await runCliProcess(["eval", "-c", config], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("line 2: metric: Invalid option");
    expect(run.stderr).toContain("line 4: prompts.0: a prompt must not be empty");
    expect(run.stderr).toContain("line 5: models: Invalid input: expected array");
    expect(run.stderr).toContain('line 6: Unrecognized key: "colour"');
    const clash = await runCliProcess(["eval", "-c", config, "--prompt", "x"], env);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain("--prompt cannot be combined with --config");
    expect(fixture.stats().requests).toBe(before);
  });
});
