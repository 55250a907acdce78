/**
 * `promptune optimize --models … --max-cost …` in a child process against
 * the fixture LLM with two priced models: the frontier table and summary on
 * stdout, the frontier in --output, unknown models refused, and the cost cap.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { CliOptimizeOutputSchema, frontierSummary } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess } from "../testing/cli";
import { cliWorkspace, exampleLines, fixtureEnv, HALF_PROMPT } from "../testing/cli-fixtures";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";

describe("promptune optimize with candidate models (child process, fixture LLM)", () => {
  let fixture: FixtureLlm;
  let env: Record<string, string>;
  let ws: Awaited<ReturnType<typeof cliWorkspace>>;
  let data: string;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    env = {
      ...fixtureEnv(fixture.url),
      LLM_PRICES: JSON.stringify({
        "fixture-large": { input: 10, output: 30 },
        "fixture-small": { input: 0.1, output: 0.2 },
      }),
    };
    ws = await cliWorkspace();
    data = await ws.write("parcels.jsonl", `${exampleLines().join("\n")}\n`);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const args = (...more: string[]) => [
    "optimize",
    "--dataset-file",
    data,
    "--metric",
    "contains",
    "-m",
    "fixture-large",
    "-p",
    HALF_PROMPT,
    "-n",
    "2",
    ...more,
  ];

  it("prints the frontier table and writes the frontier in --output", async () => {
    const output = join(ws.dir, "frontier.json");
    const run = await runCliProcess(args("--models", "fixture-small", "--output", output), env);
    expect(run.stderr).not.toContain("Error");
    expect(run.code).toBe(0);
    const saved = CliOptimizeOutputSchema.parse(JSON.parse(await readFile(output, "utf8")));
    const frontier = saved.result?.frontier ?? [];
    expect(frontier.map((p) => p.model_name).sort()).toEqual([
      "fixture-large",
      "fixture-small",
      "fixture-small",
    ]);
    const recommended = frontier.find((p) => p.recommended);
    expect(recommended?.model_name).toBe("fixture-small");
    expect(saved.result?.model_name).toBe("fixture-small");
    expect(run.stdout).toContain("Cost vs quality (* recommended, · on the frontier):");
    expect(run.stdout).toMatch(/^\* +fixture-small/m);
    expect(run.stdout).toContain(frontierSummary(frontier) ?? "no summary");
    expect(run.stdout).toContain("cheaper than fixture-large at the same quality");
    expect(run.stdout).toContain("Model: fixture-small");
  });

  it("refuses an unknown candidate model and too many of them (exit 2)", async () => {
    const unknown = await runCliProcess(args("--models", "fixture-small,gpt-nope"), env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--models: unknown model "gpt-nope"');
    const many = await runCliProcess(args("--models", "a,b,c,d,e"), env);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain("--models may name at most 4 models");
    const cost = await runCliProcess(args("--max-cost", "0"), env);
    expect(cost.code).toBe(2);
    expect(cost.stderr).toContain("--max-cost");
  });

  it("stops at --max-cost and says so", async () => {
    const output = join(ws.dir, "capped.json");
    const run = await runCliProcess(
      args("-n", "4", "--max-cost", "0.004", "--output", output),
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("cost cap reached, stopped early");
    const saved = CliOptimizeOutputSchema.parse(JSON.parse(await readFile(output, "utf8")));
    expect(saved.result?.usage.cost_usd).toBeLessThanOrEqual(0.004);
  });
});
