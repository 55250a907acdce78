import { describe, expect, it } from "vitest";
import { Prng } from "../util/prng";
import type { ModeAdapter } from "./adapter";
import { ancestors, mergePair, pickMerge } from "./merge";
import type { CandidateRecord } from "./types";

type Pair = [string, string];
const adapter = {
  key: (c: Pair) => c.join("|"),
  componentValues: (c: Pair) => [...c],
  withComponentValues: (_c: Pair, v: readonly string[]) => [v[0], v[1]] as Pair,
} as unknown as ModeAdapter<Pair>;

const record = (iteration: number, parent: number | null, config: Pair, score: number) =>
  ({
    iteration,
    parent,
    config,
    score,
    scores: [score],
    component: null,
    rationale: null,
    embeddingPoint: { x: 0, y: 0 },
  }) as CandidateRecord<Pair>;

// seed → 1 (changed A) → 3 (changed A again); seed → 2 (changed B)
const pool = [
  record(0, null, ["a0", "b0"], 0.4),
  record(1, 0, ["a1", "b0"], 0.6),
  record(2, 0, ["a0", "b1"], 0.5),
  record(3, 1, ["a2", "b0"], 0.7),
];

describe("lineage merge", () => {
  it("walks ancestors nearest first", () => {
    expect(ancestors(pool, 3)).toEqual([1, 0]);
    expect(ancestors(pool, 0)).toEqual([]);
  });

  it("takes each component from the lineage that changed it", () => {
    expect(mergePair(adapter, pool, 3, 2)).toEqual({ better: 3, other: 2, config: ["a2", "b1"] });
  });

  it("takes a component both changed from the better candidate", () => {
    const both = [...pool, record(4, 2, ["a9", "b1"], 0.55)];
    expect(mergePair(adapter, both, 1, 4)?.config).toEqual(["a1", "b1"]);
  });

  it("refuses pairs related by descent or without anything new", () => {
    expect(mergePair(adapter, pool, 3, 1)).toBeNull();
    expect(mergePair(adapter, pool, 0, 2)).toBeNull();
    const noComponents = { ...adapter, componentValues: undefined } as ModeAdapter<Pair>;
    expect(mergePair(noComponents, pool, 3, 2)).toBeNull();
  });

  it("draws only merges that are not in the pool yet", () => {
    const rng = new Prng(1);
    expect(pickMerge(adapter, pool, [2, 3], new Set(), rng)?.config).toEqual(["a2", "b1"]);
    expect(pickMerge(adapter, pool, [2, 3], new Set(["a2|b1"]), rng)).toBeNull();
  });
});
