/**
 * The optimisation engine end to end against the fixture LLM server, through
 * the production gateway (Vercel AI SDK client over HTTP): the validation
 * score rises from the seed to a better final candidate within five
 * iterations, for single- and multi-agent runs, and the held-out test score
 * is reported. Also runs the CLI against the same fixture.
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type BundledDataset,
  type FinalResult,
  type IterationResult,
  loadBundledDatasets,
  type OptimisationRun,
  optimizeMultiAgent,
  optimizeSingleAgent,
} from "@promptune/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run";
import { createLlmGateway, type LlmGateway, parseLlmConfig } from "../llm";
import { fixtureEnv } from "../testing/cli-fixtures";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";

const here = dirname(fileURLToPath(import.meta.url));
const fixturesDir = join(here, "fixtures");
const repoDatasetsDir = join(here, "..", "..", "..", "..", "datasets");

async function drive<C>(
  run: OptimisationRun<C>,
): Promise<{ results: IterationResult<C>[]; final: FinalResult<C> }> {
  const results: IterationResult<C>[] = [];
  for (;;) {
    const step = await run.next();
    if (step.done) return { results, final: step.value };
    results.push(step.value);
  }
}

/** The bundled DCH2-top-dialogs dataset from the repository's datasets/ folder. */
async function repoTopDialogs(): Promise<BundledDataset> {
  const all = await loadBundledDatasets((f) => readFile(join(repoDatasetsDir, f), "utf8"));
  const top = all.find((d) => d.name === "DCH2-top-dialogs");
  if (!top) throw new Error("datasets/index.json lists no DCH2-top-dialogs");
  return top;
}

