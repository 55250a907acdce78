import type { DatasetExample } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import type { ModeAdapter } from "./adapter";
import {
  CONFIRM_EXAMPLES,
  confirmationStages,
  confirmRecommendation,
  variantLeaders,
} from "./confirm";
import type { MeasuredPoint } from "./frontier";
import type { IterationEnv } from "./iteration-env";

const examples = (n: number, tag: string, domain?: string): DatasetExample[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `${tag}${i}`,
    dialog: [{ type: "human" as const, content: `${tag}${i}` }],
    reference: "",
    expected: "",
    rubric: [],
    ...(domain ? { domain } : {}),
  }));

/**
 * An environment whose "model" answers extra example i right exactly when
 * `right[config](i)`; counts the replies per configuration and stops paying
 * after `budget` calls.
 */
function env(
  right: Record<string, (i: number) => boolean>,
  budget = 1000,
  validation: DatasetExample[] = examples(20, "v"),
) {
  const replies: Record<string, number> = {};
  let used = 0;
  const adapter = {
    callsPerRun: () => 1,
    run: async (_llm: unknown, config: string, example: DatasetExample) => {
      used += 1;
      replies[config] = (replies[config] ?? 0) + 1;
      const i = Number(example.id.replace(/\D/g, ""));
      return {
        reply: right[config]?.(i) ? "yes" : "no",
        trace: "",
        consulted: [],
        calls: 1,
        depth: 1,
      };
    },
  } as unknown as ModeAdapter<string>;
  const e = {
    adapter,
    llm: {},
    scorer: async (_x: DatasetExample, reply: string) => ({
      score: reply === "yes" ? 1 : 0,
      feedback: "",
    }),
    scorerDepth: 0,
    split: { train: [], validation, test: [] },
    meter: { remaining: () => budget - used },
  } as unknown as IterationEnv<string>;
  return { env: e, adapter, replies };
}

/** Each configuration name its own model (variant), unless `variant` says otherwise. */
const VARIANTS: Record<string, number> = { big: 0, cheap: 1, mid: 2, tiny: 3 };

const point = (
  config: string,
  scores: number[],
  cost: number,
  variant = VARIANTS[config] ?? 9,
): MeasuredPoint<string> => ({
  modelName: config,
  variant,
  config,
  temperature: 0,
  prompt: "p",
  scores,
  costPer1kUsd: cost,
  callsPerReply: 1,
});

/** 20 validation scores with `fails` zeros at the front. */
const scores = (fails: number) => Array.from({ length: 20 }, (_, i) => (i < fails ? 0 : 1));
const signal = new AbortController().signal;

