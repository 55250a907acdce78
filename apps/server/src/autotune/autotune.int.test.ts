import {
  DefaultsResponseSchema,
  MultiAgentChatResponseSchema,
  type MultiAgentConfig,
} from "@promptune/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { callApi } from "../testing/http";
import { fixtureLlmEnv } from "../testing/llm-env";

const CHAT = "/api/auto-tune/chat";
const MULTI = "/api/auto-tune/multiagent/chat";

const llmEnv = (fixture: FixtureLlm, extra: Record<string, string> = {}) => ({
  ...fixtureLlmEnv(fixture.url),
  LLM_RETRY_BASE_MS: "5",
  LLM_TIMEOUT_MS: "400",
  LLM_MAX_RETRIES: "2",
  LLM_CHAT_RATE_LIMIT_PER_MINUTE: "1000",
  ...extra,
});

const team: MultiAgentConfig = {
  "master-agent": {
    name: "Coordinator",
    prompt: "You lead support. Always thank the customer.",
    model_name: "fixture-large",
    temperature: 0.3,
    description: "coordinates",
  },
  "worker-agents": [
    {
      name: "Expert",
      prompt: "Always quote the refund policy.",
      model_name: "fixture-small",
      temperature: 0.1,
      description: "policies",
    },
    {
      name: "Writer",
      prompt: "Always keep it short.",
      model_name: "fixture-large",
      temperature: 0.9,
      description: "wording",
    },
  ],
};

