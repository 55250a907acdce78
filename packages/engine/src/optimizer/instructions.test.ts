import { describe, expect, it } from "vitest";
import { Prng } from "../util/prng";
import { drawRemoval, instructionsOf, mergeInstructions, withoutInstruction } from "./instructions";
import { mergePair } from "./merge";
import { singleAgentAdapter } from "./single";

describe("instructions of a prompt", () => {
  it("splits sentences and lines and keeps the layout when one is removed", () => {
    const prompt = "You tutor algebra. Show each step!\n- End with x = value\nBe brief.";
    expect(instructionsOf(prompt)).toEqual([
      "You tutor algebra.",
      "Show each step!",
      "- End with x = value",
      "Be brief.",
    ]);
    expect(withoutInstruction(prompt, 1)).toBe(
      "You tutor algebra. - End with x = value\nBe brief.",
    );
    expect(withoutInstruction(prompt, 3)).toBe(
      "You tutor algebra. Show each step!\n- End with x = value",
    );
    expect(instructionsOf("Version 2.5 is out. Use it.")).toEqual([
      "Version 2.5 is out.",
      "Use it.",
    ]);
  });

  it("a removal drops exactly one instruction, none from a one-instruction prompt", () => {
    const rng = new Prng(3);
    const r = drawRemoval("A one. B two. C three.", rng);
    expect(r).not.toBeNull();
    expect(instructionsOf(r?.prompt ?? "")).toHaveLength(2);
    expect("A one. B two. C three.").toContain(r?.removed ?? "?");
    expect(drawRemoval("Only one.", rng)).toBeNull();
  });

  it("merges the instructions two lineages added, drops what the other removed, once each", () => {
    const common = "Answer briefly. Keep replies short.";
    const better = "Answer briefly. Keep replies short. For dates, use ISO format.";
    const other = "Answer briefly. For units, use SI units. for dates, use ISO  format.";
    expect(mergeInstructions(better, other, common)).toBe(
      "Answer briefly. For dates, use ISO format. For units, use SI units.",
    );
    expect(mergeInstructions(better, better, common)).toBeNull();
  });
});

describe("instruction-level merge of two single-agent lineages", () => {
  it("combines what each lineage learnt over their common ancestor", () => {
    const adapter = singleAgentAdapter({
      model: "m",
      reflectionModel: "r",
      tuneTemperature: true,
      instructionMerge: true,
    });
    const record = (iteration: number, parent: number | null, prompt: string, score: number) => ({
      iteration,
      parent,
      config: { prompt, temperature: 0.5 },
      component: null,
      rationale: null,
      scores: [score],
      score,
      embeddingPoint: { x: 0, y: 0 },
    });
    const pool = [
      record(0, null, "Answer with the code.", 0.2),
      record(1, 0, "Answer with the code. For dates, use ISO format.", 0.5),
      record(2, 0, "Answer with the code. For units, use SI.", 0.6),
    ];
    const plan = mergePair(adapter, pool, 1, 2);
    expect(plan).toMatchObject({ better: 2, other: 1 });
    expect(plan?.config.prompt).toBe(
      "Answer with the code. For units, use SI. For dates, use ISO format.",
    );
    const off = singleAgentAdapter({ model: "m", reflectionModel: "r", tuneTemperature: true });
    expect(mergePair(off, pool, 1, 2)).toBeNull();
  });
});