describe("confirmRecommendation", () => {
  it("keeps the cheap point when it stays as good on the extra examples", async () => {
    const { env: e, adapter, replies } = env({ big: () => true, cheap: (i) => i !== 3 });
    const points = [point("big", scores(0), 10), point("cheap", scores(2), 1)];
    const extra = examples(10, "x");
    const out = await confirmRecommendation(e, points, extra, () => adapter, 0, signal);
    expect(out).toEqual({ index: 1, passes: 2 });
    expect(replies).toEqual({ big: 10, cheap: 10 });
  });

  it("falls back to the next cheapest, then to the best, when the extra examples expose them", async () => {
    // tiny and mid pass on validation (2 and 3 failures of 20) but fail most extra examples
    const {
      env: e,
      adapter,
      replies,
    } = env({
      big: () => true,
      mid: (i) => i % 2 === 0,
      tiny: () => false,
    });
    const points = [
      point("tiny", scores(2), 0.1),
      point("big", scores(0), 10),
      point("mid", scores(3), 1),
    ];
    const out = await confirmRecommendation(e, points, examples(10, "x"), () => adapter, 0, signal);
    expect(out).toEqual({ index: 1, passes: 3 });
    expect(replies).toEqual({ big: 10, tiny: 10, mid: 10 });
  });

  it("makes a cheaper point hold against every dearer one that passed, reusing their answers", async () => {
    // on the extra examples the best fails the first four and the mid point none: the cheap
    // point, failing the same four, is as good as the best but measurably worse than mid
    const {
      env: e,
      adapter,
      replies,
    } = env({
      big: (i) => i >= 4,
      mid: () => true,
      tiny: (i) => i >= 4,
    });
    const points = [
      point("big", scores(0), 10),
      point("mid", scores(1), 1),
      point("tiny", scores(1), 0.1),
    ];
    const out = await confirmRecommendation(e, points, examples(10, "x"), () => adapter, 0, signal);
    expect(out).toEqual({ index: 1, passes: 3 });
    // mid answered once, for tiny's comparison, and its own confirmation reused the answers
    expect(replies).toEqual({ big: 10, tiny: 10, mid: 10 });
  });

  it("confirms a best-scoring point that is cheaper than an as-good dearer one", async () => {
    // tiny leads on validation (20 of 20 against 19 of 20) but fails 7 of the 10 extra examples
    const { env: e, adapter, replies } = env({ big: () => true, tiny: (i) => i >= 7 });
    const points = [point("big", scores(1), 10), point("tiny", scores(0), 0.1)];
    const out = await confirmRecommendation(e, points, examples(10, "x"), () => adapter, 0, signal);
    expect(out).toEqual({ index: 0, passes: 2 });
    expect(replies).toEqual({ big: 10, tiny: 10 });
  });

  it("spends nothing when no cheaper point passes on validation or the cheapest is measurably best", async () => {
    const { env: e, adapter, replies } = env({});
    const extra = examples(10, "x");
    const worse = [point("big", scores(0), 10), point("cheap", scores(12), 1)];
    expect(await confirmRecommendation(e, worse, extra, () => adapter, 0, signal)).toEqual({
      index: 0,
      passes: 0,
    });
    const cheapest = [point("big", scores(6), 10), point("cheap", scores(0), 1)];
    expect(await confirmRecommendation(e, cheapest, extra, () => adapter, 0, signal)).toEqual({
      index: 1,
      passes: 0,
    });
    expect(replies).toEqual({});
  });

  /** Confirms with 10 extra examples (x0–x9) and the further stage y10–y19, nothing reserved. */
  const confirmInStages = (
    e: IterationEnv<string>,
    adapter: ModeAdapter<string>,
    points: MeasuredPoint<string>[],
  ) =>
    confirmRecommendation(
      e,
      points,
      examples(10, "x"),
      () => adapter,
      0,
      signal,
      examples(20, "y").slice(10),
    );
  /** Right on every example but x0 and y10–y13. */
  const worseLater = (i: number) => !(i === 0 || (i >= 10 && i < 14));

  it("goes on over the further examples while the cheaper point looks worse, and rejects it there", async () => {
    // validation: 2 failures against none; first stage: 1 failure (not measurably worse, but
    // worse); the further stage shows 4 more failures
    const { env: e, adapter, replies } = env({ big: () => true, cheap: worseLater });
    const points = [point("big", scores(0), 10), point("cheap", scores(2), 1)];
    expect(await confirmInStages(e, adapter, points)).toEqual({ index: 0, passes: 4 });
    expect(replies).toEqual({ big: 20, cheap: 20 });
  });

  it("seeks no further evidence once the cheaper point scores as well as the best", async () => {
    const { env: e, adapter, replies } = env({ big: (i) => i !== 0, cheap: () => true });
    const points = [point("big", scores(0), 10), point("cheap", scores(1), 1)];
    expect(await confirmInStages(e, adapter, points)).toEqual({ index: 1, passes: 2 });
    expect(replies).toEqual({ big: 10, cheap: 10 });
  });

  it("lets the decision so far stand when the further stage is more than the calls left", async () => {
    const { env: e, adapter, replies } = env({ big: () => true, cheap: worseLater }, 30);
    const points = [point("big", scores(0), 10), point("cheap", scores(2), 1)];
    expect(await confirmInStages(e, adapter, points)).toEqual({ index: 1, passes: 2 });
    expect(replies).toEqual({ big: 10, cheap: 10 });
  });

  it("rejects a cheaper point that fails one kind of example, when the examples carry kinds", async () => {
    // validation: 15 of kind a, then 5 of kind b; the cheap point fails 3 of the 5 of kind b
    const kinds = [...examples(15, "v", "a"), ...examples(5, "w", "b")];
    const cheapScores = scores(0).map((s, i) => (i >= 15 && i < 18 ? 0 : s));
    const points = [point("big", scores(0), 10), point("cheap", cheapScores, 1)];
    const right = { big: () => true, cheap: () => true };
    const extraOfKindA = examples(10, "x", "a");
    const labelled = env(right, 1000, kinds);
    expect(
      await confirmRecommendation(
        labelled.env,
        points,
        extraOfKindA,
        () => labelled.adapter,
        0,
        signal,
      ),
    ).toEqual({ index: 0, passes: 2 });
    // the same scores without kinds: 3 failures of 30 are not measurably worse overall
    const unlabelled = env(right, 1000);
    expect(
      await confirmRecommendation(
        unlabelled.env,
        points,
        examples(10, "x"),
        () => unlabelled.adapter,
        0,
        signal,
      ),
    ).toEqual({ index: 1, passes: 2 });
  });

  it("lets the validation decision stand when the calls above the reserve run out", async () => {
    const { env: e, adapter, replies } = env({ big: () => true, cheap: () => false }, 25);
    const points = [point("big", scores(0), 10), point("cheap", scores(2), 1)];
    // 25 calls, 10 reserved: the best's pass fits, the candidate's does not
    const out = await confirmRecommendation(
      e,
      points,
      examples(10, "x"),
      () => adapter,
      10,
      signal,
    );
    expect(out).toEqual({ index: 1, passes: 1 });
    expect(replies).toEqual({ big: 10 });
  });
});

