import type { DatasetExample } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { emptyUsage, type LlmPort, type StructuredRequest } from "../ports";
import { createFakeLlm, tagBody } from "../testing/fake-llm";
import { alignRubricItems, clampScore, JudgeVerdictSchema, judgeReply } from "./llm-judge";
import { compileExpectedPattern, normalizeAnswer, scoreDeterministic } from "./metrics";
import { judgeMessages } from "./prompt";
import { createScorer, scorerDepth } from "./scorer";

const example: DatasetExample = {
  id: "1",
  dialog: [
    { type: "human", content: "My card was charged twice." },
    { type: "ai", content: "Sorry to hear that. Which card?" },
    { type: "human", content: "The Visa ending 4242." },
  ],
  reference: "I have refunded the duplicate charge.",
  rubric: ["apologise for the double charge", "confirm the refund"],
  expected: "Refund issued",
};

describe("judge prompt", () => {
  it("puts rubric items one per line and the reply and reference in their tags", () => {
    const [system, user] = judgeMessages(example, "Here is my reply.");
    expect(system?.role).toBe("system");
    expect(tagBody(user?.content ?? "", "rubric")).toBe(
      "- apologise for the double charge\n- confirm the refund",
    );
    expect(tagBody(user?.content ?? "", "reply")).toBe("Here is my reply.");
    expect(tagBody(user?.content ?? "", "reference")).toBe(example.reference);
    expect(user?.content).toContain("User: The Visa ending 4242.");
    // no complete tag pair in the system prompt, so tag parsers read the user message
    expect(system?.content).not.toMatch(/<(rubric|reply|reference)>/);
  });
});

describe("judgeReply", () => {
  it("asks at temperature 0 with schema judge_verdict and returns score and feedback", async () => {
    const llm = createFakeLlm();
    const verdict = await judgeReply(llm, {
      model: "j",
      example,
      reply: "We confirm the refund today.",
    });
    expect(verdict.score).toBe(0.5);
    expect(verdict.feedback).toBe("Missing: apologise for the double charge");
    expect(llm.calls[0]).toMatchObject({
      purpose: "judge",
      schemaName: "judge_verdict",
      temperature: 0,
      model: "j",
    });
  });

  it("returns each rubric item met or not, in the rubric's order", async () => {
    const llm = createFakeLlm();
    const verdict = await judgeReply(llm, {
      model: "j",
      example,
      reply: "We confirm the refund today.",
    });
    expect(verdict.rubricItems).toEqual([
      { item: "apologise for the double charge", met: false },
      { item: "confirm the refund", met: true },
    ]);
    expect(llm.calls[0]?.user).toContain("whether each rubric item is met");
  });

  it("aligns the judge's items with the rubric by text, else by position; partial or absent lists give none", () => {
    const rubric = ["greet the user", "confirm the refund"];
    // By text, in any order and spacing or case.
    expect(
      alignRubricItems(rubric, [
        { item: "Confirm  the refund", met: true },
        { item: "greet the user", met: false },
      ]),
    ).toEqual([
      { item: "greet the user", met: false },
      { item: "confirm the refund", met: true },
    ]);
    // Reworded items: by position when the counts agree.
    expect(
      alignRubricItems(rubric, [
        { item: "greeting", met: true },
        { item: "refund confirmed", met: false },
      ]),
    ).toEqual([
      { item: "greet the user", met: true },
      { item: "confirm the refund", met: false },
    ]);
    expect(alignRubricItems(rubric, [{ item: "greeting", met: true }])).toBeUndefined();
    expect(alignRubricItems(rubric, undefined)).toBeUndefined();
    expect(alignRubricItems([], [{ item: "x", met: true }])).toBeUndefined();
  });

  it("accepts a verdict without rubric items (older judges and models that leave it out)", async () => {
    expect(JudgeVerdictSchema.parse({ score: 0.5, feedback: "ok" })).toEqual({
      score: 0.5,
      feedback: "ok",
    });
    const llm = createFakeLlm();
    const noRubric = await judgeReply(llm, {
      model: "j",
      example: { ...example, rubric: [] },
      reply: "Refund done.",
    });
    expect(noRubric.rubricItems).toBeUndefined();
  });

  it("clamps out-of-range scores", () => {
    expect(clampScore(-0.2)).toBe(0);
    expect(clampScore(1.2)).toBe(1);
    expect(clampScore(80)).toBe(0.8);
    expect(clampScore(250)).toBe(1);
    expect(clampScore(Number.NaN)).toBe(0);
    expect(clampScore(0.4)).toBe(0.4);
  });

  it("reads a score given out of 10 as tenths, by the judge's own rubric answers when ambiguous", async () => {
    expect(clampScore(8)).toBe(0.8);
    expect(clampScore(10)).toBe(1);
    // "10" is 1 of 10 items (percent) or all of them (out of 10): the items the judge marked tell
    expect(clampScore(10, 0.1)).toBe(0.1);
    expect(clampScore(10, 1)).toBe(1);
    expect(clampScore(50, 0.5)).toBe(0.5);
    // a judge model that grades out of 10 despite the instructions
    const outOfTen = (score: number, met: boolean[]): LlmPort =>
      ({
        async completeStructured<T>(request: StructuredRequest<T>) {
          const items = example.rubric.map((item, i) => ({ item, met: met[i] ?? false }));
          const value = request.schema.parse({ score, feedback: "ok", rubric_items: items });
          return { value, usage: emptyUsage() };
        },
      }) as unknown as LlmPort;
    const half = await judgeReply(outOfTen(5, [false, true]), { model: "j", example, reply: "x" });
    expect(half.score).toBe(0.5);
    const full = await judgeReply(outOfTen(10, [true, true]), { model: "j", example, reply: "x" });
    expect(full.score).toBe(1);
  });
});

