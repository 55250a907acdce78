import { describe, expect, it } from "vitest";
import { Prng } from "../util/prng";
import { taskVocabulary } from "./anchors";
import {
  conditionOf,
  drawGenericPruning,
  drawRemoval,
  drawUnanchoredPruning,
  instructionsOf,
  mergeInstructions,
  withoutConflictingAdditions,
  withoutInstruction,
  withoutUnanchored,
} from "./instructions";
import { isHeading } from "./prompt-units";

/** A prompt as models often write one: the task, then a heading over bold-labelled rules. */
const sectioned = [
  "You answer pharmacy order questions with the order code.",
  "",
  "## Guidelines",
  "- **Insulin cases:** quote the exact code.",
  "- Refund requests: give the order number.",
  "- **Note:** keep it brief.",
  "- Reply in this format: code, then name.",
].join("\n");

const vocabulary = taskVocabulary({ title: "Pharmacy orders", initialPrompt: "x" }, [
  {
    id: "a",
    dialog: [{ type: "human", content: "Where is my insulin order? I want a refund." }],
    reference: "K1234",
    rubric: [],
  },
]);

describe("prompts written in sections with labelled rules", () => {
  it("reads a heading as layout and a label as the case its rule covers", () => {
    expect(instructionsOf(sectioned).map(isHeading)).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(instructionsOf(sectioned).map(conditionOf)).toEqual([
      null,
      null,
      "insulin cases",
      "refund requests",
      null, // a label that stresses, not a case
      null, // too long for a plain label
    ]);
    // a labelled rule and a "For …," rule for the same case name one case
    expect(conditionOf("For insulin cases, name the pen.")).toBe(
      conditionOf("- **Insulin cases:** quote the exact code."),
    );
    expect(conditionOf("**All replies:** sign with the code.")).toBeNull();
  });

  it("never removes a heading; a section an edit empties loses its heading", () => {
    for (let n = 1; n <= 30; n++)
      expect(drawRemoval(sectioned, new Prng(n))?.removed).not.toBe("## Guidelines");
    const two = "Answer with the code.\n\n## Tone\n- Be warm.\n\n## Codes\n- Quote them exactly.";
    expect(withoutInstruction(two, 2)).toBe(
      "Answer with the code.\n\n## Codes\n- Quote them exactly.",
    );
    // a sub-section that keeps an instruction keeps the heading above it
    const nested = "Answer.\n## Rules\n### Codes\n- Quote them.\n### Tone\n- Be warm.";
    expect(withoutInstruction(nested, 5)).toBe("Answer.\n## Rules\n### Codes\n- Quote them.");
    // a heading is no instruction: one instruction under it leaves nothing to remove
    expect(drawRemoval("## Rules\n- Quote the code.", new Prng(1))).toBeNull();
  });

  it("never prunes a labelled rule or a heading as a generic instruction", () => {
    const parent = "Reply with the code.";
    const proposal = `${parent}\n\n## Guidelines\n- **Refunds:** quote the order number.\n- Keep every reply short.`;
    const drawn = new Set<string>();
    for (let n = 1; n <= 30; n++) {
      const r = drawGenericPruning(parent, proposal, new Prng(n));
      expect(r).not.toBeNull();
      drawn.add(r?.removed ?? "");
    }
    expect([...drawn]).toEqual(["- Keep every reply short."]);
  });

  it("sees a labelled rule for a case the parent instructs as a conflict", () => {
    const parent = "Reply with the code. For refunds, quote the order number.";
    const proposal = `${parent}\n- **Refunds:** apologise first.\n- **Exchanges:** name the store.`;
    expect(withoutConflictingAdditions(parent, proposal)).toBe(
      `${parent}\n- **Exchanges:** name the store.`,
    );
  });

  it("merges labelled rules without the other lineage's headings or a second rule for a case", () => {
    const common = "Reply with the code.";
    const better = "Reply with the code. For refunds, quote the order number.";
    const other = `${common}\n\n## Guidelines\n- **Refunds:** apologise first.\n- **Exchanges:** name the store.`;
    expect(mergeInstructions(better, other, common)).toBe(
      `${better}\n- **Exchanges:** name the store.`,
    );
  });

  it("keeps a heading through the unanchored prunings while its section holds an anchored rule", () => {
    const parent = "Answer the order question.\n\n## Guidelines\n- Strive for greatness.";
    const proposal = `${parent}\n- **Insulin cases:** quote the order code.\n\n## Style\n- Be your best self.`;
    expect(drawUnanchoredPruning(parent, proposal, vocabulary)?.prompt).toBe(
      "Answer the order question.\n\n## Guidelines\n- **Insulin cases:** quote the order code.",
    );
    expect(withoutUnanchored(proposal, parent, vocabulary)?.prompt).toBe(
      "Answer the order question.\n\n## Guidelines\n- **Insulin cases:** quote the order code.",
    );
  });
});
