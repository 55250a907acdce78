import type { DatasetExample } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { reflectionMaterial } from "./material";
import { ancestors } from "./merge";
import { renderExamples } from "./reflection";
import type { RunState } from "./state";
import type { CandidateRecord, TrainEvaluation } from "./types";

const train: DatasetExample[] = Array.from({ length: 12 }, (_, i) => ({
  id: `t${i}`,
  dialog: [{ type: "human", content: `question ${i}` }],
  reference: `answer ${i}`,
  rubric: [],
}));

function candidate(iteration: number, parent: number | null): CandidateRecord<string> {
  return {
    iteration,
    config: `prompt ${iteration}`,
    parent,
    component: null,
    rationale: null,
    scores: [],
    score: 0,
    embeddingPoint: { x: 0, y: 0 },
  };
}

function evaluation(candidate: number, example: number, score: number): TrainEvaluation {
  return {
    candidate,
    example,
    score,
    feedback: `c${candidate} on t${example}`,
    reply: "r",
    trace: "",
    consulted: [],
  };
}

/** Pool: seed (iteration 0) → child (iteration 1) → grandchild (iteration 3); a sibling (iteration 2) of the seed. */
function state(cache: TrainEvaluation[]): RunState<string> {
  return {
    candidates: [candidate(0, null), candidate(1, 0), candidate(2, 0), candidate(3, 1)],
    trainCache: new Map(cache.map((t) => [`${t.candidate}:${t.example}`, t])),
  } as unknown as RunState<string>;
}

const minibatch = [
  { score: 0, feedback: "mb0", reply: "x", trace: "", consulted: [] },
  { score: 1, feedback: "mb1", reply: "y", trace: "", consulted: [] },
];

describe("reflection material", () => {
  it("follows the parent's lineage by iteration, nearest ancestor first", () => {
    const s = state([]);
    expect(ancestors(s.candidates, 3)).toEqual([1, 0]);
    expect(ancestors(s.candidates, 2)).toEqual([0]);
    expect(ancestors(s.candidates, 0)).toEqual([]);
  });

  it("fills the slots the parent's own failures leave with its ancestors' failures", () => {
    const s = state([
      evaluation(0, 4, 0), // seed fails t4: inherited (nearest ancestor fails t4 too → once)
      evaluation(0, 5, 0), // seed fails t5: inherited
      evaluation(0, 6, 0), // seed fails t6, but the parent answered t6 itself: stale, not shown
      evaluation(2, 7, 0), // a sibling's failure is not the lineage's: not shown
      evaluation(1, 4, 0), // child fails t4: inherited first (nearest ancestor)
      evaluation(1, 0, 0), // in the minibatch: shown as part of it, not again
      evaluation(3, 6, 1), // the parent answered t6 well
      evaluation(3, 8, 0.5), // the parent's own failure
    ]);
    const material = reflectionMaterial(train, s, 3, [0, 1], minibatch, {
      extra: 8,
      inherited: true,
    });
    expect(material.map((m) => [m.example.id, m.feedback, m.inherited ?? false])).toEqual([
      ["t0", "mb0", false],
      ["t1", "mb1", false],
      ["t8", "c3 on t8", false],
      ["t4", "c1 on t4", true],
      ["t5", "c0 on t5", true],
    ]);
  });

  it("shows only the parent's own failures when inheritance is off or the slots are full", () => {
    const cache = [evaluation(0, 4, 0), evaluation(3, 8, 0), evaluation(3, 9, 0)];
    const off = reflectionMaterial(train, state(cache), 3, [0], minibatch.slice(0, 1), {
      extra: 8,
      inherited: false,
    });
    expect(off.map((m) => m.example.id)).toEqual(["t0", "t9", "t8"]);
    const full = reflectionMaterial(train, state(cache), 3, [0], minibatch.slice(0, 1), {
      extra: 2,
      inherited: true,
    });
    expect(full.map((m) => m.example.id)).toEqual(["t0", "t9", "t8"]);
    const none = reflectionMaterial(train, state(cache), 3, [0], minibatch.slice(0, 1), {
      extra: 0,
      inherited: true,
    });
    expect(none.map((m) => m.example.id)).toEqual(["t0"]);
  });

  it("tells the reflection which failures an earlier version produced", () => {
    const s = state([evaluation(1, 4, 0), evaluation(3, 8, 0)]);
    const text = renderExamples(
      reflectionMaterial(train, s, 3, [], [], { extra: 4, inherited: true }),
    );
    const [own, inherited] = text.split("### Example ").slice(1);
    expect(own).not.toContain("earlier version");
    expect(inherited).toContain("earlier version of this prompt");
    expect(inherited).toContain("question 4");
  });

  it("improving a draft: its own minibatch failures first, the parent's failures as an earlier version's, none it answered", () => {
    const s = state([
      evaluation(1, 4, 0), // an ancestor's failure: inherited
      evaluation(3, 8, 0), // the parent's failure: an earlier version's now
      evaluation(3, 2, 0), // the parent failed t2, but the draft answered t2: not shown
    ]);
    const draft = {
      batch: [2, 3],
      evaluations: [
        { score: 1, feedback: "d2", reply: "ok", trace: "", consulted: [] },
        { score: 0.5, feedback: "d3", reply: "half", trace: "", consulted: [] },
      ],
    };
    const material = reflectionMaterial(train, s, 3, [0, 1], minibatch, {
      extra: 8,
      inherited: true,
      draft,
    });
    expect(material.map((m) => [m.example.id, m.feedback, m.inherited ?? false])).toEqual([
      ["t0", "mb0", false],
      ["t1", "mb1", false],
      ["t3", "d3", false],
      ["t8", "c3 on t8", true],
      ["t4", "c1 on t4", true],
    ]);
    const tight = reflectionMaterial(train, s, 3, [0, 1], minibatch, {
      extra: 2,
      inherited: true,
      draft,
    });
    expect(tight.map((m) => m.example.id)).toEqual(["t0", "t1", "t3", "t8"]);
  });
});