describe("optimisation engine against the fixture LLM", () => {
  let fixture: FixtureLlm;
  let gateway: LlmGateway;
  let dataset: BundledDataset;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    gateway = createLlmGateway(parseLlmConfig(fixtureEnv(fixture.url)));
    const [mini] = await loadBundledDatasets((f) => readFile(join(fixturesDir, f), "utf8"));
    if (!mini) throw new Error("fixture dataset missing");
    dataset = mini;
  });
  afterAll(async () => {
    await gateway?.close();
    await fixture?.close();
  });

  const models = () => ({ judge: gateway.roles.judge, reflection: gateway.roles.reflection });

  it("single-agent: raises the validation score within 5 iterations and reports the test score", async () => {
    const callsBefore = gateway.totals().calls;
    const { results, final } = await drive(
      optimizeSingleAgent({
        llm: gateway,
        models: models(),
        dataset,
        model: "fixture-small",
        prompt: "You are a helpful customer-support assistant.",
        temperature: 0.7,
        iterations: 5,
        seed: 1,
      }),
    );
    expect(results.map((r) => r.iteration)).toEqual([0, 1, 2, 3, 4, 5]);
    const initial = results[0]?.validationScore ?? 1;
    expect(initial).toBeLessThan(0.5);
    expect(final.best.validationScore).toBeGreaterThan(initial + 0.3);
    expect(final.best.config.prompt).toMatch(/^Always /m);
    expect(final.testSize).toBeGreaterThan(0);
    expect(final.testScore).not.toBeNull();
    expect(final.testScore as number).toBeGreaterThan(final.initialTestScore as number);
    // provider embeddings (the fixture's 16-d vectors) drive the 2-D points
    expect(results[0]?.checkpoint.embedding.source).toBe("provider");
    expect(results.find((r) => r.accepted && r.iteration > 0)?.embeddingPoint).not.toEqual({
      x: 0,
      y: 0,
    });
    // usage is reported per iteration and adds up to the gateway's own totals
    expect(final.usage.calls).toBe(gateway.totals().calls - callsBefore);
    expect(results.reduce((sum, r) => sum + r.usage.calls, 0)).toBeLessThan(final.usage.calls);
    expect(final.usage.inputTokens).toBeGreaterThan(0);
  });

  it("multi-agent: raises the validation score within 5 iterations and reports the test score", async () => {
    const worker = (name: string, description: string) => ({
      name,
      prompt: `You are ${name}. Help with the delegated task.`,
      model_name: "fixture-small",
      temperature: 0.5,
      description,
    });
    const { results, final } = await drive(
      optimizeMultiAgent({
        llm: gateway,
        models: models(),
        dataset,
        config: {
          "master-agent": {
            name: "Coordinator",
            prompt: "You coordinate customer-support specialists.",
            model_name: "fixture-small",
            temperature: 0.3,
            description:
              "Coordinator node that communicates with worker nodes to respond to user messages.",
          },
          "worker-agents": [
            worker("Expert", "Knows the policies."),
            worker("Synthesizer", "Writes clear replies."),
          ],
        },
        iterations: 5,
        seed: 2,
      }),
    );
    expect(results.map((r) => r.iteration)).toEqual([0, 1, 2, 3, 4, 5]);
    const initial = results[0]?.validationScore ?? 1;
    expect(final.best.validationScore).toBeGreaterThan(initial + 0.2);
    expect(final.testScore).not.toBeNull();
    expect(final.testScore as number).toBeGreaterThan(final.initialTestScore as number);
    const accepted = results.filter((r) => r.accepted && r.iteration > 0);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.every((r) => r.component !== null)).toBe(true);
  });

  it("single-agent on the bundled DCH2-top-dialogs: the score rises and the test split is scored", async () => {
    const top = await repoTopDialogs();
    const { results, final } = await drive(
      optimizeSingleAgent({
        llm: gateway,
        models: models(),
        dataset: top,
        model: "fixture-small",
        prompt: "You are a helpful assistant.",
        temperature: 0.7,
        iterations: 5,
        seed: 1,
      }),
    );
    expect(final.best.validationScore).toBeGreaterThan(results[0]?.validationScore ?? 1);
    expect(final.testSize).toBe(9);
    expect(final.testScore).not.toBeNull();
  });

  it("the CLI optimises and prints JSON lines with the final prompt", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      [
        "optimize",
        "--dataset",
        "customer-help-mini",
        "--prompt",
        "You help customers.",
        "--iterations",
        "3",
        "--model",
        "fixture-small",
        "--json",
      ],
      {
        io: { stdout: (t) => out.push(t), stderr: (t) => err.push(t), interactive: false },
        env: fixtureEnv(fixture.url),
        datasetsDir: fixturesDir,
      },
    );
    expect(err.join("")).toBe("");
    expect(code).toBe(0);
    const lines = out
      .join("")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toEqual([
      "iteration",
      "iteration",
      "iteration",
      "iteration",
      "final",
    ]);
    const final = lines[4];
    expect(final.best_validation_score).toBeGreaterThan(final.initial_score);
    expect(final.prompts).toHaveLength(3);
    expect(final.prompt).toContain("Always ");
  });

  it("the CLI lists datasets and prints a human-readable run", async () => {
    const out: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: () => {}, interactive: false };
    expect(
      await runCli(["datasets"], { io, env: fixtureEnv(fixture.url), datasetsDir: fixturesDir }),
    ).toBe(0);
    expect(out.join("")).toContain("customer-help-mini");
    out.length = 0;
    // without a folder it finds the repository's bundled datasets
    expect(await runCli(["datasets", "--json"], { io, env: fixtureEnv(fixture.url) })).toBe(0);
    const names = out
      .join("")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).name);
    expect(names).toContain("DCH2-top-dialogs");
    out.length = 0;
    const code = await runCli(
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
      ],
      { io, env: fixtureEnv(fixture.url), datasetsDir: fixturesDir },
    );
    expect(code).toBe(0);
    const text = out.join("");
    expect(text).toMatch(/iteration {2}0\/2 {2}validation/);
    expect(text).toContain("Held-out test");
    expect(text).toContain("Final prompt:\nYou help customers.");
    expect(
      await runCli(["optimize", "--dataset", "nope", "-p", "x"], {
        io,
        env: fixtureEnv(fixture.url),
        datasetsDir: fixturesDir,
      }),
    ).toBe(2);
  });
});
