import { describe, expect, it } from "vitest";
import { userScorer } from "./scorer";

const example = {
  id: "a",
  dialog: [{ type: "human" as const, content: "hi" }],
  reference: "r",
  rubric: [],
};

describe("userScorer", () => {
  it("clamps scores into [0, 1] and keeps the feedback", async () => {
    expect(await userScorer(() => ({ score: 1.5, feedback: "great" }))(example, "x")).toEqual({
      score: 1,
      feedback: "great",
    });
    expect(await userScorer(async () => ({ score: -2, feedback: "bad" }))(example, "x")).toEqual({
      score: 0,
      feedback: "bad",
    });
  });

  it("rejects a metric that returns no number, naming the example", async () => {
    const broken = userScorer(() => ({ score: Number.NaN, feedback: "" }));
    await expect(broken(example, "x")).rejects.toThrow("example a");
  });
});
