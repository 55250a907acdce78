import type { MultiAgentConfig } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { splitDataset } from "../datasets/split";
import { createFakeLlm, syntheticExamples } from "../testing/fake-llm";
import { estimateRun } from "./estimate";
import { optimizeMultiAgent } from "./multi";
import {
  plannedSearchCalls,
  RANKING_VALIDATION,
  restOfValidation,
  SEARCH_VALIDATION_FLOOR,
  searchValidationSize,
} from "./search-validation";
import { optimizeSingleAgent } from "./single";
import { drive, singleEstimate, singleOptions } from "./test-helpers";

const shape = { iterations: 10, minibatch: 3, perRun: 2, survey: 20, testReserve: 0 };

describe("the validation examples a tight cap leaves the search", () => {
  it("keeps the whole set without a cap or when the cap pays for its search", () => {
    expect(searchValidationSize(45, undefined, shape, 20)).toBe(45);
    expect(searchValidationSize(45, plannedSearchCalls(45, shape), shape, 20)).toBe(45);
    // a set at the floor or below is never cut
    expect(searchValidationSize(18, 100, shape, 20)).toBe(18);
  });

  it("cuts to the largest size the cap pays for, never below the floor", () => {
    const cap = plannedSearchCalls(30, shape);
    expect(searchValidationSize(45, cap, shape, 20)).toBe(30);
    expect(searchValidationSize(45, cap - 1, shape, 20)).toBe(29);
    expect(searchValidationSize(45, 400, shape, 20)).toBe(20);
    expect(searchValidationSize(45, 400, shape, 10)).toBeLessThan(20);
    expect(searchValidationSize(45, 400, shape, 10)).toBeGreaterThanOrEqual(10);
  });

  it("leaves the final choice as many examples after a small prefix as it holds, at most the rest", () => {
    const split = splitDataset("synthetic", syntheticExamples(150));
    const ids = (xs: readonly { id: string }[]) => xs.map((x) => x.id);
    expect(ids(restOfValidation(split, 10))).toEqual(ids(split.validation.slice(10, 20)));
    expect(ids(restOfValidation(split, 19))).toEqual(ids(split.validation.slice(19, 38)));
    const small = splitDataset("synthetic", syntheticExamples(40));
    expect(small.validation.length).toBeLessThan(24);
    expect(ids(restOfValidation(small, 12))).toEqual(ids(small.validation.slice(12)));
    // a prefix that ranks alone, or the whole set, leaves none
    expect(restOfValidation(split, RANKING_VALIDATION)).toEqual([]);
    expect(restOfValidation(small, small.validation.length)).toEqual([]);
  });

  it("a capped run scores candidates on the first examples of the split, a resumed one keeps them", async () => {
    const examples = syntheticExamples(150);
    const validation = splitDataset("synthetic", examples).validation;
    expect(validation.length).toBe(45);
    const capped = { iterations: 3, maxCalls: 300, seed: 4 };
    const dataset = { name: "synthetic", metric: "judge" as const, examples };
    const full = await drive(singleOptions({ ...capped, dataset }).run());
    const sizes = full.results.map((r) => r.validationScores.length);
    expect(sizes.every((n) => n === sizes[0])).toBe(true);
    expect(sizes[0]).toBeGreaterThanOrEqual(SEARCH_VALIDATION_FLOOR.single);
    expect(sizes[0]).toBeLessThan(45);
    expect(full.results[1]?.checkpoint.validationSize).toBe(sizes[0]);
    // the same run uncapped, or at the cap the product announces, scores the whole set
    const uncapped = await drive(singleOptions({ iterations: 1, seed: 4, dataset }).run());
    expect(uncapped.results[0]?.validationScores.length).toBe(45);
    const announced = singleOptions({ iterations: 3, seed: 4, dataset }).options;
    const atEstimate = await drive(
      optimizeSingleAgent({ ...announced, maxCalls: singleEstimate(announced).maxCalls }),
    );
    expect(atEstimate.results.map((r) => r.validationScores.length)).toEqual([45, 45, 45, 45]);
    // resumed with a larger cap, the run keeps the examples it started with
    const checkpoint = JSON.parse(JSON.stringify(full.results[1]?.checkpoint));
    const { options } = singleOptions({ ...capped, dataset, maxCalls: 5000 });
    const resumed = await drive(optimizeSingleAgent({ ...options, resumeFrom: checkpoint }));
    expect(resumed.results.map((r) => r.validationScores.length)).toEqual(
      resumed.results.map(() => sizes[0]),
    );
  });

  it("re-scores a capped run's finalists on the examples after its prefix, and on none beyond", async () => {
    const examples = syntheticExamples(150);
    const split = splitDataset("synthetic", examples);
    const dataset = { name: "synthetic", metric: "judge" as const, examples };
    const { llm, run } = singleOptions({ iterations: 3, maxCalls: 400, seed: 4, dataset });
    const { results, final } = await drive(run());
    expect(final.usage.calls).toBeLessThanOrEqual(400);
    const size = results[0]?.validationScores.length ?? 0;
    expect(size).toBeLessThan(split.validation.length / 2);
    // every example a call read (the assistant's reply or the judge's grade)
    const read = new Set(
      llm.calls.flatMap((c) => [...c.user.matchAll(/Question (\d+):/g)].map((m) => `ex-${m[1]}`)),
    );
    const rest = restOfValidation(split, size);
    expect(rest.length).toBe(size);
    expect(rest.every((e) => read.has(e.id))).toBe(true);
    expect(split.validation.slice(2 * size).some((e) => read.has(e.id))).toBe(false);
    // the pick is presented with a pass on the rest, not the prefix's scores that chose it
    expect(final.pick?.validationMeasurements).toBe(2);
  });

  it("a run's fingerprint names the final choice on the rest only when it is off where it applies", async () => {
    const dataset = {
      name: "synthetic",
      metric: "judge" as const,
      examples: syntheticExamples(150),
    };
    const fingerprint = async (restFinalChoice: boolean | undefined, maxCalls?: number) => {
      const o = {
        iterations: 1,
        seed: 4,
        dataset,
        restFinalChoice,
        ...(maxCalls ? { maxCalls } : {}),
      };
      const { results } = await drive(singleOptions(o).run());
      return results[0]?.checkpoint.fingerprint;
    };
    expect(await fingerprint(true, 200)).toBe(await fingerprint(undefined, 200));
    expect(await fingerprint(false, 200)).not.toBe(await fingerprint(undefined, 200));
    // uncapped, the search scores the whole set and no rest is kept
    expect(await fingerprint(false)).toBe(await fingerprint(undefined));
  });

  it("a multi-agent run at the announced cap scores the whole set too", async () => {
    const agent = (name: string) => ({
      name,
      prompt: `You are ${name}.`,
      model_name: "m",
      temperature: 0.4,
      description: `${name} node.`,
    });
    const config: MultiAgentConfig = {
      "master-agent": agent("Coordinator"),
      "worker-agents": [agent("Expert"), agent("Writer")],
    };
    const examples = syntheticExamples(150);
    const dataset = { name: "synthetic", metric: "judge" as const, examples };
    const models = { judge: "judge", reflection: "reflection" };
    const { maxCalls } = estimateRun({
      mode: "multi",
      dataset,
      config,
      iterations: 2,
      models: { ...models, embedding: null },
    });
    const base = { llm: createFakeLlm(), models, dataset, config, iterations: 2, seed: 3 };
    const run = await drive(optimizeMultiAgent({ ...base, maxCalls }));
    expect(run.results.map((r) => r.validationScores.length)).toEqual([45, 45, 45]);
    // below the estimate the same run scores a prefix
    const capped = await drive(
      optimizeMultiAgent({ ...base, llm: createFakeLlm(), maxCalls: 400 }),
    );
    expect(capped.results[0]?.validationScores.length).toBe(SEARCH_VALIDATION_FLOOR.multi);
  });
});
