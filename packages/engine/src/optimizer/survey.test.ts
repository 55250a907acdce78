import { describe, expect, it } from "vitest";
import { splitDataset } from "../datasets/split";
import { createFakeLlm } from "../testing/fake-llm";
import { optimizeMultiAgent } from "./multi";
import { SURVEY_SHARE, surveyIndices, surveySize } from "./survey";
import { drive, singleEstimate, singleOptions } from "./test-helpers";

describe("the seed's survey of the train set", () => {
  it("covers twice what one reflection reads, at most the split, spread evenly over it", () => {
    expect(surveySize(100, 3, 16)).toBe(38);
    expect(surveySize(12, 3, 16)).toBe(12);
    expect(surveySize(0, 3, 16)).toBe(0);
    expect(surveyIndices(12, 12)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const spread = surveyIndices(100, 4);
    expect(spread).toEqual([0, 25, 50, 75]);
    expect(new Set(surveyIndices(57, 38)).size).toBe(38);
    expect(surveyIndices(10, 0)).toEqual([]);
  });

  it("has the seed answer the train split in iteration 0, and the first reflection reads its failures", async () => {
    const reflectionShows = async (seedSurvey: boolean) => {
      const { llm, run, options } = singleOptions({ iterations: 1, seedSurvey });
      const { results } = await drive(run());
      const { train, validation } = splitDataset(options.dataset.name, options.dataset.examples);
      const first = llm.calls.find((c) => c.purpose === "reflection")?.user ?? "";
      return {
        shown: first.split("### Example ").length - 1,
        // iteration 0: one reply and one verdict per example answered, plus the embedding
        answered: Math.floor((results[0]?.usage.calls ?? 0) / 2),
        train: train.length,
        validation: validation.length,
      };
    };
    const off = await reflectionShows(false);
    const on = await reflectionShows(true);
    expect(off.answered).toBe(off.validation);
    expect(on.answered).toBe(on.validation + on.train);
    // without the survey the seed has answered only the minibatch; with it, its failures follow
    expect(off.shown).toBe(3);
    expect(on.shown).toBeGreaterThan(3);
  });

  it("takes at most a quarter of the calls left when the budget is short, and stays in the estimate", async () => {
    const { options } = singleOptions({ iterations: 2 });
    const { train, validation } = splitDataset(options.dataset.name, options.dataset.examples);
    const estimate = singleEstimate(options);
    const withSurvey = await drive(
      singleOptions({ iterations: 2, maxCalls: estimate.maxCalls }).run(),
    );
    expect(withSurvey.final.usage.calls).toBeLessThanOrEqual(estimate.maxCalls);
    expect(singleEstimate({ ...options, seedSurvey: false }).calls).toBe(
      estimate.calls - 2 * train.length,
    );
    // a budget barely above the seed's validation pass and the test reserve: a short survey
    const test = 2 * 2 * (options.dataset.examples.length - train.length - validation.length);
    const maxCalls = 2 * validation.length + 1 + test + 40;
    const { results } = await drive(singleOptions({ iterations: 2, maxCalls }).run());
    const surveyed = Math.floor((results[0]?.usage.calls ?? 0) / 2) - validation.length;
    expect(surveyed).toBeGreaterThan(0);
    expect(2 * surveyed).toBeLessThanOrEqual(Math.ceil(SURVEY_SHARE * (maxCalls - test)));
    expect(surveyed).toBeLessThan(train.length);
  });

  it("under a cost cap takes at most a quarter of the money left, and the search still runs", async () => {
    const fake = createFakeLlm();
    // the fake reports $0.001 per call: the seed's validation pass costs $0.018, the whole survey
    // of the 12 train examples would cost $0.024 of the $0.042 left
    const { run } = singleOptions({ llm: fake, maxCostUsd: 0.06, iterations: 3 });
    const { final, results } = await drive(run());
    const surveyed = (results[0]?.usage.calls ?? 0) / 2 - 9;
    expect(surveyed).toBeGreaterThan(0);
    expect(2 * surveyed * 0.001).toBeLessThanOrEqual(SURVEY_SHARE * (0.06 - 0.018) + 1e-9);
    expect(results.slice(1).some((r) => r.proposals > 0)).toBe(true);
    expect(final.usage.costUsd).toBeLessThanOrEqual(0.06 + 1e-9);
  });

  it("runs in multi-agent mode too, and a checkpoint of one setting does not resume the other", async () => {
    const { options } = singleOptions({ iterations: 1 });
    const config = {
      "master-agent": {
        name: "Coordinator",
        prompt: "You coordinate.",
        model_name: "assistant-model",
        temperature: 0.4,
        description: "Coordinates.",
      },
      "worker-agents": [
        {
          name: "Expert",
          prompt: "You know the policies.",
          model_name: "assistant-model",
          temperature: 0.4,
          description: "Knows policies.",
        },
      ],
    };
    const multi = (seedSurvey?: boolean) =>
      drive(
        optimizeMultiAgent({
          llm: options.llm,
          models: options.models,
          dataset: options.dataset,
          config,
          iterations: 1,
          ...(seedSurvey === undefined ? {} : { seedSurvey }),
        }),
      );
    const on = await multi();
    const off = await multi(false);
    expect(on.results[0]?.usage.calls ?? 0).toBeGreaterThan(off.results[0]?.usage.calls ?? 0);
    const fingerprint = (r: typeof on) => r.results[0]?.checkpoint.fingerprint;
    expect(fingerprint(on)).toBeDefined();
    expect(fingerprint(on)).not.toBe(fingerprint(off));
  });
});
