import { describe, expect, it } from "vitest";
import { editIterations, maxIterationsNotice, settleIterations } from "./iterations";

describe("iterations input rules", () => {
  it("accepts whole numbers from 1 to the maximum", () => {
    expect(editIterations("1")).toEqual({ kind: "value", value: 1, clamped: false });
    expect(editIterations("10")).toEqual({ kind: "value", value: 10, clamped: false });
  });

  it("clamps values above the maximum and says so", () => {
    expect(editIterations("12")).toEqual({ kind: "value", value: 10, clamped: true });
    expect(maxIterationsNotice(10)).toBe("Maximum iterations limit is 10. Value set to 10.");
  });

  it("ignores a multi-digit value with a leading zero", () => {
    expect(editIterations("05")).toEqual({ kind: "ignore" });
    expect(editIterations("007")).toEqual({ kind: "ignore" });
  });

  it("keeps empty, zero and non-numbers as drafts that become 1 on blur", () => {
    for (const raw of ["", "0", "abc", "-3", "2.5"]) {
      expect(editIterations(raw).kind).toBe("draft");
      expect(settleIterations(raw)).toBe(raw === "2.5" ? 2 : 1);
    }
    expect(settleIterations("7")).toBe(7);
  });
});
