import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatasetExample } from "@promptune/contracts";
import type { LlmPort } from "@promptune/engine";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { expandJsonlShorthand } from "../shorthand";
import { assertionScorer } from "./assertions";
import { configJsonSchemaText } from "./json-schema";
import { parseConfigText } from "./load";

const ISSUE_YAML = `dataset: sums.jsonl
metric: exact
prompts:
  - Answer with digits only.
  - You are a helpful assistant.
models: [gpt-4o-mini, gpt-4o]
`;

const example: DatasetExample = {
  id: "a",
  dialog: [{ type: "human", content: "2+3?" }],
  reference: "5",
  expected: "5",
  rubric: [],
};
const noLlm = {} as LlmPort;

describe("promptune.config.yaml", () => {
  it("accepts the issue's minimal file as written", () => {
    expect(parseConfigText(ISSUE_YAML, "promptune.config.yaml")).toMatchObject({
      dataset: "sums.jsonl",
      metric: "exact",
      models: ["gpt-4o-mini", "gpt-4o"],
    });
  });

  it("reports every problem with its line, unknown keys on their own line", () => {
    const text = "dataset: sums.jsonl\nmetric: exakt\nprompts:\n  - ''\nmodels: gpt-4o\nextra: 1\n";
    let message = "";
    try {
      parseConfigText(text, "bad.yaml");
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain("line 2: metric: Invalid option");
    expect(message).toContain("line 4: prompts.0: a prompt must not be empty");
    expect(message).toContain("line 5: models: Invalid input: expected array");
    expect(message).toContain('line 6: Unrecognized key: "extra"');
    expect(() => parseConfigText("prompts: [a\nmodels: b", "broken.yaml")).toThrow(/line \d+:/);
    expect(() =>
      parseConfigText(
        "dataset: d.jsonl\nmetric: exact\nprompts: [p]\nassertions:\n  - type: contains\n    value: x\n",
        "both.yaml",
      ),
    ).toThrow("line 5: assertions: give either metric or assertions, not both");
  });

  it("ships a JSON schema that is current and validates like the zod schema", async () => {
    const committed = await readFile(
      new URL("../../../../../packages/cli/promptune.config.schema.json", import.meta.url),
      "utf8",
    );
    // regenerate with: npx tsx apps/server/src/cli/config/write-schema.ts
    expect(JSON.parse(committed)).toEqual(JSON.parse(configJsonSchemaText()));
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(committed));
    expect(validate(parse(ISSUE_YAML))).toBe(true);
    expect(validate({ dataset: "d.jsonl", prompts: [] })).toBe(false);
    expect(validate({ dataset: "d.jsonl", prompts: ["p"], metric: "nope" })).toBe(false);
  });
});

describe("assertions", () => {
  it("scores the weighted share passed and explains each failure", async () => {
    const scorer = await assertionScorer(
      [
        { type: "contains", value: "{{expected}}", ignore_case: true, weight: 2 },
        { type: "regex", pattern: "^\\d+$", flags: "", weight: 1 },
        { type: "not-contains", value: "sorry", ignore_case: true, weight: 1 },
      ],
      { llm: noLlm, judgeModel: "j", resolve: (p) => p },
    );
    expect(await scorer(example, "5")).toEqual({ score: 1, feedback: "All assertions passed." });
    const partial = await scorer(example, "Sorry, it is 5.");
    expect(partial.score).toBeCloseTo(0.5);
    expect(partial.feedback).toBe("The reply does not match /^\\d+$/\nMust not contain: sorry");
  });

  it("checks JSON replies against a schema and runs a JavaScript module", async () => {
    const dir = await mkdtemp(join(tmpdir(), "promptune-assert-"));
    const module = join(dir, "check.mjs");
    await writeFile(
      module,
      "export default (example, reply) => ({ score: reply.includes(example.expected) ? 1 : 0.25, feedback: 'needs ' + example.expected });\n",
    );
    const scorer = await assertionScorer(
      [
        {
          type: "json-schema",
          schema: {
            type: "object",
            required: ["answer"],
            properties: { answer: { type: "number" } },
          },
          weight: 1,
        },
        { type: "javascript", module: "check.mjs", weight: 1 },
      ],
      { llm: noLlm, judgeModel: "j", resolve: (p) => join(dir, p) },
    );
    expect((await scorer(example, '{"answer": 5}')).score).toBe(1);
    const bad = await scorer(example, '{"answer": "five"}');
    expect(bad.score).toBeCloseTo((0 + 0.25) / 2);
    expect(bad.feedback).toContain("/answer must be number");
    expect((await scorer(example, "five")).feedback).toContain("The reply is not JSON.");
  });

  it("refuses a broken assertion before any call", async () => {
    const deps = { llm: noLlm, judgeModel: "j", resolve: (p: string) => p };
    await expect(
      assertionScorer([{ type: "regex", pattern: "(", flags: "", weight: 1 }], deps),
    ).rejects.toThrow("assertions[0]: invalid regex");
    await expect(
      assertionScorer([{ type: "javascript", module: "/no/such/module.mjs", weight: 1 }], deps),
    ).rejects.toThrow("cannot load assertion module");
  });
});

describe("JSONL shorthand", () => {
  it("expands input/expected lines and keeps the others and the line count", () => {
    const text =
      '{"input": "2+3?", "expected": "5"}\n\n{"id": "x", "dialog": [], "reference": "r"}';
    const lines = expandJsonlShorthand(text).split("\n");
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0] ?? "")).toEqual({
      expected: "5",
      dialog: [{ type: "human", content: "2+3?" }],
      reference: "5",
      id: "line-1",
    });
    expect(lines[2]).toBe('{"id": "x", "dialog": [], "reference": "r"}');
  });
});
