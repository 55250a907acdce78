import { describe, expect, it } from "vitest";
import { csvTemplate, jsonlTemplate, previewDataset } from "./dataset-preview";

describe("dataset preview (issue 26 §3 item 15)", () => {
  it("reads a plain question,answer CSV as one-turn dialogs with the expected answer", () => {
    const preview = previewDataset("csv", 'question,answer\nWhat is 2+2?,4\n"Hi, who?",Me\n');
    expect(preview.error).toBeUndefined();
    expect(preview.rows).toEqual([
      { message: "What is 2+2?", turns: 1, reference: "4", expected: "4" },
      { message: "Hi, who?", turns: 1, reference: "Me", expected: "Me" },
    ]);
  });

  it("shows at most five rows of a JSONL file and names a broken line", () => {
    const line = JSON.stringify({ dialog: [{ type: "human", content: "Q" }], reference: "A" });
    expect(previewDataset("jsonl", Array(8).fill(line).join("\n")).rows).toHaveLength(5);
    expect(previewDataset("jsonl", `${line}\n{oops`).error).toBe("Line 2 is not valid JSON.");
  });

  it("explains a CSV header it cannot read", () => {
    expect(previewDataset("csv", "prompt,reply\na,b").error).toMatch(/question,answer/);
  });

  it("offers templates that preview without errors", () => {
    expect(previewDataset("jsonl", jsonlTemplate())).toMatchObject({ rows: { length: 2 } });
    const csv = previewDataset("csv", csvTemplate());
    expect(csv.error).toBeUndefined();
    expect(csv.rows).toHaveLength(2);
  });
});
