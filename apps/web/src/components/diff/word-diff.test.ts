import { describe, expect, it } from "vitest";
import { countWords, teamDiffEntries, wordDiff } from "./word-diff";

describe("word diff", () => {
  it("reports added and removed words in order", () => {
    const d = wordDiff("Be brief and polite.", "Be concise, friendly and polite.");
    expect(d.parts.filter((p) => p.kind === "removed").map((p) => p.text.trim())).toEqual([
      "brief",
    ]);
    expect(d.parts.filter((p) => p.kind === "added").map((p) => p.text.trim())).toEqual([
      "concise, friendly",
    ]);
    expect(d.added).toBe(2);
    expect(d.removed).toBe(1);
    expect(
      d.parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe("Be brief and polite.");
  });

  it("finds no change in identical texts and counts everything in new ones", () => {
    expect(wordDiff("Same text.", "Same text.")).toMatchObject({ added: 0, removed: 0 });
    expect(wordDiff("", "Three new words")).toMatchObject({ added: 3, removed: 0 });
    expect(countWords("  a  b\nc ")).toBe(3);
    expect(countWords(" ")).toBe(0);
  });
});

describe("team diff entries", () => {
  const agent = (name: string, prompt: string, description = "") => ({
    name,
    prompt,
    description,
  });

  it("diffs the coordinator and every worker's prompt and description", () => {
    const entries = teamDiffEntries(
      {
        "master-agent": agent("master", "Route.", "Routes"),
        "worker-agents": [agent("Expert", "Know.")],
      },
      {
        "master-agent": agent("master", "Route well.", "Routes"),
        "worker-agents": [agent("Expert", "Know more."), agent("Helper", "Help.", "Helps")],
      },
    );
    expect(entries.map((e) => e.label)).toEqual([
      "Coordinator — prompt",
      "Coordinator — description",
      "Expert — prompt",
      "Expert — description",
      "Helper — prompt",
      "Helper — description",
    ]);
    expect(entries[4]).toEqual({ label: "Helper — prompt", before: "", after: "Help." });
  });
});
