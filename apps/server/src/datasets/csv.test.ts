import { describe, expect, it } from "vitest";
import { parseCsvRecords, parseDatasetCsv } from "./csv";

describe("CSV records", () => {
  it("handles quotes, escaped quotes, commas and newlines inside fields", () => {
    const records = parseCsvRecords('a,b\n"x, y","say ""hi""\nthere"\r\nlast,row');
    expect(records.map((r) => r.fields)).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"\nthere'],
      ["last", "row"],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it("skips blank lines", () => {
    expect(parseCsvRecords("a\n\n\nb\n").map((r) => r.fields)).toEqual([["a"], ["b"]]);
  });
});

describe("CSV datasets", () => {
  it("builds examples from input or dialog columns", () => {
    const text = [
      "input,dialog,reference,rubric",
      "Hello?,,Hi there.,greet the customer",
      ',"[{""type"":""human"",""content"":""Hey""}]",Hello.,greet back | be kind',
    ].join("\n");
    const examples = parseDatasetCsv(text, { name: "t.csv" });
    expect(examples[0]).toMatchObject({
      id: "row-2",
      dialog: [{ type: "human", content: "Hello?" }],
      rubric: ["greet the customer"],
    });
    expect(examples[1]).toMatchObject({
      dialog: [{ type: "human", content: "Hey" }],
      rubric: ["greet back", "be kind"],
    });
  });

  it("names the line of every bad row", () => {
    const text = "input,reference\nok,fine\n,missing input\nq,";
    expect(() => parseDatasetCsv(text, { name: "bad.csv" })).toThrow(/line 3:[\s\S]*line 4:/);
  });
});
