import type { MultiAgentConfig } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { createFakeLlm, syntheticExamples } from "../testing/fake-llm";
import { estimateRun } from "./estimate";
import { optimizeMultiAgent } from "./multi";
import { multiModelLabel, withModels } from "./multi-sweep";
import { drive } from "./test-helpers";

const agent = (name: string, prompt: string) => ({
  name,
  prompt,
  model_name: "strong",
  temperature: 0.4,
  description: `${name} node.`,
});

const config: MultiAgentConfig = {
  "master-agent": agent("Coordinator", "You coordinate."),
  "worker-agents": [agent("Expert", "You know policies."), agent("Writer", "You write.")],
};

const dataset = { name: "synthetic", metric: "judge" as const, examples: syntheticExamples(30) };

describe("multi-agent model sweep", () => {
  it("labels model assignments and swaps the workers' models together", () => {
    expect(multiModelLabel(config)).toBe("strong");
    const cheapWorkers = withModels(config, "strong", "cheap");
    expect(multiModelLabel(cheapWorkers)).toBe("strong + workers cheap");
    expect(cheapWorkers["worker-agents"].every((w) => w.model_name === "cheap")).toBe(true);
    expect(withModels(config, "cheap", null)["worker-agents"][0]?.model_name).toBe("strong");
  });

  it("measures cheap workers under the strong coordinator and counts every agent call of a reply", async () => {
    const llm = createFakeLlm();
    const run = optimizeMultiAgent({
      llm,
      models: { judge: "judge", reflection: "reflection" },
      dataset,
      config,
      iterations: 2,
      seed: 3,
      candidateModels: { workers: ["cheap"] },
      price: (m) => (m === "cheap" ? { input: 0.1, output: 0.1 } : { input: 5, output: 5 }),
    });
    const { final } = await drive(run);
    const frontier = final.frontier ?? [];
    expect(frontier.map((p) => p.modelName).sort()).toEqual(["strong", "strong + workers cheap"]);
    const cheap = frontier.find((p) => p.modelName === "strong + workers cheap");
    const strong = frontier.find((p) => p.modelName === "strong");
    // plan + the consulted workers + compose: more than one call per reply
    expect(cheap?.callsPerReply).toBeGreaterThan(1);
    expect(cheap && strong && cheap.costPer1kUsd < strong.costPer1kUsd).toBe(true);
    expect(cheap?.config["worker-agents"].every((w) => w.model_name === "cheap")).toBe(true);
    if (cheap?.recommended) {
      expect(final.best.config["worker-agents"][0]?.model_name).toBe("cheap");
      expect(final.presentedModelName).toBe("strong + workers cheap");
    }
  });

  it("adds the sweep's calls to the estimate", () => {
    const models = { judge: "judge", reflection: "reflection", embedding: null };
    const base = estimateRun({ mode: "multi", dataset, iterations: 2, models, config });
    const swept = estimateRun({
      mode: "multi",
      dataset,
      iterations: 2,
      models,
      config,
      candidateModels: { coordinator: ["cheap"], workers: ["cheap"] },
    });
    expect(swept.calls).toBeGreaterThan(base.calls);
    expect(swept.byModel.some((m) => m.model === "cheap")).toBe(true);
  });
});
