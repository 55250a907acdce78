import { describe, expect, it } from "vitest";
import { Prng } from "../util/prng";
import {
  bestCandidate,
  nearBestFrontier,
  paretoFrontier,
  selectParent,
  standardErrorOfBest,
} from "./pareto";

describe("paretoFrontier", () => {
  it("keeps every candidate that is best on some example, counting its wins", () => {
    const scores = [
      [0.5, 0.5, 0.5, 0.5], // seed: best nowhere once others exist
      [1, 0, 1, 0.5], // best on ex 0, 2 and (tied) 3
      [0, 1, 0, 0.5], // best on ex 1 and (tied) 3
    ];
    expect(paretoFrontier(scores)).toEqual([
      { candidate: 1, wins: 3 },
      { candidate: 2, wins: 2 },
    ]);
  });

  it("removes candidates whose winning examples are a subset of another's", () => {
    const scores = [
      [1, 0, 0],
      [1, 1, 0], // dominates 0 (0's fronts {0} ⊂ {0,1})
      [0, 0, 1],
    ];
    expect(paretoFrontier(scores).map((f) => f.candidate)).toEqual([1, 2]);
  });

  it("keeps the earlier of two candidates with identical profiles", () => {
    expect(
      paretoFrontier([
        [0.2, 0.4],
        [0.2, 0.4],
      ]).map((f) => f.candidate),
    ).toEqual([0]);
    expect(paretoFrontier([[0.5], [0.9], [0.9]]).map((f) => f.candidate)).toEqual([1]);
  });

  it("treats an all-zero example as won by everyone without keeping dominated candidates", () => {
    expect(
      paretoFrontier([
        [0, 0.5],
        [0, 1],
      ]),
    ).toEqual([{ candidate: 1, wins: 2 }]);
  });
});

describe("selectParent", () => {
  it("samples frontier members in proportion to their wins, reproducibly", () => {
    const frontier = [
      { candidate: 4, wins: 1 },
      { candidate: 7, wins: 3 },
    ];
    const rng = new Prng(11);
    const picks = Array.from({ length: 4000 }, () => selectParent(frontier, rng));
    const share7 = picks.filter((p) => p === 7).length / picks.length;
    expect(share7).toBeGreaterThan(0.7);
    expect(share7).toBeLessThan(0.8);
    const again = new Prng(11);
    expect(Array.from({ length: 50 }, () => selectParent(frontier, again))).toEqual(
      picks.slice(0, 50),
    );
    expect(() => selectParent([], rng)).toThrow("empty");
  });
});

describe("bestCandidate", () => {
  it("returns the highest mean, earliest on ties", () => {
    expect(bestCandidate([0.2, 0.8, 0.8, 0.1])).toBe(1);
    expect(bestCandidate([0.5])).toBe(0);
  });
});

describe("nearBestFrontier", () => {
  // 20 binary validation examples: the best candidate has mean 0.7 (se ≈ 0.105)
  const best = Array.from({ length: 20 }, (_, j) => (j < 14 ? 1 : 0));
  const close = Array.from({ length: 20 }, (_, j) => (j >= 6 && j < 19 ? 1 : 0)); // 0.65, wins 14..18
  const weak = Array.from({ length: 20 }, (_, j) => (j === 19 ? 1 : 0)); // 0.05, wins only 19

  it("drops frontier members more than one standard error below the best mean", () => {
    const scores = [best, close, weak];
    expect(paretoFrontier(scores).map((f) => f.candidate)).toEqual([0, 1, 2]);
    expect(nearBestFrontier(scores).map((f) => f.candidate)).toEqual([0, 1]);
  });

  it("measures the standard error from the best candidate's own scores", () => {
    expect(standardErrorOfBest([best, close, weak])).toBeCloseTo(
      Math.sqrt((14 * 0.3 ** 2 + 6 * 0.7 ** 2) / 19 / 20),
      6,
    );
    // a best candidate with identical scores everywhere still leaves the floor
    expect(standardErrorOfBest([[1, 1, 1, 1]])).toBe(0.02);
    expect(standardErrorOfBest([[1]])).toBe(Number.POSITIVE_INFINITY);
  });

  it("keeps the whole frontier when every member is close to the best", () => {
    const scores = [best, close];
    expect(nearBestFrontier(scores)).toEqual(paretoFrontier(scores));
  });

  it("steers the search's parents away from a lucky weak lineage", () => {
    const rng = new Prng(3);
    const picks = Array.from({ length: 200 }, () =>
      selectParent(nearBestFrontier([best, close, weak]), rng),
    );
    expect(picks).not.toContain(2);
    expect(new Set(picks)).toEqual(new Set([0, 1]));
  });
});
