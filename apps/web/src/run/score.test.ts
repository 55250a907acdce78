import { describe, expect, it } from "vitest";
import { runTemperatureOf } from "./score";

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
