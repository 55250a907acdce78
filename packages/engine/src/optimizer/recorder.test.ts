import type { DatasetExample } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { toEvidence } from "./recorder";

const examples: DatasetExample[] = ["a", "b"].map((id) => ({
  id,
  dialog: [{ type: "human", content: `question ${id}` }],
  reference: "ref",
  rubric: ["greet", "answer"],
}));

describe("toEvidence", () => {
  it("carries the judge's per-item verdicts as met flags in rubric order, and none when absent", () => {
    const rows = toEvidence(examples, [
      {
        score: 0.5,
        feedback: "Missing: greet",
        rubricItems: [
          { item: "greet", met: false },
          { item: "answer", met: true },
        ],
        reply: "r",
        trace: "",
        consulted: [],
      },
      { score: 1, feedback: "All rubric items satisfied.", reply: "s", trace: "", consulted: [] },
    ]);
    expect(rows[0]).toMatchObject({ exampleId: "a", rubricMet: [false, true] });
    expect(rows[1]?.exampleId).toBe("b");
    expect(rows[1]).not.toHaveProperty("rubricMet");
  });
});
