import { describe, expect, it } from "vitest";
import { percentLabel, pointsLabel, sharePercent, signedPoints } from "./format-score";

describe("one rounding rule (issue 26 §3 items 6, 12)", () => {
  it("reads a value the same whether it arrives as a share or in percent", () => {
    expect(sharePercent(0.7485)).toBe("74.9%");
    expect(percentLabel(74.85)).toBe("74.9%");
    expect(percentLabel(74.84999999999999)).toBe("74.9%");
    expect(percentLabel(74.85000000000001)).toBe("74.9%");
    expect(sharePercent(0.5)).toBe("50.0%");
    expect(sharePercent(1)).toBe("100.0%");
  });

  it("signs differences in points with one decimal", () => {
    expect(signedPoints(0.123)).toBe("+12.3");
    expect(signedPoints(-0.04)).toBe("−4.0");
    expect(signedPoints(0.0004)).toBe("0.0");
    expect(pointsLabel(0.01)).toBe("+1.0 points");
    expect(pointsLabel(-0.0155)).toBe("−1.6 points");
  });
});
