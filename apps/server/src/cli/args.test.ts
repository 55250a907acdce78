import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "./args";

describe("parseCliArgs", () => {
  it("parses optimize with defaults and short flags", () => {
    expect(
      parseCliArgs(["optimize", "-d", "DCH2", "-p", "Be kind.", "-n", "6", "-m", "gpt-4o"]),
    ).toEqual({
      command: "optimize",
      dataset: { kind: "bundled", name: "DCH2" },
      prompt: "Be kind.",
      promptFile: undefined,
      agentsFile: undefined,
      iterations: 6,
      model: "gpt-4o",
      temperature: 0.7,
      seed: 1,
      concurrency: undefined,
      maxCalls: undefined,
      json: false,
      output: undefined,
      progress: undefined,
    });
    expect(
      parseCliArgs([
        "optimize",
        "--dataset-file",
        "set.csv",
        "--metric",
        "exact",
        "--prompt-file",
        "p.txt",
        "--json",
        "--output",
        "run.json",
        "--progress",
        "bar",
      ]),
    ).toMatchObject({
      dataset: { kind: "file", path: "set.csv", metric: "exact" },
      promptFile: "p.txt",
      iterations: 4,
      json: true,
      output: "run.json",
      progress: "bar",
    });
    expect(parseCliArgs(["optimize", "--dataset-file", "s.jsonl", "-p", "x"])).toMatchObject({
      dataset: { kind: "file", path: "s.jsonl", metric: "judge" },
    });
  });

  it("parses eval with thresholds given as shares or percentages", () => {
    expect(
      parseCliArgs([
        "eval",
        "--dataset-file",
        "s.jsonl",
        "--agents",
        "a.json",
        "--all",
        "--min-score",
        "80%",
        "--baseline",
        "b.json",
        "--max-drop",
        "0.05",
        "--pass-score",
        "0.5",
        "--junit",
        "r.xml",
      ]),
    ).toMatchObject({
      command: "eval",
      agentsFile: "a.json",
      all: true,
      minScore: 0.8,
      baseline: "b.json",
      maxDrop: 0.05,
      passScore: 0.5,
      junit: "r.xml",
    });
    expect(parseCliArgs(["eval", "-d", "x", "-p", "y"])).toMatchObject({
      all: false,
      passScore: 1,
      maxDrop: 0,
      minScore: undefined,
    });
  });

  it("rejects bad or missing options with a usage error", () => {
    const bad = [
      ["optimize", "--prompt", "x"],
      ["optimize", "--dataset", "d"],
      ["optimize", "--dataset", "d", "--prompt", "x", "--agents", "a.json"],
      ["optimize", "--dataset", "d", "--prompt", "x", "--iterations", "11"],
      ["optimize", "--dataset", "d", "--prompt", "x", "--iterations", "2.5"],
      ["optimize", "--dataset", "d", "--prompt", "x", "--temperature", "1.5"],
      ["optimize", "--dataset", "d", "--prompt", "x", "--max-calls", "0"],
      ["optimize", "--dataset", "d", "--prompt", "x", "--unknown"],
      ["optimize", "--dataset", "d", "--dataset-file", "f.csv", "--prompt", "x"],
      ["optimize", "--dataset", "d", "--metric", "exact", "--prompt", "x"],
      ["optimize", "--dataset-file", "f.csv", "--metric", "fuzzy", "--prompt", "x"],
      ["optimize", "--dataset", "d", "--prompt", "x", "--progress", "fancy"],
      ["optimize", "--dataset", "d", "--prompt", "x", "stray"],
      ["eval", "--dataset", "d", "--prompt", "x", "--min-score", "1.5"],
      ["eval", "--dataset", "d", "--prompt", "x", "--min-score", "120%"],
      ["eval", "--dataset", "d", "--prompt", "x", "--min-score", ""],
      ["eval", "--dataset", "d", "--prompt", "x", "--max-drop", "0.1"],
      ["datasets", "validate"],
      ["datasets", "check", "f.csv"],
      ["datasets", "--metric", "exact"],
      ["frobnicate"],
    ];
    for (const argv of bad) expect(() => parseCliArgs(argv), argv.join(" ")).toThrow(UsageError);
  });

  it("recognises datasets, datasets validate and help", () => {
    expect(parseCliArgs(["datasets", "--json"])).toEqual({ command: "datasets", json: true });
    expect(parseCliArgs(["datasets", "validate", "f.csv", "--metric", "regex"])).toEqual({
      command: "datasets-validate",
      file: "f.csv",
      metric: "regex",
      json: false,
    });
    expect(parseCliArgs([])).toEqual({ command: "help" });
    expect(parseCliArgs(["--help"])).toEqual({ command: "help" });
    expect(parseCliArgs(["eval", "--help"])).toEqual({ command: "help" });
  });
});
