import { describe, expect, it } from "vitest";
import { createFakeLlm, syntheticExamples } from "../testing/fake-llm";
import { MULTI_AGENT_DEFAULTS, optimizeMultiAgent } from "./multi";
import { withResumedTuning } from "./resume-tuning";
import { optimizeSingleAgent } from "./single";
import { drive, singleOptions, TWO_WORKER_CONFIG } from "./test-helpers";
import type { MultiAgentOptions } from "./types";

function multiOptions(overrides: Partial<MultiAgentOptions> = {}): MultiAgentOptions {
  return {
    llm: createFakeLlm(),
    models: { judge: "judge", reflection: "reflection" },
    dataset: { name: "synthetic", metric: "judge", examples: syntheticExamples(30) },
    config: TWO_WORKER_CONFIG,
    iterations: 3,
    seed: 5,
    ...overrides,
  };
}

/** A copy of a checkpoint as the server stores it (JSON). */
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe("a resumed run keeps the minibatch and failure count it started with", () => {
  // a run started under other defaults: the settings are passed at the start only
  const then = { minibatchSize: 5, reflectionExtra: 10 };

  it("multi-agent: resumes like the uninterrupted run after the defaults changed", async () => {
    expect(then.minibatchSize).not.toBe(MULTI_AGENT_DEFAULTS.minibatchSize);
    const full = await drive(optimizeMultiAgent(multiOptions(then)));
    const checkpoint = stored(full.results[1]?.checkpoint);
    expect(checkpoint?.tuning).toEqual(then);
    const resumed = await drive(optimizeMultiAgent(multiOptions({ resumeFrom: checkpoint })));
    expect(resumed.results).toEqual(full.results.slice(2));
    expect(resumed.final).toEqual(full.final);
  });

  it("multi-agent: a checkpoint that records no tuning resumes on the defaults that wrote it", async () => {
    const before = { minibatchSize: 6, reflectionExtra: 24 };
    const full = await drive(optimizeMultiAgent(multiOptions(before)));
    const checkpoint = stored(full.results[1]?.checkpoint);
    if (!checkpoint) throw new Error("the run wrote no checkpoint");
    const { tuning, ...older } = checkpoint;
    expect(tuning).toEqual(before);
    const resumed = await drive(optimizeMultiAgent(multiOptions({ resumeFrom: older })));
    expect(resumed.results).toEqual(full.results.slice(2));
    expect(resumed.final).toEqual(full.final);
  });

  it("single-agent: resumes like the uninterrupted run without the settings repeated", async () => {
    const start = singleOptions({ iterations: 3, seed: 9, minibatchSize: 2, reflectionExtra: 7 });
    const full = await drive(start.run());
    const checkpoint = stored(full.results[1]?.checkpoint);
    expect(checkpoint?.tuning).toEqual({ minibatchSize: 2, reflectionExtra: 7 });
    const { options } = singleOptions({ iterations: 3, seed: 9 });
    const resumed = await drive(optimizeSingleAgent({ ...options, resumeFrom: checkpoint }));
    expect(resumed.results).toEqual(full.results.slice(2));
    expect(resumed.final).toEqual(full.final);
  });

  it("still refuses a checkpoint whose tuning the caller contradicts", async () => {
    const full = await drive(optimizeMultiAgent(multiOptions(then)));
    const checkpoint = stored(full.results[1]?.checkpoint);
    const contradicted = multiOptions({ resumeFrom: checkpoint, minibatchSize: 3 });
    await expect(drive(optimizeMultiAgent(contradicted))).rejects.toThrow("does not match");
  });

  it("leaves a fresh run's options as they are", () => {
    const fresh = { minibatchSize: undefined, reflectionExtra: 4 };
    expect(withResumedTuning(fresh, then)).toBe(fresh);
  });
});
