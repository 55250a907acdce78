import { describe, expect, it, vi } from "vitest";
import type { LlmPort, LlmUsage } from "../ports";
import { mapAll, Semaphore } from "../util/limit";
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

  it("lets the calls a failing stage already sent finish and counts them, starting no more", async () => {
    // The port answers a call only when told to, and says whether it saw its signal aborted.
    const sent: Array<{ answer: () => void; aborted: () => boolean }> = [];
    const slow: LlmPort = {
      complete(request) {
        return new Promise((resolve) => {
          sent.push({
            answer: () => resolve({ text: "ok", usage: paid }),
            aborted: () => request.signal?.aborted ?? false,
          });
        });
      },
      async completeStructured() {
        throw new Error("not used");
      },
    };
    const meter = new RunMeter(3);
    const run = new AbortController();
    const llm = meteredPort(slow, meter, new Semaphore(2), run.signal);
    const stage = new AbortController();
    const stageCall = () =>
      llm.complete({
        model: "m",
        purpose: "assistant",
        temperature: 0,
        messages: [{ role: "user", content: "q" }],
        signal: stage.signal,
      });
    // the budget pays for three calls; the stage needs five, two at a time
    const done = mapAll([1, 2, 3, 4, 5], stageCall, (err) => stage.abort(err));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    sent[0]?.answer();
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    // the fourth call is refused while the second and third are in flight: the stage fails
    sent[1]?.answer();
    await vi.waitFor(() => expect(stage.signal.aborted).toBe(true));
    expect(sent[2]?.aborted()).toBe(false);
    sent[2]?.answer();
    await expect(done).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(sent).toHaveLength(3);
    expect(meter.total.calls).toBe(3);
    expect(meter.total.costUsd).toBeCloseTo(0.003);
  });

  it("aborts the calls in flight when the run itself stops", async () => {
    let seen: AbortSignal | undefined;
    const hanging: LlmPort = {
      complete(request) {
        seen = request.signal;
        return new Promise((_, reject) =>
          request.signal?.addEventListener("abort", () => reject(request.signal?.reason)),
        );
      },
      async completeStructured() {
        throw new Error("not used");
      },
    };
    const run = new AbortController();
    const llm = meteredPort(hanging, new RunMeter(5), new Semaphore(2), run.signal);
    const call = ask(llm, "q");
    await vi.waitFor(() => expect(seen).toBeDefined());
    run.abort(new Error("stopped by its user"));
    await expect(call).rejects.toThrow("stopped by its user");
    // and refuses to start another
    await expect(ask(llm, "q")).rejects.toMatchObject({ name: "AbortError" });
  });
});
