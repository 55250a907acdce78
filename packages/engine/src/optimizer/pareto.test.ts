import { describe, expect, it } from "vitest";
import { Prng } from "../util/prng";
import { bestCandidate, paretoFrontier, selectParent } from "./pareto";

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
