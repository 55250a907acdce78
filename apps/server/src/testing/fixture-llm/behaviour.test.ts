import { describe, expect, it } from "vitest";
import {
  assistantReply,
  delegationPlan,
  embedText,
  exampleFor,
  judgeVerdict,
  promptProposal,
  structuredAnswer,
} from "./behaviour";
import { directivesOf, withoutSections } from "./text";

const sys = (content: string) => ({ role: "system", content });
const user = (content: string) => ({ role: "user", content });

describe("fixture assistant", () => {
  it("echoes the question and lists the system prompt's directives", () => {
    const reply = assistantReply([
      sys(
        "You are a support bot. Always ask for the order number. Be brief!\nAlways apologise once.",
      ),
      user("Where is my parcel? It was due yesterday and I am getting worried about it really."),
    ]);
    expect(reply).toBe(
      "Answer: Where is my parcel? It was due yesterday and I am getting wo\nask for the order number\napologise once",
    );
  });

  it("answers without directives when the prompt has none, using the last user message", () => {
    const reply = assistantReply([
      sys("You are helpful."),
      user("first"),
      { role: "assistant", content: "x" },
      user("  second\n question "),
    ]);
    expect(reply).toBe("Answer: second question");
  });

  it("ignores tagged sections of the question and carries worker report lines (composer)", () => {
    const reply = assistantReply([
      sys("Compose. Always cite the workers."),
      user(
        "How do I reset?\n<worker_reports>\n### Expert\nAnswer: How do I reset?\nmention the reset button\n\n### Synthesizer\nAnswer: x\ncite the workers\n</worker_reports>",
      ),
    ]);
    expect(reply).toBe("Answer: How do I reset?\ncite the workers\nmention the reset button");
  });

  it("finds directives only at sentence starts, drops punctuation and duplicates", () => {
    expect(directivesOf("Always a. Not Always b. always c. Always a! Always d?")).toEqual([
      "a",
      "d",
    ]);
    expect(withoutSections("a <x>hidden</x> b <y_z>\nmore\n</y_z> c")).toBe("a b c");
  });
});

describe("fixture judge", () => {
  const judge = (rubric: string[], reply: string) =>
    judgeVerdict([
      sys("You are a judge."),
      user(
        `<rubric>\n${rubric.map((r) => `- ${r}`).join("\n")}\n</rubric>\n<reply>${reply}</reply>\n<reference>ref</reference>`,
      ),
    ]);

  it("scores the share of rubric items whose significant words appear in the reply", () => {
    const v = judge(
      ["ask for the order number", "mention the refund window", "be kind"],
      "Please give the ORDER number.",
    );
    // "be kind": only "kind" is significant and absent; "refund"/"window" absent.
    expect(v.score).toBeCloseTo(1 / 3);
    expect(v.feedback).toBe("Missing: mention the refund window; be kind");
  });

  it("gives 1 and a positive feedback when all items are met or there is no rubric", () => {
    expect(judge(["ask for the order number"], "order number?")).toEqual({
      score: 1,
      feedback: "All rubric items satisfied.",
    });
    expect(judgeVerdict([user("<reply>anything</reply>")]).score).toBe(1);
  });

  it("marks each rubric item met or not when the schema asks for rubric_items", () => {
    const messages = [
      user(
        "<rubric>\n- ask for the order number\n- mention the refund window\n</rubric>\n<reply>Your order number, please.</reply>",
      ),
    ];
    const schema = { type: "object", properties: { score: {}, feedback: {}, rubric_items: {} } };
    expect(judgeVerdict(messages, schema).rubric_items).toEqual([
      { item: "ask for the order number", met: true },
      { item: "mention the refund window", met: false },
    ]);
    expect(structuredAnswer("judge_verdict", messages, schema)).toHaveProperty("rubric_items");
    // An older judge schema without the field gets the old answer.
    expect(judgeVerdict(messages)).not.toHaveProperty("rubric_items");
  });

  it("treats items made only of short or stop words as satisfied", () => {
    expect(judge(["be on it", "with them"], "no").score).toBe(1);
  });
});

describe("fixture reflection", () => {
  const reflect = (
    prompt: string,
    feedback: string,
    schema?: Record<string, unknown>,
    extra = "",
  ) =>
    promptProposal(
      [
        user(
          `<current_prompt>\n${prompt}\n</current_prompt>\n<feedback>\n${feedback}\n</feedback>${extra}`,
        ),
      ],
      schema,
    );

  it("adds the two most frequent uncovered missing items as directives", () => {
    const p = reflect(
      "You are a bot.\nAlways greet.",
      "ex1: Missing: greet; ask for the order number\nex2 — Missing: mention the refund window; ask for the order number\nMissing: be brief; mention the refund window\nMissing: be brief",
    );
    expect(p.prompt).toBe(
      "You are a bot.\nAlways greet.\nAlways ask for the order number.\nAlways mention the refund window.",
    );
    expect(p.rationale).toContain("ask for the order number; mention the refund window");
    expect(p).not.toHaveProperty("temperature");
  });

  it("returns the prompt unchanged when nothing is missing", () => {
    const p = reflect("Keep it short.", "All rubric items satisfied.");
    expect(p.prompt).toBe("Keep it short.");
  });

  it("adds a temperature only when the schema asks for one", () => {
    const schema = { type: "object", properties: { prompt: {}, rationale: {}, temperature: {} } };
    expect(reflect("p", "", schema).temperature).toBe(0.7);
    expect(reflect("p", "", schema, "\n<temperature>0.3</temperature>").temperature).toBe(0.3);
  });
});

describe("fixture coordinator and schemas", () => {
  it("delegates to every rostered worker with the question's first 40 characters", () => {
    const plan = delegationPlan([
      sys("Coordinate.\n<workers>\n- Expert: knows facts\n- Synthesizer: writes well\n</workers>"),
      user("Please explain the difference between TCP and UDP in detail"),
    ]);
    expect(plan).toEqual({
      delegations: [
        { worker: "Expert", task: "Handle: Please explain the difference between TC" },
        { worker: "Synthesizer", task: "Handle: Please explain the difference between TC" },
      ],
    });
  });

  it("builds a minimal valid value for unknown schema names", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string", minLength: 2 },
        b: { type: "integer", minimum: 3 },
        c: { type: "array", items: { $ref: "#/$defs/item" }, minItems: 1 },
        d: { enum: ["x", "y"] },
        e: { anyOf: [{ type: "boolean" }, { type: "null" }] },
      },
      $defs: { item: { type: "object", properties: { k: { const: 5 } } } },
    };
    expect(exampleFor(schema)).toEqual({ a: "xx", b: 3, c: [{ k: 5 }], d: "x", e: false });
    expect(structuredAnswer("something_else", [], schema)).toEqual(exampleFor(schema));
  });
});

describe("fixture embeddings", () => {
  it("are deterministic 16-dimensional unit vectors, closer for texts sharing words", () => {
    const a = embedText("refund policy for damaged goods");
    const b = embedText("refund policy for damaged goods");
    const c = embedText("refund policy for late goods");
    const d = embedText("quantum chromodynamics lattice");
    expect(a).toEqual(b);
    expect(a).toHaveLength(16);
    const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * (y[i] ?? 0), 0);
    expect(dot(a, a)).toBeCloseTo(1);
    expect(dot(a, c)).toBeGreaterThan(dot(a, d));
    expect(embedText("")).toEqual([1, ...new Array(15).fill(0)]);
  });
});
