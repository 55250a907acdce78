import { describe, expect, it, vi } from "vitest";
import type { LlmPort, LlmUsage } from "../ports";
import { mapAll, Semaphore } from "../util/limit";
import { requestSize } from "./cost-bound";
import {
  BudgetExhaustedError,
  CostCapReachedError,
  isCacheHit,
  meteredPort,
  RunMeter,
} from "./meter";

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

  it("bounds a call by its size: a large call after many small ones cannot overshoot the cap", async () => {
    // a provider that charges by the characters sent, like one that charges by input tokens
    const sized: LlmPort = {
      async complete(request) {
        const costUsd = requestSize(request) * 1e-5;
        return { text: "ok", usage: { ...paid, costUsd } };
      },
      async completeStructured() {
        throw new Error("not used");
      },
    };
    const meter = new RunMeter(1000, undefined, 0, 0.05);
    const llm = meteredPort(sized, meter, new Semaphore(1));
    // forty replies of 100 characters: $0.04 of the $0.05 cap
    for (let i = 0; i < 40; i++) await ask(llm, "x".repeat(100));
    expect(meter.total.costUsd).toBeCloseTo(0.04);
    // a reflection-sized call (3,000 characters: $0.03) would end at $0.07; the dearest call so
    // far ($0.001) does not say so, its size does
    await expect(ask(llm, "y".repeat(3000))).rejects.toBeInstanceOf(CostCapReachedError);
    expect(meter.total.costUsd).toBeLessThanOrEqual(0.05);
    expect(meter.costCapped).toBe(true);
    // a small call still fits
    await ask(llm, "x".repeat(100));
    expect(meter.total.costUsd).toBeCloseTo(0.041);
  });

  it("under a cost cap, runs the first call of each kind alone: its cost is unknown until one answers", async () => {
    const sent: Array<{ model: string; answer: () => void }> = [];
    const held: LlmPort = {
      complete(request) {
        return new Promise((resolve) => {
          sent.push({
            model: request.model,
            answer: () => resolve({ text: "ok", usage: paid }),
          });
        });
      },
      async completeStructured() {
        throw new Error("not used");
      },
    };
    const meter = new RunMeter(100, undefined, 0, 10);
    const llm = meteredPort(held, meter, new Semaphore(4));
    const on = (model: string) =>
      llm.complete({
        model,
        purpose: "assistant",
        temperature: 0,
        messages: [{ role: "user", content: "q" }],
      });
    const first = on("a");
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    sent[0]?.answer();
    await first;
    // model a is priced now: two of its calls run together; model b's first call waits for them
    const calls = [on("a"), on("a"), on("b"), on("b")];
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.slice(1).map((c) => c.model)).toEqual(["a", "a"]);
    sent[1]?.answer();
    sent[2]?.answer();
    await vi.waitFor(() => expect(sent).toHaveLength(4));
    expect(sent[3]?.model).toBe("b");
    // b's second call waits for its first to answer
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toHaveLength(4);
    sent[3]?.answer();
    await vi.waitFor(() => expect(sent).toHaveLength(5));
    sent[4]?.answer();
    await Promise.all(calls);
    expect(meter.total.calls).toBe(5);
  });

  it("without a cost cap, a new model's calls do not wait", async () => {
    const sent: string[] = [];
    const held: LlmPort = {
      complete(request) {
        sent.push(request.model);
        return new Promise(() => {});
      },
      async completeStructured() {
        throw new Error("not used");
      },
    };
    const llm = meteredPort(held, new RunMeter(100), new Semaphore(4));
    for (const m of ["a", "b", "b"])
      void llm.complete({ model: m, purpose: "assistant", temperature: 0, messages: [] });
    await vi.waitFor(() => expect(sent).toEqual(["a", "b", "b"]));
  });

  it("near the cap, waits for the calls in flight rather than refusing a call the money left pays for", async () => {
    const sent: Array<() => void> = [];
    const held: LlmPort = {
      complete() {
        return new Promise((resolve) => {
          sent.push(() => resolve({ text: "ok", usage: paid }));
        });
      },
      async completeStructured() {
        throw new Error("not used");
      },
    };
    // $0.001 a call, each bounded at $0.002 while in flight, under a cap of $0.0055
    const meter = new RunMeter(100, undefined, 0, 0.0055);
    const llm = meteredPort(held, meter, new Semaphore(4));
    const first = ask(llm, "q0");
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    sent[0]?.();
    await first;
    const outcomes = [1, 2, 3, 4].map((i) =>
      ask(llm, `q${i}`).then(
        () => "answered",
        (err: Error) => err.name,
      ),
    );
    // two fit beside each other ($0.001 + 2 × $0.002); the third waits instead of failing
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toHaveLength(3);
    sent[1]?.();
    sent[2]?.();
    await vi.waitFor(() => expect(sent).toHaveLength(4));
    sent[3]?.();
    // after it, $0.004 is spent: the last call's bound no longer fits even alone
    expect(await Promise.all(outcomes)).toEqual([
      "answered",
      "answered",
      "answered",
      "CostCapReachedError",
    ]);
    expect(meter.total.costUsd).toBeCloseTo(0.004);
  });

  it("bounds a kind's first call by its size and its model's price: a first reflection is no small call", async () => {
    // replies cost $0.001 per 100 characters on "mini", and "large" costs ten times as much
    const perChar: Record<string, number> = { mini: 1e-5, large: 1e-4 };
    const priced: LlmPort = {
      async complete(request) {
        const costUsd = requestSize(request) * (perChar[request.model] ?? 0);
        return { text: "ok", usage: { ...paid, costUsd } };
      },
      async completeStructured() {
        throw new Error("not used");
      },
    };
    const call = (llm: LlmPort, model: string, purpose: "assistant" | "reflection", size: number) =>
      llm.complete({
        model,
        purpose,
        temperature: 0,
        messages: [{ role: "user", content: "x".repeat(size) }],
      });
    // ten replies on "mini" ($0.01), then a kind's first call: one too dear for the cap is refused
    // on the scaled bound, a smaller one goes through
    const cases = [
      // a reflection of 3,000 characters on the same model costs $0.03; the cap leaves $0.05
      { cap: 0.06, prices: undefined, model: "mini", refused: 3000, allowed: 1000 },
      // 300 characters on "large" cost $0.03 and would end at $0.04 over a cap of $0.035; scaled
      // from "mini" alone the bound is 2 × $0.003, with the price table's ratio 2 × 10 × $0.003
      {
        cap: 0.035,
        prices: (m: string) => ({ large: 10, mini: 1 })[m] ?? null,
        model: "large",
        refused: 300,
        allowed: 100,
      },
    ];
    for (const c of cases) {
      const meter = new RunMeter(1000, undefined, 0, c.cap, c.prices);
      const llm = meteredPort(priced, meter, new Semaphore(1));
      for (let i = 0; i < 10; i++) await call(llm, "mini", "assistant", 100);
      await expect(call(llm, c.model, "reflection", c.refused)).rejects.toBeInstanceOf(
        CostCapReachedError,
      );
      await call(llm, c.model, "reflection", c.allowed);
      expect(meter.total.costUsd).toBeCloseTo(0.02);
      expect(meter.total.costUsd).toBeLessThanOrEqual(c.cap);
    }
  });
});
