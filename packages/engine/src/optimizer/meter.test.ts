import { describe, expect, it } from "vitest";
import type { LlmPort, LlmUsage } from "../ports";
import { Semaphore } from "../util/limit";
import { BudgetExhaustedError, isCacheHit, meteredPort, RunMeter } from "./meter";

const paid: LlmUsage = {
  calls: 1,
  inputTokens: 10,
  outputTokens: 5,
  costUsd: 0.001,
  cachedCalls: 0,
};
const cached: LlmUsage = { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, cachedCalls: 1 };

/** A port whose answers are cached when the message says so, as the gateway reports them. */
function port(): LlmPort {
  return {
    async complete(request) {
      const text = request.messages[0]?.content ?? "";
      return { text, usage: text === "cached" ? cached : paid };
    },
    async completeStructured() {
      throw new Error("not used");
    },
  };
}

const ask = (llm: LlmPort, content: string) =>
  llm.complete({
    model: "m",
    purpose: "assistant",
    temperature: 0,
    messages: [{ role: "user", content }],
  });

describe("run meter", () => {
  it("does not spend the budget on answers from the response cache", async () => {
    const meter = new RunMeter(2);
    const llm = meteredPort(port(), meter, new Semaphore(4));
    for (let i = 0; i < 5; i++) await ask(llm, "cached");
    expect(meter.remaining()).toBe(2);
    await ask(llm, "paid");
    await ask(llm, "cached");
    await ask(llm, "paid");
    expect(meter.remaining()).toBe(0);
    expect(meter.total.calls).toBe(2);
    expect(meter.total.cachedCalls).toBe(6);
    // an exhausted budget refuses every call, cached or not: whether it would be is unknown before
    await expect(ask(llm, "cached")).rejects.toBeInstanceOf(BudgetExhaustedError);
  });

  it("tells a cache hit from a paid or a free local call", () => {
    expect(isCacheHit(cached)).toBe(true);
    expect(isCacheHit(paid)).toBe(false);
    expect(isCacheHit({ ...paid, costUsd: 0 })).toBe(false);
  });
});
