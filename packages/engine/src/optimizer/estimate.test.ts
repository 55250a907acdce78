import type { MultiAgentConfig } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { createFakeLlm, syntheticExamples } from "../testing/fake-llm";
import { estimateRun } from "./estimate";
import { optimizeMultiAgent } from "./multi";
import { drive, singleEstimate, singleOptions } from "./test-helpers";

const dataset = { name: "synthetic", metric: "judge" as const, examples: syntheticExamples(30) };
const models = { judge: "judge-model", reflection: "reflection-model", embedding: null };
const prices = (model: string) =>
  ({
    "assistant-model": { input: 1, output: 2 },
    "judge-model": { input: 0.5, output: 1 },
    "reflection-model": { input: 3, output: 6 },
  })[model] ?? null;

const agent = (name: string, prompt: string) => ({
  name,
  prompt,
  model_name: "worker-model",
  temperature: 0.4,
  description: `${name} node.`,
});
const config: MultiAgentConfig = {
  "master-agent": { ...agent("Coordinator", "You coordinate."), model_name: "coord-model" },
  "worker-agents": [agent("Expert", "You know policies."), agent("Writer", "You write.")],
};

describe("estimateRun", () => {
  it("counts the calls of the search's plan and caps them 10 % higher", () => {
    // 30 examples: 12 train, 9 validation, 9 test; minibatch 3; judge metric → 2 calls per reply
    const e = estimateRun({
      mode: "single",
      dataset,
      iterations: 10,
      models,
      model: "assistant-model",
      prompt: "Be helpful.",
    });
    // search (the seed's survey answers all 12 train examples), the test split for 2 candidates,
    // the presented prompt at one more temperature
    const replies = 9 + 12 + 10 * (3 + 3 + 9) + 2 * 9 + 9;
    expect(e.calls).toBe(2 * replies + 10);
    expect(e.maxCalls).toBe(Math.floor(e.calls * 1.1));
    expect(e.byModel.find((m) => m.model === "reflection-model")?.calls).toBe(10);
    expect(e.byModel.find((m) => m.model === "assistant-model")?.calls).toBe(replies);
    expect(e.costUsd).toBeNull();
    const withEmbedding = estimateRun({
      mode: "single",
      dataset,
      iterations: 10,
      models: { ...models, embedding: "embed-model" },
      model: "assistant-model",
      prompt: "Be helpful.",
    });
    expect(withEmbedding.calls).toBe(e.calls + 11);
  });

  it("grows tokens with the prompt and the iterations, and prices them per model", () => {
    const base = {
      mode: "single" as const,
      dataset,
      iterations: 3,
      models,
      model: "assistant-model",
      price: prices,
    };
    const short = estimateRun({ ...base, prompt: "Be helpful." });
    const long = estimateRun({ ...base, prompt: "Be helpful. ".repeat(200) });
    const more = estimateRun({ ...base, iterations: 6, prompt: "Be helpful." });
    expect(long.inputTokens).toBeGreaterThan(short.inputTokens + (100 * short.calls) / 2);
    expect(long.outputTokens).toBeGreaterThan(short.outputTokens);
    expect(more.inputTokens).toBeGreaterThan(short.inputTokens);
    expect(short.costUsd).toBeGreaterThan(0);
    const expected = short.byModel.reduce((s, m) => {
      const p = prices(m.model);
      return s + ((p?.input ?? 0) * m.inputTokens + (p?.output ?? 0) * m.outputTokens) / 1e6;
    }, 0);
    expect(short.costUsd).toBeCloseTo(expected, 12);
    expect(short.inputTokens).toBe(short.byModel.reduce((s, m) => s + m.inputTokens, 0));
  });

  it("has no cost when a model's price is unknown and no judge calls for exact metrics", () => {
    const e = estimateRun({
      mode: "multi",
      dataset: { ...dataset, metric: "exact" },
      iterations: 2,
      models,
      config,
      price: prices,
    });
    expect(e.costUsd).toBeNull();
    expect(e.byModel.some((m) => m.model === "judge-model")).toBe(false);
    // plan + composition on the coordinator's model, each worker once per reply;
    // multi-agent minibatches hold 4 examples (MULTI_AGENT_DEFAULTS); the survey all 12 train;
    // the presented configuration answers a quarter of the 9 validation examples (3) once more
    const replies = 9 + 12 + 2 * (4 + 4 + 9) + 2 * 9 + 3;
    expect(e.byModel.find((m) => m.model === "coord-model")?.calls).toBe(2 * replies);
    expect(e.byModel.find((m) => m.model === "worker-model")?.calls).toBe(2 * replies);
  });

  it("is a cap a single-agent run stays under while doing its work", async () => {
    const { options } = singleOptions({ iterations: 6 });
    const estimate = singleEstimate(options);
    const { results, final } = await drive(
      singleOptions({ iterations: 6, maxCalls: estimate.maxCalls }).run(),
    );
    expect(final.usage.calls).toBeLessThanOrEqual(estimate.maxCalls);
    expect(final.usage.calls).toBeGreaterThan(0.5 * estimate.calls);
    expect(final.testScore).not.toBeNull();
    expect(results.filter((r) => r.iteration > 0 && r.accepted).length).toBeGreaterThan(0);
    // the budget may only run out in the last iteration (its share is all that is left)
    expect(results.slice(0, -1).some((r) => r.budgetExhausted)).toBe(false);
  });

  it("is a cap a multi-agent run stays under", async () => {
    const llm = createFakeLlm();
    const estimate = estimateRun({ mode: "multi", dataset, iterations: 4, models, config });
    const { final } = await drive(
      optimizeMultiAgent({
        llm,
        models,
        dataset,
        config,
        iterations: 4,
        seed: 3,
        maxCalls: estimate.maxCalls,
      }),
    );
    expect(llm.calls.length).toBeLessThanOrEqual(estimate.maxCalls);
    expect(final.usage.calls).toBe(llm.calls.length);
    // The search paces itself to the cap; the held-out comparison still fits.
    expect(final.testScore).not.toBeNull();
    expect(final.heldOut?.examples).toBeGreaterThan(0);
  });
});
