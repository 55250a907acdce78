import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "./args";

const env = {};
const parse = (line: string, e: Record<string, string> = env) => parseCliArgs(line.split(" "), e);

describe("deploy, rollback and datasets pull arguments", () => {
  it("parses deploy with an iteration or a frontier point, --override and the server", () => {
    expect(parse("deploy run-1 --iteration 2 --override --server http://h:1")).toEqual({
      command: "deploy",
      server: "http://h:1",
      runId: "run-1",
      iteration: 2,
      override: true,
      json: false,
    });
    expect(
      parse("deploy run-1 --frontier-point 3", { PROMPTUNE_SERVER: "https://p.example" }),
    ).toEqual({
      command: "deploy",
      server: "https://p.example",
      runId: "run-1",
      frontierPoint: 3,
      override: false,
      json: false,
    });
  });

  it("refuses missing or conflicting arguments with usage errors", () => {
    expect(() => parse("deploy run-1")).toThrow(/needs --server URL/);
    expect(() => parse("deploy --server http://h")).toThrow(/needs a RUN_ID/);
    expect(() => parse("deploy r --iteration 1 --frontier-point 1 --server http://h")).toThrow(
      /not both/,
    );
    expect(() => parse("deploy r --frontier-point 0 --server http://h")).toThrow(UsageError);
    expect(() => parse("rollback --server http://h")).toThrow(/needs a VERSION_ID/);
    expect(() => parse("datasets pull other --server http://h")).toThrow(/not "other"/);
  });

  it("pulls one or both Feedback datasets", () => {
    expect(parse("datasets pull feedback -o f.jsonl --server http://h")).toEqual({
      command: "datasets-pull",
      server: "http://h",
      names: ["feedback-telegram", "feedback-chat"],
      out: "f.jsonl",
    });
    expect(parse("datasets pull feedback-chat --server http://h")).toMatchObject({
      names: ["feedback-chat"],
    });
    expect(parse("rollback v-1 --json --server http://h")).toEqual({
      command: "rollback",
      server: "http://h",
      versionId: "v-1",
      json: true,
    });
  });
});
