import type { DatasetExample } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { contentWords, isAnchored, taskVocabulary } from "./anchors";
import { drawUnanchoredPruning, withoutUnanchored } from "./instructions";

const example = (id: string, question: string, reference: string): DatasetExample => ({
  id,
  dialog: [{ type: "human", content: question }],
  reference,
  rubric: ["shows each step of the working"],
});

/** A maths tutor's task: nothing of it is customer help or codes. */
const vocabulary = taskVocabulary(
  {
    title: "Algebra tutor",
    description: "Solves linear equations for pupils.",
    initialPrompt: "x",
  },
  [
    example("a", "Solve 2x + 3 = 7 for x.", "x = 2"),
    example("b", "What fractions reduce to one half?", "2/4, 3/6"),
  ],
);

describe("instructions anchored in the task", () => {
  it("reads content words, stemmed, without function words", () => {
    expect(contentWords("The pupils' Equations and replies, in boxes")).toEqual([
      "pupil",
      "equation",
      "reply",
      "box",
    ]);
  });

  it("anchors an instruction that names the task's material, not filler", () => {
    expect(isAnchored("Reduce every fraction before the answer.", vocabulary)).toBe(true);
    expect(isAnchored("For linear equations, isolate x first.", vocabulary)).toBe(true);
    expect(isAnchored("Always show the working step by step.", vocabulary)).toBe(true);
    expect(isAnchored("Be helpful, accurate and professional.", vocabulary)).toBe(false);
    expect(isAnchored("Take care to do your best at all times.", vocabulary)).toBe(false);
  });

  it("leaves the initial prompt, validation and test out of the vocabulary", () => {
    const v = taskVocabulary({ initialPrompt: "Be a friendly mentor." }, [
      example("a", "Solve x + 1 = 2.", "x = 1"),
    ]);
    expect(v.has("friendly")).toBe(false);
    expect(v.has("solve")).toBe(true);
  });
});

describe("unanchored pruning", () => {
  const parent = "You are a friendly mentor. Solve the equation. Be thorough in everything.";

  it("drops every unanchored instruction at once once the draft added an anchored one", () => {
    const proposal = `${parent} For fractions, reduce them first. Strive for greatness.`;
    expect(drawUnanchoredPruning(parent, proposal, vocabulary)).toEqual({
      withGenericAdditions: false,
      prompt: "Solve the equation. For fractions, reduce them first.",
      removed: "You are a friendly mentor. Be thorough in everything. Strive for greatness.",
    });
  });

  it("drops the generic instructions added beside a case's rule too, never a generic fix alone", () => {
    const proposal = `${parent} For fractions, reduce them first. Always show the working.`;
    expect(drawUnanchoredPruning(parent, proposal, vocabulary)).toMatchObject({
      prompt: "Solve the equation. For fractions, reduce them first.",
      withGenericAdditions: true,
    });
    const generic = `${parent} Always reduce every fraction first. Always show the working.`;
    expect(drawUnanchoredPruning(parent, generic, vocabulary)?.prompt).toBe(
      "Solve the equation. Always reduce every fraction first. Always show the working.",
    );
  });

  it("draws nothing before the draft added an anchored instruction", () => {
    expect(drawUnanchoredPruning(parent, `${parent} Strive for greatness.`, vocabulary)).toBeNull();
  });

  it("draws nothing when every inherited instruction is anchored", () => {
    const plain = "Solve the equation.";
    const proposal = `${plain} For fractions, reduce them first. Strive for greatness.`;
    expect(drawUnanchoredPruning(plain, proposal, vocabulary)).toBeNull();
  });
});

describe("removal of unanchored instructions from a pool candidate", () => {
  const seed = "You are a friendly mentor. Solve the equation.";

  it("drops every unanchored instruction, wherever it came from, once the prompt learnt something", () => {
    const learnt = `${seed} For fractions, reduce them first. Strive for greatness.`;
    expect(withoutUnanchored(learnt, seed, vocabulary)).toEqual({
      prompt: "Solve the equation. For fractions, reduce them first.",
      removed: "You are a friendly mentor. Strive for greatness.",
    });
  });

  it("leaves a prompt that learnt nothing anchored, or holds nothing unanchored", () => {
    expect(withoutUnanchored(`${seed} Strive for greatness.`, seed, vocabulary)).toBeNull();
    expect(withoutUnanchored(seed, seed, vocabulary)).toBeNull();
    const clean = "Solve the equation. For fractions, reduce them first.";
    expect(withoutUnanchored(clean, seed, vocabulary)).toBeNull();
  });
});
