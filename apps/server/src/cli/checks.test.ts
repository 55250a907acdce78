import type { CliOptimizeOutput, EvalReport } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { UsageError } from "./args-common";
import { baselineMismatch, baselineOf, checkGates } from "./checks";

const report = (score: number): EvalReport => ({
  type: "eval",
  dataset: { name: "faq", source: "file", metric: "judge", size: 10 },
  split: "held-out",
  model: "m",
  configuration: { prompt: "p", temperature: 0.7 },
  score,
  pass_score: 1,
  examples: 3,
  passed: 0,
  results: [],
  usage: { calls: 0, input_tokens: 0, output_tokens: 0, cost_usd: 0, cached_calls: 0 },
  status: "complete",
  repeat: 1,
});

describe("quality gates", () => {
  it("fails below --min-score and passes at it", () => {
    expect(checkGates(report(0.69), { minScore: 0.7, maxDrop: 0 })[0]?.failure).toBe(
      "score 69.0% is below --min-score 70.0%",
    );
    // a mean of thirds that equals the threshold up to rounding passes
    expect(checkGates(report(0.1 + 0.2), { minScore: 0.3, maxDrop: 0 })[0]?.failure).toBe(
      undefined,
    );
  });

  it("fails when the score dropped more than --max-drop below the baseline", () => {
    const baseline = { score: 0.8, dataset: "faq", split: "held-out" as const, file: "b.json" };
    const [drop] = checkGates(report(0.7), { baseline, maxDrop: 0.05 });
    expect(drop?.failure).toContain("10.0 points below the baseline 80.0% (b.json)");
    expect(checkGates(report(0.76), { baseline, maxDrop: 0.05 })[0]?.failure).toBeUndefined();
    expect(checkGates(report(0.9), { baseline, maxDrop: 0 })[0]?.failure).toBeUndefined();
    expect(checkGates(report(0.5), { maxDrop: 0 })).toEqual([]);
  });

  it("reads a baseline from an eval report or an optimize output", () => {
    expect(baselineOf("r.json", report(0.4))).toEqual({
      score: 0.4,
      dataset: "faq",
      split: "held-out",
      file: "r.json",
      exampleIds: [],
    });
    const run = {
      type: "optimize",
      dataset: { name: "faq", source: "file", metric: "judge", size: 10 },
      model: "m",
      iterations: [],
      result: { test_score: 0.55 },
    } as unknown as CliOptimizeOutput;
    expect(baselineOf("run.json", run).score).toBe(0.55);
    const heldOut = {
      ...run,
      result: { test_score: 0.55, held_out: { final_score: 0.6 } },
    } as unknown as CliOptimizeOutput;
    expect(baselineOf("run.json", heldOut).score).toBe(0.6);
    const unmeasured = { ...run, result: { test_score: null } } as unknown as CliOptimizeOutput;
    expect(() => baselineOf("run.json", unmeasured)).toThrow(UsageError);
  });

  it("warns when the baseline was measured on another dataset or split", () => {
    const b = { score: 0.5, dataset: "faq", split: "all" as const, file: "b.json" };
    expect(baselineMismatch(report(0.5), b)).toContain("faq (all), this run on faq (held-out)");
    expect(baselineMismatch(report(0.5), { ...b, split: "held-out" })).toBeNull();
  });

  it("warns when the baseline scored other examples of the same dataset and split", () => {
    const scored = (ids: string[]): EvalReport => ({
      ...report(0.5),
      results: ids.map((id) => ({ id, score: 1, passed: true, feedback: "", reply: "" })),
    });
    const earlier = baselineOf("b.json", scored(["a", "b", "c"]));
    expect(earlier.exampleIds).toEqual(["a", "b", "c"]);
    expect(baselineMismatch(scored(["c", "b", "a"]), earlier)).toBeNull();
    expect(baselineMismatch(scored(["a", "b", "d", "e"]), earlier)).toBe(
      "warning: the baseline b.json was measured on other examples: 1 of its 3 are not in this run, which has 2 it did not score (the dataset or its split changed)",
    );
    // an optimize output lists no examples: only the dataset and the split are compared
    expect(baselineMismatch(scored(["x"]), { ...earlier, exampleIds: undefined })).toBeNull();
  });
});
