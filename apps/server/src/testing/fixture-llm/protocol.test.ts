import { describe, expect, it } from "vitest";
import { FaultPlan, parseFaults } from "./faults";
import { answerChat, BadRequest, completionBody, parseChatCall, streamEvents } from "./protocol";

const messages = [
  { role: "system", content: "Always be brief." },
  { role: "user", content: [{ type: "text", text: "Hello there" }] },
];

describe("fixture protocol", () => {
  it("reads a plain call and answers with usage counted in whitespace pieces", () => {
    const call = parseChatCall({ model: "m", messages, temperature: 0 });
    expect(call).toMatchObject({ kind: "plain", delivery: "text", temperature: 0, stream: false });
    const answer = answerChat(call);
    expect(answer).toMatchObject({
      content: "Answer: Hello there\nbe brief",
      finishReason: "stop",
    });
    expect(answer.promptTokens).toBe(5);
    expect(answer.completionTokens).toBe(5);
    const body = completionBody("id1", call, answer);
    expect(body.usage).toEqual({ prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 });
  });

  it("cuts plain replies at max_tokens and reports finish_reason length", () => {
    const answer = answerChat(parseChatCall({ model: "m", messages, max_tokens: 2 }));
    expect(answer).toMatchObject({
      content: "Answer: Hello",
      finishReason: "length",
      completionTokens: 2,
    });
  });

  it("chooses the kind from the JSON schema name or the forced tool", () => {
    const bySchema = parseChatCall({
      model: "m",
      messages,
      response_format: {
        type: "json_schema",
        json_schema: { name: "judge_verdict", schema: { type: "object" } },
      },
    });
    expect(bySchema).toMatchObject({ kind: "judge_verdict", delivery: "text" });
    expect(JSON.parse(answerChat(bySchema).content)).toEqual({
      score: 1,
      feedback: "All rubric items satisfied.",
    });

    const byTool = parseChatCall({
      model: "m",
      messages,
      tools: [
        { type: "function", function: { name: "delegation_plan", parameters: { type: "object" } } },
      ],
      tool_choice: "required",
    });
    expect(byTool).toMatchObject({ kind: "delegation_plan", delivery: "tool" });
    const answer = answerChat(byTool);
    expect(answer).toMatchObject({ toolName: "delegation_plan", finishReason: "tool_calls" });
    const msg = (
      completionBody("x", byTool, answer).choices as { message: Record<string, unknown> }[]
    )[0]?.message;
    expect(msg?.tool_calls).toEqual([
      {
        id: "call_x",
        type: "function",
        function: { name: "delegation_plan", arguments: '{"delegations":[]}' },
      },
    ]);
    const auto = parseChatCall({
      model: "m",
      messages,
      tools: [
        { type: "function", function: { name: "a" } },
        { type: "function", function: { name: "b" } },
      ],
    });
    expect(auto.kind).toBe("plain");
  });

  it("streams deltas whose concatenation is the answer, then usage and [DONE]", () => {
    const call = parseChatCall({
      model: "m",
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const events = streamEvents("s1", call, answerChat(call));
    expect(events.at(-1)).toBe("[DONE]");
    const parsed = events.slice(0, -1).map((e) => JSON.parse(e));
    const text = parsed.map((p) => p.choices[0]?.delta?.content ?? "").join("");
    expect(text).toBe("Answer: Hello there\nbe brief");
    expect(parsed.at(-1).usage).toEqual({
      prompt_tokens: 5,
      completion_tokens: 5,
      total_tokens: 10,
    });
    expect(parsed.at(-2).choices[0].finish_reason).toBe("stop");
  });

  it("rejects bodies that are not chat requests", () => {
    expect(() => parseChatCall({ model: "m" })).toThrow(BadRequest);
    expect(() => parseChatCall({ messages: [{ content: "x" }] })).toThrow(/messages\[0\]/);
  });
});

describe("fixture faults", () => {
  it("applies count rules to the next matching requests only", () => {
    const plan = new FaultPlan([{ status: 429, count: 2, match: "judge_verdict" }]);
    expect(plan.next("plain", "m")).toBeUndefined();
    expect(plan.next("judge_verdict", "m")?.status).toBe(429);
    expect(plan.next("judge_verdict", "m")?.status).toBe(429);
    expect(plan.next("judge_verdict", "m")).toBeUndefined();
  });

  it("spreads rate rules evenly and deterministically", () => {
    const plan = new FaultPlan([{ status: 500, rate: 0.5 }]);
    const hits = Array.from({ length: 6 }, () => plan.next("plain", "m") !== undefined);
    expect(hits).toEqual([false, true, false, true, false, true]);
    const third = new FaultPlan([{ status: 500, rate: 1 / 3 }]);
    expect(Array.from({ length: 6 }, () => third.next("plain", "m") !== undefined)).toEqual([
      false,
      false,
      true,
      false,
      false,
      true,
    ]);
  });

  it("checks rules in order, matches by model id, and fails every request without count or rate", () => {
    const plan = new FaultPlan([
      { status: "timeout", count: 1, match: "slow-model" },
      { status: 500 },
    ]);
    expect(plan.next("plain", "slow-model")?.status).toBe("timeout");
    expect(plan.next("plain", "slow-model")?.status).toBe(500);
    expect(plan.next("embeddings", "other")?.status).toBe(500);
  });

  it("validates fault lists from JSON", () => {
    expect(parseFaults([{ status: "truncated", count: 1 }])).toEqual([
      { status: "truncated", count: 1 },
    ]);
    expect(() => parseFaults([{ status: 404 }])).toThrow(/status/);
    expect(() => parseFaults([{ status: 429, count: -1 }])).toThrow(/count/);
    expect(() => parseFaults({})).toThrow(/array/);
  });
});
