import { DatasetError } from "@promptune/engine";
import { describe, expect, it } from "vitest";
import { validateDatasetText } from "./validate";

const line = (id: string, expected?: string) =>
  JSON.stringify({
    id,
    dialog: [{ type: "human", content: `question ${id}` }],
    reference: "answer",
    ...(expected === undefined ? {} : { expected }),
  });

const text = (...lines: string[]) => lines.join("\n");

async function problems(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DatasetError);
    return (err as Error).message;
  }
  throw new Error("expected a DatasetError");
}

describe("validateDatasetText (uploads and the CLI)", () => {
  it("returns the examples of a valid JSONL or CSV file", async () => {
    const jsonl = text(line("a", "1"), line("b", "2"), line("c", "3"));
    expect(
      await validateDatasetText({
        format: "jsonl",
        content: jsonl,
        source: "s.jsonl",
        metric: "exact",
      }),
    ).toHaveLength(3);
    const csv = "input,reference\none,1\ntwo,2\nthree,3\n";
    expect(
      (
        await validateDatasetText({ format: "csv", content: csv, source: "s.csv", metric: "judge" })
      ).map((e) => e.id),
    ).toEqual(["row-2", "row-3", "row-4"]);
  });

  it("rejects empty files, too few examples and missing expected answers", async () => {
    const v =
      (content: string, metric: "judge" | "exact" = "judge") =>
      () =>
        validateDatasetText({ format: "jsonl", content, source: "s.jsonl", metric });
    expect(await problems(v("  \n"))).toContain("the file is empty");
    expect(await problems(v(text(line("a"), line("b"))))).toContain("at least 3 examples");
    // every example without one is named by its line, not only the first
    const missing = await problems(v(text(line("a"), line("b", "2"), line("c")), "exact"));
    expect(missing).toContain(
      'line 1: expected: the exact metric needs an "expected" answer on every example',
    );
    expect(missing).toContain(
      'line 3: expected: the exact metric needs an "expected" answer on every example',
    );
  });

  it("rejects regex patterns that do not compile, naming the line", async () => {
    const content = text(line("a", "^ok$"), line("b", "(unclosed"), line("c", "/x/i"));
    expect(
      await problems(() =>
        validateDatasetText({ format: "jsonl", content, source: "r.jsonl", metric: "regex" }),
      ),
    ).toMatch(/line 2: expected: /);
  });
});
