import { describe, expect, it } from "vitest";
import { drive, singleOptions } from "./test-helpers";

describe("optimizeSingleAgent", () => {
  it("yields iteration 0 then exactly one result per iteration, and a final result", async () => {
    const { run } = singleOptions({ iterations: 5 });
    const { results, final } = await drive(run());
    expect(results.map((r) => r.iteration)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(final.totalIterations).toBe(5);
    expect(final.prompts).toHaveLength(5);
    expect(final.prompts).toEqual(results.slice(1).map((r) => r.config.prompt));
    for (const r of results) {
      expect(r.evaluationPoint).toEqual({
        x: r.iteration,
        y: Math.round(r.validationScore * 10_000) / 100,
      });
      expect(r.validationScore).toBeGreaterThanOrEqual(0);
      expect(r.validationScore).toBeLessThanOrEqual(1);
      // an iteration whose parents are perfect on answers already cached spends nothing
      expect(Number.isInteger(r.usage.calls) && r.usage.calls >= 0).toBe(true);
    }
    expect(results[0]?.usage.calls).toBeGreaterThan(0);
  });

  it("raises the validation score from the seed and reports held-out test scores", async () => {
    const { run } = singleOptions({ iterations: 5 });
    const { results, final } = await drive(run());
    const initial = results[0]?.validationScore ?? 1;
    expect(final.initial.validationScore).toBe(initial);
    expect(final.best.validationScore).toBeGreaterThan(initial);
    expect(final.best.config.prompt).toContain("Always ");
    expect(final.testScore).not.toBeNull();
    expect(final.initialTestScore).not.toBeNull();
    expect(final.testScore as number).toBeGreaterThan(final.initialTestScore as number);
    expect(final.testSize).toBe(9);
    expect(results.some((r) => r.accepted && r.iteration > 0)).toBe(true);
  });

  it("accepts only strict minibatch improvements and otherwise reports the best so far, unaccepted", async () => {
    // reflection that makes prompts worse: removes everything
    const { run, llm } = singleOptions(
      { iterations: 3 },
      { reflect: () => ({ prompt: "Be terse." }) },
    );
    const { results, final } = await drive(run());
    const seed = results[0];
    for (const r of results.slice(1)) {
      expect(r.accepted).toBe(false);
      expect(r.candidateIteration).toBe(0);
      expect(r.config).toEqual(seed?.config);
      expect(r.validationScore).toBe(seed?.validationScore);
      expect(r.proposals).toBe(3);
    }
    expect(final.best.iteration).toBe(0);
    // no validation run for rejected proposals: validation is scored once (seed) plus test at the end
    const assistantCalls = llm.calls.filter(
      (c) => c.purpose === "assistant" && c.system === "Be terse.",
    );
    expect(assistantCalls.length).toBeLessThanOrEqual(9 * 3);
  });

  it("rejects a proposal whose minibatch score only ties", async () => {
    const { run } = singleOptions(
      { iterations: 2 },
      { reflect: (current) => ({ prompt: `${current} Be nice.` }) },
    );
    const { results } = await drive(run());
    expect(results.slice(1).every((r) => !r.accepted)).toBe(true);
  });

  it("reports the temperature each candidate was scored with and tunes it when asked", async () => {
    const { run, llm } = singleOptions(
      { iterations: 2, temperature: 0.9 },
      {
        reflect: (current, missing) => ({
          prompt: `${current}\nAlways ${missing[0]}.`,
          temperature: 0.25,
        }),
      },
    );
    const { results } = await drive(run());
    expect(results[0]?.config.temperature).toBe(0.9);
    const accepted = results.find((r) => r.iteration > 0 && r.accepted);
    expect(accepted?.config.temperature).toBe(0.25);
    expect(llm.calls.some((c) => c.purpose === "assistant" && c.temperature === 0.25)).toBe(true);
    const reflection = llm.calls.find((c) => c.purpose === "reflection");
    expect(reflection?.user).toContain("<temperature>\n0.90\n</temperature>");
  });

  it("keeps the temperature fixed when temperature tuning is off", async () => {
    const { run, llm } = singleOptions({ iterations: 2, tuneTemperature: false });
    const { results } = await drive(run());
    expect(results.every((r) => r.config.temperature === 0.7)).toBe(true);
    expect(llm.calls.find((c) => c.purpose === "reflection")?.user).not.toContain("<temperature>");
  });

  it("gives reflection the current prompt and the judge's feedback verbatim", async () => {
    const { run, llm } = singleOptions({ iterations: 1 });
    await drive(run());
    const reflection = llm.calls.find((c) => c.purpose === "reflection");
    expect(reflection?.user).toContain(
      "<current_prompt>\nYou are a helpful customer-help assistant.\n</current_prompt>",
    );
    expect(reflection?.user).toMatch(/<feedback>\nExample 1 \(score \d\.\d\d\):\nMissing: [^\n]+/);
    expect(reflection?.model).toBe("reflection-model");
  });

  it("limits model calls in flight to the concurrency option and uses it", async () => {
    const { run, llm } = singleOptions({ iterations: 1, concurrency: 4 }, { latencyMs: 2 });
    await drive(run());
    expect(llm.maxInFlight).toBe(4);
  });

  it("treats a failed reflection as a rejected proposal, not a failed run", async () => {
    const { run } = singleOptions(
      { iterations: 2 },
      {
        beforeCall: (c) => {
          if (c.purpose === "reflection") throw new Error("invalid JSON from model");
        },
      },
    );
    const { results } = await drive(run());
    expect(results).toHaveLength(3);
    expect(results.slice(1).every((r) => !r.accepted && r.proposals === 3)).toBe(true);
  });

  it("fails the run when an evaluation call fails", async () => {
    const { run } = singleOptions(
      { iterations: 2 },
      {
        beforeCall: (c, i) => {
          if (c.purpose === "judge" && i > 3) throw new Error("provider down");
        },
      },
    );
    await expect(drive(run())).rejects.toThrow("provider down");
  });
});
