import type { RunPick } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { NOTHING_BEAT_INITIAL, presentedVerdict, runTemperatureOf } from "./presented";

const results = [
  { iteration: 1, validation_score: 0.594 },
  { iteration: 2, validation_score: 0.594 },
  { iteration: 3, validation_score: 0.58 },
  { iteration: 4, validation_score: 0.58 },
  { iteration: 5, validation_score: 0.616 },
];

const pick = (over: Partial<RunPick> = {}): RunPick => ({
  iteration: 1,
  pooled_score: 0.612,
  validation_measurements: 2,
  validation_examples: 40,
  train_examples: 12,
  initial_pooled_score: 0.59,
  beat_initial: true,
  ...over,
});

describe("presentedVerdict", () => {
  it("never calls 'best' an iteration whose shown validation is below the initial's, and shows the pooled number", () => {
    const v = presentedVerdict({ results, bestIteration: 1, initialScore: 0.597, pick: pick() });
    expect(v.index).toBe(0);
    expect(v.label).toBe("presented");
    expect(v.reason).toContain("pooled score 61.2%");
    expect(v.reason).toContain("40 validation examples scored 2 times and 12 training answers");
    expect(v.reason).toContain("59.4%");
    expect(v.reason).toContain("59.7%");
    expect(v.reason.split("\n")).toHaveLength(1);
  });

  it("calls the pick 'best' when its validation is at or above the initial's", () => {
    const v = presentedVerdict({
      results,
      bestIteration: 5,
      initialScore: 0.597,
      pick: pick({ iteration: 5, pooled_score: 0.62 }),
    });
    expect(v).toMatchObject({ index: 4, label: "best", beatInitial: true });
    expect(v.reason).toBe(
      "Best by pooled score 62.0% over 40 validation examples scored 2 times and 12 training answers, vs 59.0% for the initial.",
    );
  });

  it("marks no iteration and says nothing beat the initial when the initial is presented", () => {
    const v = presentedVerdict({ results, bestIteration: 0, initialScore: 0.597 });
    expect(v.index).toBeNull();
    expect(v.beatInitial).toBe(false);
    expect(v.reason.startsWith(NOTHING_BEAT_INITIAL)).toBe(true);
    const withPick = presentedVerdict({
      results,
      bestIteration: 3,
      initialScore: 0.597,
      pick: pick({ iteration: 0, beat_initial: false, pooled_score: 0.6 }),
    });
    expect(withPick.index).toBeNull();
    expect(withPick.reason).toContain("60.0%");
  });

  it("while running, badges the highest validation only when it is above the initial", () => {
    expect(
      presentedVerdict({ results: results.slice(0, 4), initialScore: 0.597 }).index,
    ).toBeNull();
    const v = presentedVerdict({ results, initialScore: 0.597 });
    expect(v).toMatchObject({ index: 4, label: "best so far" });
  });

  it("marks nothing while a finished run's pick is still loading", () => {
    const v = presentedVerdict({ results, initialScore: 0.5, pending: true });
    expect(v).toEqual({ index: null, label: "best", beatInitial: true, reason: "" });
  });
});

describe("the temperature an iteration runs at", () => {
  it("is the run's presented temperature for the presented iteration, else the iteration's own", () => {
    const presented = { bestIteration: 3, presentedTemperature: 0 };
    expect(runTemperatureOf(3, 0.9, presented)).toBe(0);
    expect(runTemperatureOf(2, 0.9, presented)).toBe(0.9);
    expect(runTemperatureOf(3, 0.9, { bestIteration: 3, presentedTemperature: null })).toBe(0.9);
    expect(runTemperatureOf(3, 0.9, null)).toBe(0.9);
    expect(runTemperatureOf(undefined, undefined, presented)).toBeUndefined();
  });
});
