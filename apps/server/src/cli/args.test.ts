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
      cacheDir: ".promptune-cache",
      explicit: { iterations: true, seed: false },
      server: undefined,
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

  it("defaults eval to temperature 0 and reads --repeat, --gate-on and the cache options", () => {
    const base = ["eval", "-d", "DCH2", "-p", "x"];
    expect(parseCliArgs(base)).toMatchObject({
      temperature: 0,
      repeat: 1,
      gateOn: "mean",
      passScoreIsGate: false,
      cacheDir: ".promptune-cache",
    });
    expect(
      parseCliArgs([
        ...base,
        "--repeat",
        "3",
        "--min-score",
        "0.8",
        "--gate-on",
        "lower",
        "--no-cache",
      ]),
    ).toMatchObject({ repeat: 3, gateOn: "lower", cacheDir: undefined });
    expect(parseCliArgs(base, { PROMPTUNE_CACHE_DIR: "c" })).toMatchObject({ cacheDir: "c" });
    expect(parseCliArgs([...base, "--pass-score", "0.5"])).toMatchObject({ passScoreIsGate: true });
    expect(() => parseCliArgs([...base, "--repeat", "0"])).toThrow("--repeat must be");
    expect(() => parseCliArgs([...base, "--gate-on", "lower"])).toThrow("needs --min-score");
    expect(() => parseCliArgs([...base, "--no-cache", "--cache-dir", "d"])).toThrow(UsageError);
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
      ["optimize", "--dataset", "d", "--prompt", "x", "--task", " "],
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
    expect(parseCliArgs(["eval", "--help"])).toEqual({ command: "help", topic: "eval" });
    expect(parseCliArgs(["help", "optimize"])).toEqual({ command: "help", topic: "optimize" });
    expect(parseCliArgs(["--version"])).toEqual({ command: "version" });
    expect(parseCliArgs(["-v"])).toEqual({ command: "version" });
  });
});
