import { describe, expect, it } from "vitest";
import { interpretIterationsInput, iterationsLimitNotice, settleIterations } from "./iterations";

describe("iterations input rules", () => {
  it("stores whole numbers from 1 to the maximum as typed", () => {
    expect(interpretIterationsInput("3", 10)).toEqual({ action: "edit", text: "3", value: 3 });
    expect(interpretIterationsInput("10", 10)).toEqual({ action: "edit", text: "10", value: 10 });
  });

  it("clamps values above the maximum at once, with the notice", () => {
    expect(interpretIterationsInput("11", 10)).toEqual({
      action: "clamp",
      text: "10",
      value: 10,
      notice: "Maximum iterations limit is 10. Value set to 10.",
    });
    expect(iterationsLimitNotice(7)).toBe("Maximum iterations limit is 7. Value set to 7.");
  });

  it("ignores a multi-digit value with a leading zero", () => {
    expect(interpretIterationsInput("05", 10)).toEqual({ action: "ignore" });
    expect(interpretIterationsInput("00", 10)).toEqual({ action: "ignore" });
  });

  it("lets empty, zero and non-numbers be typed without storing them", () => {
    expect(interpretIterationsInput("", 10)).toEqual({ action: "edit", text: "", value: null });
    expect(interpretIterationsInput("0", 10)).toEqual({ action: "edit", text: "0", value: null });
    expect(interpretIterationsInput("abc", 10)).toEqual({
      action: "edit",
      text: "abc",
      value: null,
    });
  });

  it("settles empty, non-numbers and values below 1 to 1 on blur", () => {
    expect(settleIterations("", 10)).toEqual({ value: 1 });
    expect(settleIterations("abc", 10)).toEqual({ value: 1 });
    expect(settleIterations("0", 10)).toEqual({ value: 1 });
    expect(settleIterations("-4", 10)).toEqual({ value: 1 });
  });

  it("settles fractions down and large values to the maximum on blur", () => {
    expect(settleIterations("2.7", 10)).toEqual({ value: 2 });
    expect(settleIterations("1e3", 10)).toEqual({
      value: 10,
      notice: "Maximum iterations limit is 10. Value set to 10.",
    });
    expect(settleIterations(" 4 ", 10)).toEqual({ value: 4 });
  });
});
