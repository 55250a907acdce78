import { describe, expect, it } from "vitest";
import { syntheticExamples } from "../testing/fake-llm";
import type { IterationEnv } from "./iteration-env";
import { pooledMean, rankByScore, selectFinal } from "./selection";
import type { RunState } from "./state";
import { drive, singleOptions } from "./test-helpers";
import { earlyStopMargin, isHopeless, scoreValidation } from "./validation";

describe("final selection robust to noise", () => {
  it("ranks by validation mean, earlier candidates first on ties", () => {
    expect(rankByScore([0.5, 0.7, 0.7, 0.6])).toEqual([1, 2, 3, 0]);
  });

  it("re-scores the top candidates and presents the fresh measurement", async () => {
    const { run, llm } = singleOptions({
      iterations: 3,
      rescoreTop: 2,
      temperatureByEvidence: false,
      temperatureEdits: false,
    });
    const { results, final } = await drive(run());
    const validation = 9;
    const rescoreCalls = llm.calls.length - results.reduce((s, r) => s + r.usage.calls, 0);
    // the held-out evaluation (2 candidates) plus the re-scoring of 2 candidates, reply + judge each
    expect(rescoreCalls).toBe(2 * 9 * 2 + 2 * validation * 2);
    // a deterministic fake: the second measurement repeats the first, so the pick is unchanged
    const best = Math.max(...results.map((r) => r.validationScore));
    expect(final.best.validationScore).toBeCloseTo(best, 10);
  });

  it("does not measure deterministic candidates again", async () => {
    // (no probe at the middle of the range: it would measure the pick at 0.5 on purpose)
    const { run, llm } = singleOptions({
      iterations: 2,
      temperature: 0,
      rescoreTop: 2,
      centreProbe: false,
    });
    const { results } = await drive(run());
    const extra = llm.calls.length - results.reduce((s, r) => s + r.usage.calls, 0);
    // only the held-out evaluation: the fake's reflection keeps temperature 0
    expect(extra).toBeLessThanOrEqual(2 * 9 * 2);
  });
});

describe("final pick by pooled evidence", () => {
  it("pools every validation measurement with the parent-role train scores", () => {
    expect(pooledMean([0.5], 20, undefined)).toBe(0.5);
    // 20 validation examples at 0.5 and 30 train answers, 24 right
    expect(pooledMean([0.5], 20, { sum: 24, count: 30 })).toBeCloseTo((10 + 24) / 50, 10);
    expect(pooledMean([0.5, 0.7], 20, { sum: 6, count: 10 })).toBeCloseTo((10 + 14 + 6) / 50, 10);
  });

  it("prefers a candidate the search kept confirming over a lucky validation draw", async () => {
    const record = (score: number, trainEvidence?: { sum: number; count: number }) => ({
      config: String(score),
      score,
      scores: [],
      ...(trainEvidence ? { trainEvidence } : {}),
    });
    const state = {
      candidates: [
        record(0.3),
        record(0.6, { sum: 27, count: 30 }), // answered 30 train examples as a parent, 27 right
        record(0.65), // a higher validation mean, nothing else
      ],
    } as unknown as RunState<string>;
    const env = {
      split: { train: [], validation: syntheticExamples(20), test: [] },
    } as unknown as IterationEnv<string>;
    const signal = new AbortController().signal;
    const pick = await selectFinal(env, state, 0, signal);
    expect(pick.index).toBe(1);
    // the presented score stays the candidate's validation mean
    expect(pick.score).toBe(0.6);
  });

  it("counts the fresh minibatch answers of a run's parents as their evidence", async () => {
    const { run } = singleOptions({ iterations: 4 });
    const { results } = await drive(run());
    const checkpoint = results[results.length - 1]?.checkpoint;
    const withEvidence = checkpoint?.candidates.filter((c) => c.trainEvidence) ?? [];
    // the seed is the first parent: it answered at least one minibatch
    expect(checkpoint?.candidates[0]?.trainEvidence?.count).toBeGreaterThanOrEqual(3);
    for (const c of withEvidence) {
      expect(c.trainEvidence?.sum).toBeLessThanOrEqual(c.trainEvidence?.count ?? 0);
    }
  });
});

describe("early stop on half the validation set", () => {
  it("stops a proposal clearly below its parent on the same examples, not one within the margin", () => {
    const parent = [1, 1, 1, 1, 0, 1, 1, 1, 1, 0];
    expect(earlyStopMargin(10)).toBeCloseTo(0.158, 3);
    expect(isHopeless([1, 0, 1, 0, 0, 1, 1, 0, 1, 0], parent)).toBe(true);
    expect(isHopeless([1, 1, 1, 0, 0, 1, 1, 1, 1, 0], parent)).toBe(false);
  });

  it("scores only the first half of a hopeless proposal and all of a promising one", async () => {
    const examples = syntheticExamples(12);
    let runs = 0;
    const env = {
      adapter: {
        run: async (_llm: unknown, config: string, example: { id: string }) => {
          runs++;
          const k = Number(example.id.slice(3));
          // "bad" fails the first six examples, "good" fails none
          return {
            reply: config === "bad" && k < 6 ? "no" : "yes",
            trace: "",
            consulted: [],
            depth: 1,
          };
        },
      },
      llm: {},
      scorer: async (_e: unknown, reply: string) => ({
        score: reply === "yes" ? 1 : 0,
        feedback: "",
      }),
      scorerDepth: 0,
      split: { train: [], validation: examples, test: [] },
      earlyStop: true,
    } as unknown as IterationEnv<string>;
    const parent = new Array(12).fill(1);
    const signal = new AbortController().signal;
    const bad = await scoreValidation(env, "bad", parent, signal);
    expect(bad.scores).toBeNull();
    expect(runs).toBe(6);
    runs = 0;
    const good = await scoreValidation(env, "good", parent, signal);
    expect(good.scores).toEqual(new Array(12).fill(1));
    expect(runs).toBe(12);
    runs = 0;
    const whole = await scoreValidation({ ...env, earlyStop: false }, "bad", parent, signal);
    expect(whole.scores?.filter((x) => x === 0)).toHaveLength(6);
    expect(runs).toBe(12);
  });
});