describe("confirmationStages", () => {
  it("takes the train examples after the reflection round's, in order, when they carry no kinds", () => {
    const { extra, further } = confirmationStages(examples(40, "t"), 4, examples(20, "v"));
    expect(extra.map((x) => x.id)).toEqual(
      Array.from({ length: CONFIRM_EXAMPLES }, (_, i) => `t${4 + i}`),
    );
    expect(further.map((x) => x.id)).toEqual(
      Array.from({ length: CONFIRM_EXAMPLES }, (_, i) => `t${4 + CONFIRM_EXAMPLES + i}`),
    );
    const short = confirmationStages(examples(16, "t"), 4, []);
    expect(short.extra).toHaveLength(CONFIRM_EXAMPLES);
    expect(short.further.map((x) => x.id)).toEqual(["t14", "t15"]);
    expect(confirmationStages(examples(6, "t"), 4, []).extra.map((x) => x.id)).toEqual([
      "t4",
      "t5",
    ]);
  });

  it("fills the kinds validation has fewest of first, so every kind can be compared", () => {
    // validation: 8 of kind a, 1 of kind b; train after the round: 12 a, then 6 b
    const validation = [...examples(8, "va", "a"), ...examples(1, "vb", "b")];
    const train = [...examples(4, "r", "a"), ...examples(12, "ta", "a"), ...examples(6, "tb", "b")];
    const { extra, further } = confirmationStages(train, 4, validation);
    const kinds = (xs: DatasetExample[]) => xs.map((x) => x.domain).join("");
    // b is behind by 7: its six examples come first, then a's in order
    expect(kinds(extra)).toBe("bbbbbbaaaa");
    expect(extra.map((x) => x.id)).toEqual([
      "tb0",
      "tb1",
      "tb2",
      "tb3",
      "tb4",
      "tb5",
      "ta0",
      "ta1",
      "ta2",
      "ta3",
    ]);
    expect(kinds(further)).toBe("aaaaaaaa");
    // the reflection round's examples are never drawn
    expect([...extra, ...further].some((x) => x.id.startsWith("r"))).toBe(false);
  });

  it("alternates between kinds level in validation", () => {
    const validation = [...examples(3, "va", "a"), ...examples(3, "vb", "b")];
    const train = [...examples(6, "ta", "a"), ...examples(6, "tb", "b")];
    const { extra } = confirmationStages(train, 0, validation);
    expect(extra.map((x) => x.domain).join("")).toBe("abababababab".slice(0, CONFIRM_EXAMPLES));
  });
});

describe("variantLeaders", () => {
  it("keeps each model's best point, the cheaper one on ties", () => {
    const points = [
      point("big", scores(0), 10),
      point("cheap-short", scores(8), 0.9, 1),
      point("cheap-tuned", scores(1), 1, 1),
      point("mid-a", scores(2), 2.1, 2),
      point("mid-b", scores(2), 2, 2),
    ];
    expect([...variantLeaders(points)].sort()).toEqual([0, 2, 4]);
  });

  it("makes the confirmation recommend a model's better point over its slightly cheaper worse one", async () => {
    // both cheap points pass the paired rule on validation; the shorter prompt is a hair cheaper
    const {
      env: e,
      adapter,
      replies,
    } = env({
      big: () => true,
      "cheap-short": (i) => i % 3 !== 0,
      "cheap-tuned": () => true,
    });
    const points = [
      point("big", scores(0), 10),
      point("cheap-short", scores(3), 0.9, 1),
      point("cheap-tuned", scores(1), 1, 1),
    ];
    const out = await confirmRecommendation(e, points, examples(10, "x"), () => adapter, 0, signal);
    expect(out).toEqual({ index: 2, passes: 2 });
    expect(replies).toEqual({ big: 10, "cheap-tuned": 10 });
  });
});
