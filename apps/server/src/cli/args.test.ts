import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "./args";
import { percent, progressBar } from "./progress";

describe("parseCliArgs", () => {
  it("parses optimize with defaults and short flags", () => {
    expect(
      parseCliArgs(["optimize", "-d", "DCH2", "-p", "Be kind.", "-n", "6", "-m", "gpt-4o"]),
    ).toEqual({
      command: "optimize",
      dataset: "DCH2",
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
    });
    expect(
      parseCliArgs(["optimize", "--dataset", "x", "--prompt-file", "p.txt", "--json"]),
    ).toMatchObject({
      promptFile: "p.txt",
      iterations: 4,
      json: true,
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
      ["frobnicate"],
    ];
    for (const argv of bad) expect(() => parseCliArgs(argv), argv.join(" ")).toThrow(UsageError);
  });

  it("recognises datasets and help", () => {
    expect(parseCliArgs(["datasets", "--json"])).toEqual({ command: "datasets", json: true });
    expect(parseCliArgs([])).toEqual({ command: "help" });
    expect(parseCliArgs(["--help"])).toEqual({ command: "help" });
  });
});

describe("progress output", () => {
  it("draws a proportional bar and percentages", () => {
    expect(progressBar(0, 4, 8)).toBe("[--------] 0/4");
    expect(progressBar(2, 4, 8)).toBe("[####----] 2/4");
    expect(progressBar(4, 4, 8)).toBe("[########] 4/4");
    expect(percent(0.5555)).toBe("55.5%");
    expect(percent(null)).toBe("n/a");
  });
});
