import { describe, expect, it } from "vitest";
import { splitDataset } from "../datasets/split";
import type { LlmPort } from "../ports";
import { createFakeLlm } from "../testing/fake-llm";
import { confirmationStages } from "./confirm";
import {
  asGoodAs,
  asGoodAsInEveryStratum,
  buildFrontier,
  STRATUM_MIN,
  scoreInterval,
} from "./frontier";
import { REFLECTION_TRAIN } from "./sweep";
import { drive, singleOptions } from "./test-helpers";
import type { SingleAgentOptions } from "./types";

const validationSize = (o: SingleAgentOptions) =>
  splitDataset(o.dataset.name, o.dataset.examples).validation.length;

const point = (modelName: string, scores: number[], costPer1kUsd: number) => ({
  modelName,
  variant: 0,
  config: modelName,
  temperature: 0,
  prompt: "p",
  scores,
  costPer1kUsd,
  callsPerReply: 1,
});

describe("asGoodAs (paired comparison with the best point)", () => {
  const ones = Array.from({ length: 20 }, () => 1);
  const failing = (n: number) => ones.map((x, i) => (i < n ? 0 : x));

  it("does not reject a close point against a perfect best (whose own interval has no width)", () => {
    // the unpaired rule would need 1.0 here: the best's interval is [1, 1]
    expect(scoreInterval(ones).low).toBe(1);
    expect(asGoodAs(failing(2), ones)).toBe(true);
  });

  it("rejects a point measurably worse on the same examples", () => {
    expect(asGoodAs(failing(6), ones)).toBe(false);
  });

  it("cancels what the examples share: the same hard examples do not count against a point", () => {
    // both fail the same 8 examples and the cheaper one one more: a difference of one example
    const best = failing(8);
    const cheaper = failing(9);
    expect(asGoodAs(cheaper, best)).toBe(true);
    // failing the same 2 and 6 more is a consistent deficit
    expect(asGoodAs(failing(8), failing(2))).toBe(false);
  });

  it("falls back to the best one's own interval without pairs", () => {
    expect(asGoodAs([1, 0, 1], [1, 1, 1, 1])).toBe(false);
    expect(asGoodAs([1, 1, 1, 1], [1, 1, 1, 1])).toBe(true);
    expect(asGoodAs([1, Number.NaN], [1, 1])).toBe(true);
  });
});

describe("asGoodAsInEveryStratum (the paired comparison within each kind too)", () => {
  const ones = Array.from({ length: 20 }, () => 1);
  // 3 failures, all among the last 5 examples
  const failsKindB = ones.map((x, i) => (i >= 15 && i < 18 ? 0 : x));
  const kinds = ones.map((_, i) => (i < 15 ? "a" : "b"));

  it("rejects a point as good overall that is measurably worse on one kind", () => {
    expect(asGoodAs(failsKindB, ones)).toBe(true);
    expect(asGoodAsInEveryStratum(failsKindB, ones, kinds)).toBe(false);
  });

  it("compares overall only without kinds, with one kind, or on kinds with too few examples", () => {
    expect(asGoodAsInEveryStratum(failsKindB, ones, [])).toBe(true);
    expect(
      asGoodAsInEveryStratum(
        failsKindB,
        ones,
        ones.map(() => "a"),
      ),
    ).toBe(true);
    // kind b holds STRATUM_MIN − 1 examples: too few to be compared on its own
    const small = ones.map((_, i) => (i < 21 - STRATUM_MIN ? "a" : "b"));
    // 3 of its examples fail: measurably worse there, were it compared
    const failsSmall = ones.map((x, i) => (i >= 20 - 3 ? 0 : x));
    expect(asGoodAs(failsSmall.slice(21 - STRATUM_MIN), ones.slice(21 - STRATUM_MIN))).toBe(false);
    expect(small.filter((k) => k === "b")).toHaveLength(STRATUM_MIN - 1);
    expect(asGoodAs(failsSmall, ones)).toBe(true);
    expect(asGoodAsInEveryStratum(failsSmall, ones, small)).toBe(true);
  });

  it("still rejects what the overall comparison rejects", () => {
    const failsMany = ones.map((x, i) => (i < 6 ? 0 : x));
    expect(asGoodAsInEveryStratum(failsMany, ones, kinds)).toBe(false);
  });
});

