import type { DatasetExample } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { initialMinibatchState } from "../datasets/minibatch";
import { Prng } from "../util/prng";
import { FAILING_WEIGHT, nextTargetedMinibatch, PASSING_WEIGHT, targetWeights } from "./targeting";
import { pairedStandardError, pickTemperature, probeTemperatures } from "./temperature";
import type { TrainEvaluation } from "./types";

const example = (id: string, domain?: string): DatasetExample => ({
  id,
  dialog: [{ type: "human", content: id }],
  reference: "r",
  rubric: [],
  ...(domain ? { domain } : {}),
});

describe("targeted minibatches", () => {
  it("weigh known failures up, known passes down", () => {
    const train = [example("a"), example("b"), example("c")];
    const scores = [0, 1, undefined];
    expect(targetWeights(train, (i) => scores[i], {})).toEqual([FAILING_WEIGHT, PASSING_WEIGHT, 1]);
  });

  it("show a rare stratum far more often than uniform draws would", () => {
    // 38 common rows, 2 rare ones: uniform minibatches of 3 would hold a rare row ~15 % of the time
    const train = [
      ...Array.from({ length: 38 }, (_, i) => example(`c${i}`, "common")),
      example("r1", "rare"),
      example("r2", "rare"),
    ];
    const state = initialMinibatchState();
    const rng = new Prng(5);
    let withRare = 0;
    let rareRows = 0;
    const draws = 60;
    for (let k = 0; k < draws; k++) {
      const batch = nextTargetedMinibatch(
        state,
        train,
        new Map<string, TrainEvaluation>(),
        String,
        3,
        rng,
      );
      expect(new Set(batch).size).toBe(3);
      if (batch.some((i) => i >= 38)) withRare++;
      rareRows += batch.filter((i) => i >= 38).length;
    }
    expect(withRare / draws).toBeGreaterThan(0.3);
    expect(state.strataSeen).toEqual({ common: 3 * draws - rareRows, rare: rareRows });
  });
});

describe("temperature choice", () => {
  it("probes 0 and the starting temperature, never the current one", () => {
    expect(probeTemperatures(0.5, 0.7)).toEqual([0, 0.7]);
    expect(probeTemperatures(0, 0.7)).toEqual([0.7]);
    expect(probeTemperatures(0.7, 0.7)).toEqual([0]);
  });

  it("takes a clearly better temperature and sends ties to the lower one", () => {
    const high = { temperature: 0.7, scores: [1, 1, 1, 1, 0, 1, 1, 1] };
    const low = { temperature: 0, scores: [1, 1, 1, 1, 1, 0, 1, 1] };
    expect(pickTemperature([high, low]).temperature).toBe(0);
    const clearlyBetter = { temperature: 0.7, scores: [1, 1, 1, 1, 1, 1, 1, 1] };
    const worse = { temperature: 0, scores: [0, 0, 1, 0, 0, 1, 0, 0] };
    expect(pickTemperature([worse, clearlyBetter]).temperature).toBe(0.7);
    expect(pairedStandardError([1, 1], [1, 1])).toBe(0);
  });

  it("without the tie band takes the higher mean, and only exact ties go to the lower", () => {
    const high = { temperature: 0.7, scores: [1, 1, 1, 1, 0, 1, 1, 1] };
    const low = { temperature: 0, scores: [1, 1, 1, 1, 0, 0, 1, 1] };
    // within one paired standard error: the band gives it to 0, the plain means to 0.7
    expect(pickTemperature([high, low]).temperature).toBe(0);
    expect(pickTemperature([high, low], false).temperature).toBe(0.7);
    const same = { temperature: 0, scores: [1, 1, 1, 1, 1, 0, 1, 1] };
    expect(pickTemperature([high, same], false).temperature).toBe(0);
  });
});
