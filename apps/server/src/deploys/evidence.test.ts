import { describe, expect, it } from "vitest";
import { wilson } from "./evidence";

describe("wilson", () => {
  it("matches the textbook Wilson 95 % interval", () => {
    // 8 of 10: 0.4902 to 0.9433 (z = 1.96)
    const i = wilson(8, 10);
    expect(i?.low).toBeCloseTo(0.4902, 3);
    expect(i?.high).toBeCloseTo(0.9433, 3);
  });

  it("stays inside [0, 1] at the extremes and is null without ratings", () => {
    expect(wilson(0, 0)).toBeNull();
    const none = wilson(0, 5);
    expect(none?.low).toBe(0);
    expect(none?.high).toBeCloseTo(0.4345, 3);
    const all = wilson(5, 5);
    expect(all?.high).toBe(1);
    expect(all?.low).toBeCloseTo(0.5655, 3);
  });
});