describe("buildFrontier", () => {
  it("recommends the point the caller confirmed", () => {
    const f = buildFrontier(
      [
        point("big", [1, 1, 1, 1], 10),
        point("mid", [1, 1, 1, 0], 1),
        point("tiny", [1, 1, 0, 1], 0.1),
      ],
      1,
    );
    expect(f.filter((p) => p.recommended).map((p) => p.modelName)).toEqual(["mid"]);
    expect(f.every((p) => !("scores" in p))).toBe(true);
  });

  it("recommends the cheapest point as good as the best one", () => {
    const best = [1, 1, 0, 1, 1, 1, 0, 1, 1, 1];
    const close = [1, 1, 0, 1, 1, 0, 0, 1, 1, 1];
    const poor = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0];
    const f = buildFrontier([
      point("big", best, 10),
      point("mid", close, 1),
      point("tiny", poor, 0.1),
    ]);
    expect(f.map((p) => p.modelName)).toEqual(["tiny", "mid", "big"]);
    expect(f.find((p) => p.recommended)?.modelName).toBe("mid");
    expect(f.filter((p) => p.recommended)).toHaveLength(1);
    expect(f.map((p) => p.onFrontier)).toEqual([true, true, true]);
    const big = f.find((p) => p.modelName === "big");
    expect(big?.ciLow).toBeLessThan(0.8);
    expect(big?.ciHigh).toBeGreaterThan(0.8);
  });

  it("leaves a dearer point that scores no better off the frontier", () => {
    const f = buildFrontier([point("a", [1, 1, 1, 0], 1), point("b", [1, 0, 1, 0], 2)]);
    expect(f.map((p) => [p.modelName, p.onFrontier, p.recommended])).toEqual([
      ["a", true, true],
      ["b", false, false],
    ]);
  });

  it("gives a zero-width interval to constant scores and ignores unscored examples", () => {
    expect(scoreInterval([1, 1, Number.NaN, 1])).toEqual({ mean: 1, low: 1, high: 1 });
  });
});

/** Prices per million tokens of the fake models. */
const PRICES: Record<string, { input: number; output: number }> = {
  "assistant-model": { input: 10, output: 30 },
  "cheap-model": { input: 0.5, output: 1.5 },
  "weak-model": { input: 0.05, output: 0.1 },
};

/** The fake port, except that "weak-model" ignores every instruction of the system prompt. */
function withWeakModel(llm: LlmPort): LlmPort {
  return {
    ...llm,
    complete: async (request) => {
      if (request.model !== "weak-model") return llm.complete(request);
      const r = await llm.complete({
        ...request,
        messages: request.messages.filter((m) => m.role !== "system"),
      });
      return r;
    },
  };
}

describe("the model sweep", () => {
  it("measures every candidate model, recommends the cheap one that matches and tests it", async () => {
    // the reflection adds missing items; when the prompt states them all already (the weak model
    // ignored them) it adds a new emphasis, so the weak model's reflection round proposes a new prompt
    let emphasis = 0;
    const fake = createFakeLlm({
      reflect: (current, missing) => {
        const fresh = missing.filter((m) => !current.includes(m)).slice(0, 2);
        const add = fresh.length ? fresh : [`follow every instruction (${++emphasis})`];
        return { prompt: [current, ...add.map((m) => `Always ${m}.`)].join("\n") };
      },
    });
    const { options, run } = singleOptions({
      llm: withWeakModel(fake),
      candidateModels: ["cheap-model", "weak-model"],
      price: (m) => PRICES[m] ?? null,
    });
    const { final } = await drive(run());
    const frontier = final.frontier ?? [];
    expect(new Set(frontier.map((p) => p.modelName))).toEqual(
      new Set(["assistant-model", "cheap-model", "weak-model"]),
    );
    // the presented prompt at its own temperature and at one more, per candidate model
    expect(frontier.filter((p) => p.modelName === "cheap-model")).toHaveLength(2);
    const recommended = frontier.filter((p) => p.recommended);
    expect(recommended).toHaveLength(1);
    expect(recommended[0]?.modelName).toBe("cheap-model");
    expect(final.presentedModelName).toBe("cheap-model");
    expect(final.best.validationScore).toBeCloseTo(recommended[0]?.score ?? -1, 9);
    expect(recommended[0]?.testScore).toBe(final.testScore);
    const primary = frontier.find((p) => p.modelName === "assistant-model");
    const cheap = recommended[0];
    expect(cheap && primary && cheap.costPer1kUsd < primary.costPer1kUsd / 10).toBe(true);
    expect(cheap?.callsPerReply).toBe(1);
    const weak = frontier.filter((p) => p.modelName === "weak-model");
    // weak-model fails examples the primary passes: a reflection round wrote it a new prompt
    expect(weak).toHaveLength(2);
    expect(new Set(weak.map((p) => p.prompt)).size).toBe(2);
    expect(
      weak.some((p) => p.prompt === final.frontier?.find((q) => q.variant === 0)?.prompt),
    ).toBe(true);
    expect(Math.max(...weak.map((p) => p.score))).toBeLessThan(cheap?.ciLow ?? 0);
    // cheap-model (as good as the primary: no reflection round) answered two validation passes
    // (two temperatures), the confirmation's extra examples (it ties with the dearer primary on
    // validation, so its place as the best-scoring point is confirmed) and the held-out test
    const split = splitDataset(options.dataset.name, options.dataset.examples);
    const confirmation = confirmationStages(split.train, REFLECTION_TRAIN, split.validation);
    const cheapCalls = fake.calls.filter((c) => c.model === "cheap-model");
    expect(cheapCalls.length).toBe(
      2 * validationSize(options) + confirmation.extra.length + final.testSize,
    );
  });

  it("stays within the run's call budget, sweep included", async () => {
    const fake = createFakeLlm();
    const { run } = singleOptions({
      llm: fake,
      candidateModels: ["cheap-model", "weak-model", "other-model"],
      price: (m) => PRICES[m] ?? null,
      maxCalls: 400,
    });
    const { final } = await drive(run());
    expect(fake.calls.length).toBeLessThanOrEqual(400);
    expect(final.usage.calls).toBe(fake.calls.length);
  });

  it("runs without a sweep and without a frontier when no candidate model is named", async () => {
    const { run } = singleOptions({ candidateModels: ["assistant-model"] });
    const { final } = await drive(run());
    expect(final.frontier).toBeUndefined();
    expect(final.presentedModelName).toBeUndefined();
  });
});