describe("auto-tune chat and defaults through the real app and AI SDK client", () => {
  let fixture: FixtureLlm;
  let t: TestApp;
  let cookie: string;
  const chat = (body: unknown, c: string | undefined = cookie) =>
    callApi(t.app, "POST", CHAT, body, c ? { cookie: c } : {});
  const since = (seq: number) => fixture.stats().calls.filter((c) => c.seq > seq);
  const lastSeq = () => fixture.stats().calls.at(-1)?.seq ?? 0;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    t = await createTestApp("sqlite", llmEnv(fixture));
    cookie = (await t.signIn("chat@example.com", "Chatty")).cookie;
  });
  afterEach(() => fixture.setConfig({ latencyMs: 0, faults: [] }));
  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it("serves the defaults with the gateway's models", async () => {
    const res = await callApi(t.app, "GET", "/api/auto-tune/defaults");
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    const defaults = DefaultsResponseSchema.parse(data);
    expect(defaults.models).toEqual({
      options: ["fixture-small", "fixture-large"],
      default: "fixture-small",
    });
    const bundled = await t.app.deps.datasets.bundledNames().catch(() => []);
    expect(defaults.datasets.options).toEqual(bundled);
    expect(defaults["worker-agents"].map((w) => w.name)).toEqual(["Expert", "Synthesizer"]);
  });

  it("answers a single-agent chat inside the spec's framing, with the default model", async () => {
    const seq = lastSeq();
    const res = await chat({
      prompt: "You help with orders.\nAlways ask for the order number.",
      temperature: 0.4,
      dialog: [
        { type: "human", content: "Hello" },
        { type: "ai", content: "Hi! How can I help?" },
        { type: "human", content: "Where is my order?" },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { reply: "Answer: Where is my order?\nask for the order number" },
    });
    expect(since(seq)).toMatchObject([
      { kind: "plain", model: "fixture-small", temperature: 0.4, outcome: "ok" },
    ]);
  });

  it("uses the requested model and refuses unknown ones with a message", async () => {
    const seq = lastSeq();
    const ok = await chat({
      prompt: "p",
      temperature: 1,
      model_name: "fixture-large",
      dialog: [{ type: "human", content: "x" }],
    });
    expect(ok.statusCode).toBe(200);
    expect(since(seq)[0]?.model).toBe("fixture-large");
    const bad = await chat({
      prompt: "p",
      temperature: 1,
      model_name: "gpt-9",
      dialog: [{ type: "human", content: "x" }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Unknown model "gpt-9". Available models: fixture-small, fixture-large.',
    );
  });

  it("requires a session (401) before looking at the body", async () => {
    for (const url of [CHAT, MULTI]) {
      const res = await callApi(t.app, "POST", url, { nonsense: true });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        error: { message: "Authentication required. Please sign in." },
      });
    }
  });

  it("rejects bad bodies with 400 and a message naming the problem", async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ prompt: "p", temperature: 0.5 }, /dialog/],
      [
        { prompt: "p", temperature: 2, dialog: [{ type: "human", content: "x" }] },
        /temperature must be between 0 and 1/,
      ],
      [
        { prompt: "p", temperature: 0.5, dialog: [{ type: "ai", content: "x" }] },
        /last dialog entry must be a human message/,
      ],
      [{ prompt: "p", temperature: 0.5, dialog: [{ type: "robot", content: "x" }] }, /human or ai/],
      [
        { prompt: "p", temperature: 0.5, dialog: [{ type: "human", content: "  " }] },
        /last message must not be empty/,
      ],
      [
        { prompt: "   ", temperature: 0.5, dialog: [{ type: "human", content: "x" }] },
        /prompt must not be empty/,
      ],
      [
        { prompt: "p", temperature: 0.5, dialog: [{ type: "human", content: "x".repeat(8001) }] },
        /at most 8000 characters/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await chat(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const multi = await callApi(
      t.app,
      "POST",
      MULTI,
      {
        model: { "master-agent": team["master-agent"], "worker-agents": [] },
        dialog: [{ type: "human", content: "x" }],
      },
      { cookie },
    );
    expect(multi.statusCode).toBe(400);
    expect(multi.json().error.message).toMatch(/at least one worker is required/);
  });

  it("runs a multi-agent chat: plan, parallel workers with their own settings, composed reply", async () => {
    fixture.setConfig({ latencyMs: 80 });
    const seq = lastSeq();
    const res = await callApi(
      t.app,
      "POST",
      MULTI,
      { model: team, dialog: [{ type: "human", content: "Can I return shoes?" }] },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    // Exactly the contract's shape: nothing the schema would add, drop or reject.
    expect(MultiAgentChatResponseSchema.parse(data)).toEqual(data);
    expect(data.reply.output.content).toBe(
      "Answer: Can I return shoes?\nthank the customer\nquote the refund policy\nkeep it short",
    );
    expect(data.reply.intermediate_messages).toEqual([
      {
        name: "master",
        content:
          "Delegating:\n- Expert: Handle: Can I return shoes?\n- Writer: Handle: Can I return shoes?",
      },
      { name: "worker1", content: "Answer: Can I return shoes?\nquote the refund policy" },
      { name: "worker2", content: "Answer: Can I return shoes?\nkeep it short" },
    ]);
    const calls = since(seq);
    expect(calls.map((c) => c.kind)).toEqual(["delegation_plan", "plain", "plain", "plain"]);
    expect(calls[0]).toMatchObject({ model: "fixture-large", temperature: 0.3 });
    const [w1, w2] = [calls[1], calls[2]];
    expect([w1?.model, w1?.temperature, w2?.model, w2?.temperature].sort()).toEqual(
      [0.1, 0.9, "fixture-large", "fixture-small"].sort(),
    );
    // The two workers were at the fixture at the same time: they ran in parallel.
    expect(w1 && w2 && w1.startedAt < (w2.endedAt ?? 0) && w2.startedAt < (w1.endedAt ?? 0)).toBe(
      true,
    );
    expect(calls[3]).toMatchObject({ model: "fixture-large", temperature: 0.3 });
    expect((calls[3]?.startedAt ?? 0) >= Math.max(w1?.endedAt ?? 0, w2?.endedAt ?? 0)).toBe(true);
  });

  it("refuses a multi-agent configuration naming an unknown model", async () => {
    const model = {
      ...team,
      "worker-agents": [{ ...team["worker-agents"][0], model_name: "nope" }],
    };
    const res = await callApi(
      t.app,
      "POST",
      MULTI,
      { model, dialog: [{ type: "human", content: "x" }] },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^Unknown model "nope" for the worker "Expert"/);
  });

  it("recovers from injected 429 and 500 answers by retrying", async () => {
    fixture.setConfig({
      faults: [
        { status: 429, count: 1, retryAfter: 0.05 },
        { status: 500, count: 1 },
      ],
    });
    const seq = lastSeq();
    const res = await chat({
      prompt: "p",
      temperature: 1,
      dialog: [{ type: "human", content: "retry me" }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reply).toBe("Answer: retry me");
    expect(since(seq).map((c) => c.outcome)).toEqual(["429", "500", "ok"]);
  });

  it("answers 504 with a message when the model times out on every attempt", async () => {
    fixture.setConfig({ faults: [{ status: "timeout", count: 3 }] });
    const res = await chat({
      prompt: "p",
      temperature: 1,
      dialog: [{ type: "human", content: "slow" }],
    });
    expect(res.statusCode).toBe(504);
    expect(res.json().error.message).toBe(
      'The model "fixture-small" did not answer within 400 ms (3 attempts).',
    );
  });

  it("answers 502 with a message when the provider keeps failing", async () => {
    fixture.setConfig({ faults: [{ status: 500 }] });
    const res = await chat({
      prompt: "p",
      temperature: 1,
      dialog: [{ type: "human", content: "x" }],
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/HTTP 500/);
  });

  it("serves a repeated temperature-0 chat from the database cache and records usage", async () => {
    const before = t.app.deps.llm.totals();
    const seq = lastSeq();
    const body = {
      prompt: "Always be exact.",
      temperature: 0,
      dialog: [{ type: "human", content: "What is 2+2?" }],
    };
    const first = await chat(body);
    const second = await chat(body);
    expect(second.json()).toEqual(first.json());
    expect(since(seq)).toHaveLength(1);
    const rows = await t.database.db.selectFrom("llm_cache").select("key").execute();
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const after = t.app.deps.llm.totals();
    expect(after.calls - before.calls).toBe(1);
    expect(after.cachedCalls - before.cachedCalls).toBe(1);
    // Tokens as the fixture counts them: words of the framed prompt + question, and of the reply.
    expect(after.inputTokens - before.inputTokens).toBe(24);
    expect(after.outputTokens - before.outputTokens).toBe(6);
  });
});

describe("chat rate limit", () => {
  let fixture: FixtureLlm;
  let t: TestApp;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
    t = await createTestApp("sqlite", llmEnv(fixture, { LLM_CHAT_RATE_LIMIT_PER_MINUTE: "2" }));
  });
  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it("limits chat messages per user with a 429 and Retry-After", async () => {
    const { cookie } = await t.signIn("busy@example.com");
    const body = { prompt: "p", temperature: 1, dialog: [{ type: "human", content: "x" }] };
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await callApi(t.app, "POST", CHAT, body, { cookie })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const limited = await callApi(t.app, "POST", CHAT, body, { cookie });
    expect(limited.json().error.message).toBe(
      "Too many chat messages. Please wait a moment and try again.",
    );
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const other = await t.signIn("calm@example.com");
    expect((await callApi(t.app, "POST", CHAT, body, { cookie: other.cookie })).statusCode).toBe(
      200,
    );
  });
});