describe("deterministic metrics", () => {
  it("exact compares normalised answers", () => {
    expect(scoreDeterministic("exact", example, '"Refund issued."').score).toBe(1);
    const miss = scoreDeterministic("exact", example, "No refund");
    expect(miss.score).toBe(0);
    expect(miss.feedback).toContain('Expected exactly: "Refund issued"');
    expect(normalizeAnswer("  Hello   World! ")).toBe("hello world");
  });

  it("contains looks for the expected answer anywhere", () => {
    expect(scoreDeterministic("contains", example, "OK — refund  issued today").score).toBe(1);
    expect(scoreDeterministic("contains", example, "nothing").score).toBe(0);
    const math = { ...example, expected: "168" };
    expect(scoreDeterministic("contains", math, "7 × 24 = 168.\nFinal answer: 168").score).toBe(1);
    expect(scoreDeterministic("contains", math, "Final answer: 1680").score).toBe(0);
    expect(
      scoreDeterministic("contains", { ...example, expected: "$3.50" }, "It costs $3.50 (a+b)?")
        .score,
    ).toBe(1);
  });

  it("regex uses /pattern/flags or a bare case-insensitive pattern; falls back to the reference", () => {
    expect(scoreDeterministic("regex", { ...example, expected: "/^\\d{3}$/" }, "123").score).toBe(
      1,
    );
    expect(
      scoreDeterministic("regex", { ...example, expected: "refund\\s+issued" }, "REFUND issued")
        .score,
    ).toBe(1);
    expect(
      scoreDeterministic(
        "contains",
        { ...example, expected: undefined },
        "i have refunded the duplicate charge",
      ).score,
    ).toBe(1);
  });

  it("createScorer rejects an invalid regex before any call and makes no model calls for cheap metrics", async () => {
    const llm = createFakeLlm();
    expect(() =>
      createScorer({
        metric: "regex",
        llm,
        judgeModel: "j",
        examples: [{ ...example, expected: "(" }],
      }),
    ).toThrow("example 1: invalid regex");
    const scorer = createScorer({ metric: "exact", llm, judgeModel: "j" });
    expect((await scorer(example, "refund issued")).score).toBe(1);
    expect(llm.calls).toHaveLength(0);
    expect(scorerDepth("exact")).toBe(0);
    expect(scorerDepth("judge")).toBe(1);
  });

  it("runs regex patterns on the linear-time engine: ReDoS patterns answer, unsupported syntax is refused", () => {
    const redos = { ...example, expected: "/(a+)+$/" };
    expect(scoreDeterministic("regex", redos, `Answer: ${"a".repeat(45)}!`).score).toBe(0);
    expect(scoreDeterministic("regex", redos, `Answer: ${"a".repeat(45)}`).score).toBe(1);
    expect(compileExpectedPattern("/^total: \\d+$/m").test("intro\nTOTAL: 42\nend")).toBe(true);
    expect(compileExpectedPattern("/a.b/s").test("a\nb")).toBe(true);
    expect(compileExpectedPattern("(?<=\\$)\\d+").test("costs $12")).toBe(true);
    expect(() => compileExpectedPattern("/(a)\\1/")).toThrow(/unsupported or invalid pattern/);
    expect(() => compileExpectedPattern("a(?=b)")).toThrow(/unsupported or invalid pattern/);
    expect(() => compileExpectedPattern("/a/q")).toThrow('unknown regex flag "q"');
  });
});
