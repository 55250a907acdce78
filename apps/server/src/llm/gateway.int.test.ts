import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { MemoryCache } from "./cache";
import { parseLlmConfig } from "./env";
import { LlmError } from "./errors";
import { createLlmGateway, type LlmGateway } from "./gateway";

const Verdict = z.object({ score: z.number().min(0).max(1), feedback: z.string() });
const judgeMessages = [
  { role: "system" as const, content: "You grade replies." },
  {
    role: "user" as const,
    content:
      "<rubric>\n- ask for the order number\n- mention the refund window\n</rubric>\n<reply>What is your order number?</reply>",
  },
];

describe("LLM gateway against the fixture server (real AI SDK client)", () => {
  let fixture: FixtureLlm;
  const gateways: LlmGateway[] = [];
  const warnings: object[] = [];

  const make = (env: Record<string, string> = {}, cache = new MemoryCache()) => {
    const config = parseLlmConfig({
      OPENAI_BASE_URL: fixture.url,
      OPENAI_API_KEY: "test-key",
      LLM_MODELS: "fixture-small,fixture-large",
      LLM_EMBEDDING_MODEL: "fixture-embed",
      LLM_RETRY_BASE_MS: "5",
      LLM_TIMEOUT_MS: "2000",
      LLM_PRICES: '{"fixture-small": {"input": 1, "output": 2}}',
      ...env,
    });
    const gateway = createLlmGateway(config, {
      cache,
      logger: { info: () => {}, warn: (o) => warnings.push(o) },
    });
    gateways.push(gateway);
    return gateway;
  };
  const requests = () => fixture.stats().requests;

  beforeAll(async () => {
    fixture = await startFixtureLlm();
  });
  afterEach(() => {
    fixture.setConfig({ latencyMs: 0, faults: [] });
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await fixture.close();
  });

  it("completes a chat and records tokens and cost", async () => {
    const gw = make();
    const r = await gw.complete({
      model: "fixture-small",
      purpose: "assistant",
      temperature: 0.7,
      messages: [
        { role: "system", content: "Always greet the customer." },
        { role: "user", content: "My parcel is late" },
      ],
    });
    expect(r.text).toBe("Answer: My parcel is late\ngreet the customer");
    // prompt 8 words, reply 8 words; price 1 $/M in, 2 $/M out.
    expect(r.usage).toEqual({
      calls: 1,
      inputTokens: 8,
      outputTokens: 8,
      costUsd: 24 / 1e6,
      cachedCalls: 0,
    });
    expect(gw.totals()).toEqual(r.usage);
    expect(gw.listModels()).toEqual(["fixture-small", "fixture-large"]);
    expect(gw.defaultModel).toBe("fixture-small");
    expect(gw.roles).toEqual({
      judge: "fixture-small",
      reflection: "fixture-small",
      embedding: "fixture-embed",
    });
  });

  it("returns structured output validated by the zod schema (JSON-schema response format)", async () => {
    const gw = make();
    const before = fixture.stats().byKind.judge_verdict ?? 0;
    const r = await gw.completeStructured({
      model: "fixture-large",
      purpose: "judge",
      temperature: 0.2,
      messages: judgeMessages,
      schema: Verdict,
      schemaName: "judge_verdict",
    });
    expect(r.value).toEqual({ score: 0.5, feedback: "Missing: mention the refund window" });
    expect(fixture.stats().byKind.judge_verdict).toBe(before + 1);
    expect(r.usage.costUsd).toBe(0); // no price known for fixture-large
    expect(r.usage.inputTokens).toBeGreaterThan(0);
  });

  it("embeds texts through the provider and caches the vectors", async () => {
    const gw = make();
    const start = requests();
    const a = await gw.embed?.({ texts: ["refund policy", "shipping times"] });
    expect(a?.vectors).toHaveLength(2);
    expect(a?.vectors[0]).toHaveLength(16);
    expect(a?.usage).toMatchObject({ calls: 1, inputTokens: 4 });
    const b = await gw.embed?.({ texts: ["refund policy", "shipping times"] });
    expect(b?.vectors).toEqual(a?.vectors);
    expect(b?.usage).toMatchObject({ calls: 0, cachedCalls: 1 });
    expect(requests()).toBe(start + 1);
    expect(make({ LLM_EMBEDDING_MODEL: "" }).embed).toBeUndefined();
  });

  it("answers a repeated deterministic call from the cache, and never caches temperature > 0", async () => {
    const gw = make();
    const ask = (temperature: number) =>
      gw.complete({
        model: "fixture-small",
        purpose: "assistant",
        temperature,
        messages: [{ role: "user", content: "cache me" }],
      });
    const start = requests();
    const first = await ask(0);
    const second = await ask(0);
    expect(second.text).toBe(first.text);
    expect(first.usage.calls).toBe(1);
    expect(second.usage).toEqual({
      calls: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      cachedCalls: 1,
    });
    expect(requests()).toBe(start + 1);
    await ask(0.5);
    await ask(0.5);
    expect(requests()).toBe(start + 3);
  });

  it("caches structured answers and re-validates them", async () => {
    const gw = make();
    const ask = () =>
      gw.completeStructured({
        model: "fixture-small",
        purpose: "judge",
        temperature: 0,
        messages: judgeMessages,
        schema: Verdict,
        schemaName: "judge_verdict",
      });
    const start = requests();
    const [a, b] = [await ask(), await ask()];
    expect(b.value).toEqual(a.value);
    expect(b.usage.cachedCalls).toBe(1);
    expect(requests()).toBe(start + 1);
  });

  it("coalesces concurrent identical deterministic calls into one paid request", async () => {
    const gw = make();
    fixture.setConfig({ latencyMs: 100 });
    const start = requests();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        gw.complete({
          model: "fixture-small",
          purpose: "judge",
          temperature: 0,
          messages: [{ role: "user", content: "same question" }],
        }),
      ),
    );
    expect(requests()).toBe(start + 1);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(results.filter((r) => r.usage.calls === 1)).toHaveLength(1);
    expect(results.filter((r) => r.usage.cachedCalls === 1)).toHaveLength(4);
  });

  it("limits concurrent calls per provider", async () => {
    const gw = make({ LLM_CONCURRENCY: "2", LLM_CONCURRENCY_MAX: "2" });
    fixture.setConfig({ latencyMs: 150 });
    const seqBefore = fixture.stats().calls.at(-1)?.seq ?? 0;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        gw.complete({
          model: "fixture-small",
          purpose: "worker",
          temperature: 1,
          messages: [{ role: "user", content: `q${i}` }],
        }),
      ),
    );
    const calls = fixture.stats().calls.filter((c) => c.seq > seqBefore);
    expect(calls).toHaveLength(6);
    // At no instant were more than two of these requests open at the fixture.
    // The fixture stamps `endedAt` after flushing a reply, so on a busy machine
    // the client's next request may be stamped some ms before it: allow that
    // (15 ms was once too little under load; a third concurrent call would
    // overlap the others by most of the 150 ms latency).
    const GRACE_MS = 40;
    for (const c of calls) {
      const overlapping = calls.filter(
        (o) =>
          o.startedAt < (c.endedAt ?? 0) - GRACE_MS && (o.endedAt ?? 0) - GRACE_MS > c.startedAt,
      );
      expect(overlapping.length).toBeLessThanOrEqual(2);
    }
    expect(
      calls.some(
        (c) =>
          calls.filter((o) => o.startedAt < (c.endedAt ?? 0) && (o.endedAt ?? 0) > c.startedAt)
            .length === 2,
      ),
    ).toBe(true);
  });

  it("retries after 429 honouring Retry-After, and after 500, truncated and invalid JSON answers", async () => {
    const gw = make();
    fixture.setConfig({ faults: [{ status: 429, count: 1, retryAfter: 0.3 }] });
    const start = requests();
    const t0 = Date.now();
    const r = await gw.complete({
      model: "fixture-small",
      purpose: "assistant",
      temperature: 1,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(r.text).toBe("Answer: hi");
    expect(requests()).toBe(start + 2); // the SDK did not retry on its own
    for (const status of [500, "truncated", "invalid_json"] as const) {
      fixture.setConfig({ faults: [{ status, count: 2 }] });
      const before = requests();
      const ok = await gw.complete({
        model: "fixture-small",
        purpose: "assistant",
        temperature: 1,
        messages: [{ role: "user", content: "again" }],
      });
      expect(ok.text, String(status)).toBe("Answer: again");
      expect(requests(), String(status)).toBe(before + 3);
    }
    expect(warnings.some((w) => (w as { kind?: string }).kind === "rate_limit")).toBe(true);
  });

  it("gives up after LLM_MAX_RETRIES with a 502 naming the problem", async () => {
    const gw = make({ LLM_MAX_RETRIES: "2" });
    fixture.setConfig({ faults: [{ status: 500 }] });
    const start = requests();
    const error = await gw
      .complete({
        model: "fixture-small",
        purpose: "assistant",
        temperature: 1,
        messages: [{ role: "user", content: "x" }],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).status).toBe(502);
    expect((error as LlmError).message).toMatch(/HTTP 500.*3 attempts/);
    expect(requests()).toBe(start + 3);
  });

  it("does not retry a client error such as 404 for an unknown model", async () => {
    const gw = make();
    const start = requests();
    const error = await gw
      .complete({
        model: "missing-model",
        purpose: "assistant",
        temperature: 1,
        messages: [{ role: "user", content: "x" }],
      })
      .catch((e: unknown) => e);
    expect((error as LlmError).status).toBe(502);
    expect((error as LlmError).message).toBe(
      'The LLM provider does not serve the model "missing-model" (HTTP 404).',
    );
    expect(requests()).toBe(start + 1);
  });

  it("times out each attempt, retries, then fails with 504", async () => {
    const gw = make({ LLM_TIMEOUT_MS: "150", LLM_MAX_RETRIES: "1" });
    fixture.setConfig({ faults: [{ status: "timeout", count: 2 }] });
    const start = requests();
    const t0 = Date.now();
    const error = await gw
      .complete({
        model: "fixture-small",
        purpose: "assistant",
        temperature: 1,
        messages: [{ role: "user", content: "slow" }],
      })
      .catch((e: unknown) => e);
    expect((error as LlmError).status).toBe(504);
    expect((error as LlmError).message).toMatch(/did not answer within 150 ms \(2 attempts\)/);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
    expect(requests()).toBe(start + 2);

    fixture.setConfig({ faults: [{ status: "timeout", count: 1 }] });
    const recovered = await gw.complete({
      model: "fixture-small",
      purpose: "assistant",
      temperature: 1,
      messages: [{ role: "user", content: "slow" }],
    });
    expect(recovered.text).toBe("Answer: slow");
  });

  it("stops at once when the caller aborts", async () => {
    const gw = make();
    fixture.setConfig({ latencyMs: 5_000 });
    const ctrl = new AbortController();
    const pending = gw.complete({
      model: "fixture-small",
      purpose: "assistant",
      temperature: 1,
      messages: [{ role: "user", content: "never mind" }],
      signal: ctrl.signal,
    });
    setTimeout(() => ctrl.abort(new Error("user left")), 50);
    const t0 = Date.now();
    await expect(pending).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
