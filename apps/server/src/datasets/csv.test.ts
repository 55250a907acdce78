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

  it("reports an unterminated quote as such, with the line it opened on", () => {
    const text = 'id,input,reference\na,"hi,ref\nb,hello,r\nc,hey,r\n';
    expect(() => parseDatasetCsv(text, { name: "q.csv" })).toThrow(
      "line 2: unterminated quoted field: the quote opened on line 2 is never closed",
    );
  });
});

describe("plain question,answer CSV (issue 26 §3 item 15)", () => {
  it("maps each row to a one-turn dialog whose reference and expected answer are the answer", () => {
    const text = 'question,answer\nWhat is 2+2?,4\n"Capital of France, please?",Paris\n';
    const examples = parseDatasetCsv(text, { name: "qa.csv" });
    expect(examples).toEqual([
      {
        id: "row-2",
        dialog: [{ type: "human", content: "What is 2+2?" }],
        reference: "4",
        rubric: [],
        expected: "4",
      },
      {
        id: "row-3",
        dialog: [{ type: "human", content: "Capital of France, please?" }],
        reference: "Paris",
        rubric: [],
        expected: "Paris",
      },
    ]);
  });

  it("keeps the dataset's own columns over the plain aliases", () => {
    const text = "question,input,answer,reference\nignored,Hello?,ignored too,Hi there.\n";
    const [example] = parseDatasetCsv(text, { name: "qa.csv" });
    expect(example?.dialog).toEqual([{ type: "human", content: "Hello?" }]);
    expect(example?.reference).toBe("Hi there.");
    expect(example?.expected).toBeUndefined();
  });

  it("still names what a header without either form lacks", () => {
    expect(() => parseDatasetCsv("prompt,reply\na,b\n", { name: "qa.csv" })).toThrow(
      /reference, input or dialog/,
    );
  });
});
