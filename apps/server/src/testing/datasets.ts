import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Rubric items the fixture LLM can check (docs/fixture-llm.md): short imperative phrases. */
const ITEMS = [
  "ask for the order number",
  "apologize for the delay",
  "offer a prepaid return label",
  "mention the refund timeline",
  "explain how to reset the password",
  "thank the customer for waiting",
];

/**
 * Writes a small datasets folder (index.json + one JSONL file) for tests and
 * returns its path. Every example has two rubric items the seed prompt lacks,
 * so an optimisation against the fixture LLM can measurably improve.
 */
export function writeTestDatasets(size = 12): string {
  const dir = mkdtempSync(join(tmpdir(), "promptune-datasets-"));
  const lines: string[] = [];
  for (let i = 0; i < size; i++) {
    const a = ITEMS[i % ITEMS.length] as string;
    const b = ITEMS[(i + 1) % ITEMS.length] as string;
    lines.push(
      JSON.stringify({
        id: `help-${String(i + 1).padStart(3, "0")}`,
        domain: "support",
        dialog: [
          { type: "human", content: `Hi, I need help with my order number ${1000 + i}.` },
          { type: "ai", content: "Sure, what happened?" },
          { type: "human", content: `It has not arrived yet, case ${i}.` },
        ],
        reference: `I'm sorry. Let me ${a} and ${b}.`,
        rubric: [a, b],
      }),
    );
  }
  writeFileSync(join(dir, "tiny-help.jsonl"), `${lines.join("\n")}\n`);
  writeFileSync(
    join(dir, "index.json"),
    JSON.stringify([
      {
        name: "tiny-help",
        title: "Tiny help",
        description: "Test dataset",
        file: "tiny-help.jsonl",
        metric: "judge",
      },
    ]),
  );
  return dir;
}