describe("the cost cap", () => {
  it("stops the run before its measured cost passes the cap and says so", async () => {
    const fake = createFakeLlm();
    // the fake reports $0.001 per call
    const { run } = singleOptions({ llm: fake, maxCostUsd: 0.08, iterations: 6 });
    const { final, results } = await drive(run());
    expect(final.costCapped).toBe(true);
    expect(final.budgetExhausted).toBe(true);
    expect(results).toHaveLength(7);
    expect(fake.calls.length).toBeLessThanOrEqual(80);
    expect(final.usage.costUsd).toBeLessThanOrEqual(0.08 + 1e-9);
  });

  it("meters every call it sent: a stage the cap stops lets its calls in flight finish", async () => {
    // with latency, calls overlap, so the refused call's stage still has calls in flight; charged
    // by tokens, as providers charge, with the cap at half of what the whole run costs
    const whole = (await drive(singleOptions({ iterations: 6 }, { costPerToken: 1e-6 }).run()))
      .final.usage.costUsd;
    const fake = createFakeLlm({ latencyMs: 3, costPerToken: 1e-6 });
    const { run } = singleOptions({ llm: fake, maxCostUsd: whole / 2, iterations: 6 });
    const { final } = await drive(run());
    expect(final.costCapped).toBe(true);
    expect(final.usage.calls).toBe(fake.calls.length);
    expect(final.usage.costUsd).toBeLessThanOrEqual(whole / 2 + 1e-12);
  });

  it("never spends past the cap when calls differ in price: a grading or a reflection costs many replies", async () => {
    // charged by tokens: a judge call (rubric, reference, reply) costs about six replies and a
    // reflection dozens, so a margin taken from the calls seen so far let the first of a kind
    // overshoot the cap
    const runWith = (maxCostUsd?: number) => {
      const fake = createFakeLlm({ costPerToken: 1e-6, latencyMs: 1 });
      let spent = 0;
      const paying: LlmPort = {
        complete: async (request) => {
          const result = await fake.complete(request);
          spent += result.usage.costUsd;
          return result;
        },
        completeStructured: async (request) => {
          const result = await fake.completeStructured(request);
          spent += result.usage.costUsd;
          return result;
        },
      };
      const { run } = singleOptions({
        llm: paying,
        iterations: 6,
        ...(maxCostUsd === undefined ? {} : { maxCostUsd }),
      });
      return { run, spent: () => spent };
    };
    const whole = (await drive(runWith().run())).final.usage.costUsd;
    const over: string[] = [];
    // caps every 1 % of the run's cost up to a third (the first gradings, then the first
    // reflections, whose material makes each cost dozens of replies), then coarser
    const parts = [...Array.from({ length: 32 }, (_, i) => 0.02 + i / 100), 0.5, 0.7, 0.9];
    for (const part of parts) {
      const maxCostUsd = part * whole;
      const { run, spent } = runWith(maxCostUsd);
      // a cap below what scoring the initial configuration costs ends the run with that reason
      const final = await drive(run()).then(
        (r) => r.final,
        (err: Error) => {
          expect(err.message).toContain("cost cap");
          return null;
        },
      );
      if (final) expect(final.usage.costUsd).toBeCloseTo(spent(), 12);
      if (spent() > maxCostUsd + 1e-12)
        over.push(`$${spent().toFixed(6)} spent under a cap of $${maxCostUsd.toFixed(6)}`);
    }
    expect(over).toEqual([]);
  });

  it("does not trip when the run fits under it", async () => {
    const { run } = singleOptions({ maxCostUsd: 1000 });
    const { final } = await drive(run());
    expect(final.costCapped).toBe(false);
  });
});
