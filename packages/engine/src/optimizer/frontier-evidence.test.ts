import type { MultiAgentConfig } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { splitDataset } from "../datasets/split";
import { createFakeLlm, syntheticExamples } from "../testing/fake-llm";
import { meanScore } from "./evaluate";
import { PointEvidenceLog } from "./frontier-evidence";
import { optimizeMultiAgent } from "./multi";
import { drive, singleOptions } from "./test-helpers";

const PRICES: Record<string, { input: number; output: number }> = {
  "assistant-model": { input: 10, output: 30 },
  "cheap-model": { input: 0.5, output: 1.5 },
};

const row = (exampleId: string, score: number) => ({
  exampleId,
  score,
  feedback: "",
  reply: "r",
  trace: "",
});

describe("PointEvidenceLog", () => {
  it("keys each note by its point's index in the built frontier, the latest note of a split winning", () => {
    const log = new PointEvidenceLog();
    const primary = { p: "primary" };
    const cheap = { p: "cheap" };
    log.note({ variant: 0, config: primary }, "validation", [row("a", 1)]);
    log.note({ variant: 1, config: cheap }, "validation", [row("a", 0)]);
    log.note({ variant: 1, config: cheap }, "validation", [row("a", 0.5)]);
    log.note({ variant: 1, config: cheap }, "test", [row("t", 1)]);
    // the same configuration object on another variant is another point
    log.note({ variant: 2, config: primary }, "validation", [row("a", 0.25)]);
    const frontier = [
      { variant: 1, config: cheap },
      { variant: 0, config: primary },
    ];
    const resolved = log.resolve(frontier);
    expect(resolved.map((e) => [e.point, e.split, e.examples[0]?.score])).toEqual([
      [1, "validation", 1],
      [0, "validation", 0.5],
      [0, "test", 1],
    ]);
  });
});

describe("the sweep records evidence per frontier point", () => {
  it("keeps every point's validation answers and the tested points' held-out answers", async () => {
    const { options, run } = singleOptions({
      candidateModels: ["cheap-model"],
      price: (m) => PRICES[m] ?? null,
    });
    const { final } = await drive(run());
    const frontier = final.frontier ?? [];
    expect(frontier.length).toBeGreaterThanOrEqual(3);
    const split = splitDataset(options.dataset.name, options.dataset.examples);
    const evidence = final.frontierEvidence ?? [];
    frontier.forEach((p, i) => {
      const validation = evidence.filter((e) => e.point === i && e.split === "validation");
      expect(validation, `point ${i} (${p.modelName})`).toHaveLength(1);
      const examples = validation[0]?.examples ?? [];
      expect(examples.map((e) => e.exampleId)).toEqual(split.validation.map((e) => e.id));
      // the answers are the ones the point's score was computed from
      expect(meanScore(examples.map((e) => e.score))).toBeCloseTo(p.score, 9);
      expect(examples.every((e) => e.reply.length > 0 && e.feedback.length > 0)).toBe(true);
    });
    const tested = frontier.flatMap((p, i) => (p.testScore === null ? [] : [i]));
    expect(tested.length).toBeGreaterThanOrEqual(1);
    for (const i of tested) {
      const test = evidence.filter((e) => e.point === i && e.split === "test");
      expect(test).toHaveLength(1);
      const scores = (test[0]?.examples ?? []).map((e) => e.score);
      expect(scores).toHaveLength(split.test.length);
      expect(meanScore(scores)).toBeCloseTo(frontier[i]?.testScore ?? -1, 9);
    }
    expect(evidence.filter((e) => e.split === "test")).toHaveLength(tested.length);
    // the cheap model's answers came from the cheap model
    const cheap = frontier.findIndex((p) => p.modelName === "cheap-model");
    expect(evidence.some((e) => e.point === cheap)).toBe(true);
  });

  it("keeps the multi-agent points' reasoning traces", async () => {
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
    const { final } = await drive(
      optimizeMultiAgent({
        llm: createFakeLlm(),
        models: { judge: "judge", reflection: "reflection" },
        dataset: { name: "synthetic", metric: "judge", examples: syntheticExamples(30) },
        config,
        iterations: 2,
        seed: 3,
        candidateModels: { workers: ["cheap"] },
        price: (m) => (m === "cheap" ? { input: 0.1, output: 0.1 } : { input: 5, output: 5 }),
      }),
    );
    const frontier = final.frontier ?? [];
    const cheap = frontier.findIndex((p) => p.modelName === "strong + workers cheap");
    expect(cheap).toBeGreaterThanOrEqual(0);
    const validation = (final.frontierEvidence ?? []).find(
      (e) => e.point === cheap && e.split === "validation",
    );
    expect(validation?.examples.length).toBeGreaterThan(0);
    expect(validation?.examples.every((e) => e.trace.length > 0)).toBe(true);
  });
});
