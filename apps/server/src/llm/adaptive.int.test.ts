/**
 * The gateway's adaptive per-provider concurrency against the fixture LLM
 * (real AI SDK client, real HTTP): more calls in flight while they succeed,
 * half as many after a 429.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureLlm, startFixtureLlm } from "../testing/fixture-llm";
import { MemoryCache } from "./cache";
import { parseLlmConfig } from "./env";
import { createLlmGateway, type LlmGateway } from "./gateway";

describe("adaptive provider concurrency (AIMD)", () => {
  let fixture: FixtureLlm;
  let gateway: LlmGateway;
  const changes: Array<{ limit: number; reason: string }> = [];

  beforeAll(async () => {
    fixture = await startFixtureLlm({ latencyMs: 40 });
    gateway = createLlmGateway(
      parseLlmConfig({
        OPENAI_BASE_URL: fixture.url,
        OPENAI_API_KEY: "test-key",
        LLM_MODELS: "fixture-small",
        LLM_RETRY_BASE_MS: "5",
        LLM_CONCURRENCY: "2",
        LLM_CONCURRENCY_MAX: "12",
      }),
      {
        cache: new MemoryCache(),
        logger: {
          info: (o) => "limit" in o && changes.push(o as { limit: number; reason: string }),
          warn: (o) => "limit" in o && changes.push(o as { limit: number; reason: string }),
        },
      },
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await fixture?.close();
  });

  const wave = (n: number, tag: string) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        gateway.complete({
          model: "fixture-small",
          purpose: "assistant",
          temperature: 1,
          messages: [{ role: "user", content: `${tag} ${i}` }],
        }),
      ),
    );

  it("grows the limit while calls succeed and demand fills it", async () => {
    await wave(60, "grow");
    const limit = gateway.concurrencyLimits().openai ?? 0;
    expect(limit).toBeGreaterThan(2);
    expect(limit).toBeLessThanOrEqual(12);
    expect(fixture.stats().maxInFlight).toBeGreaterThan(2);
    expect(changes.every((c) => c.reason === "grow")).toBe(true);
  });

  it("halves it once for a burst of 429 answers and still answers every call", async () => {
    const before = gateway.concurrencyLimits().openai ?? 0;
    changes.length = 0;
    fixture.setConfig({ faults: [{ status: 429, count: 3, retryAfter: 0.05 }] });
    const replies = await wave(before, "burst");
    expect(replies).toHaveLength(before);
    const cuts = changes.filter((c) => c.reason === "backoff");
    expect(cuts).toEqual([
      { provider: "openai", limit: Math.floor(before / 2), reason: "backoff" },
    ]);
    expect(fixture.stats().faults["429"]).toBe(3);
  });
});
