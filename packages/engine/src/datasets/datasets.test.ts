import type { DatasetExample } from "@promptune/contracts";
import { describe, expect, it } from "vitest";
import { syntheticExamples } from "../testing/fake-llm";
import { fnv1a } from "../util/hash";
import { Prng } from "../util/prng";
import { loadBundledDatasets } from "./bundled";
import { initialMinibatchState, nextMinibatch } from "./minibatch";
import { DatasetError, MAX_DATASET_ISSUES, parseDatasetJsonl, parseDatasetManifest } from "./parse";
import { splitDataset, splitSizes, splitStrata } from "./split";

const line = (o: unknown) => JSON.stringify(o);
const good = (id: string) => ({
  id,
  dialog: [{ type: "human", content: "Where is my parcel?" }],
  reference: "It ships tomorrow.",
  rubric: ["give the shipping date"],
});

describe("parseDatasetJsonl", () => {
  it("parses valid lines, skipping blanks and // comments", () => {
    const text = ["// header", line(good("a")), "", line(good("b"))].join("\n");
    const out = parseDatasetJsonl(text, { name: "t.jsonl" });
    expect(out.map((e) => e.id)).toEqual(["a", "b"]);
  });

  it("names every bad line with its number and reason", () => {
    const text = [
      line(good("a")),
      "{not json",
      line({ ...good("c"), dialog: [{ type: "ai", content: "hi" }] }),
      line({ ...good("d"), reference: "" }),
      line(good("a")),
    ].join("\n");
    try {
      parseDatasetJsonl(text, { name: "bad.jsonl" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DatasetError);
      const e = err as DatasetError;
      expect(e.issues.map((i) => i.line)).toEqual([2, 3, 4, 5]);
      expect(e.message).toContain("bad.jsonl");
      expect(e.message).toContain("line 2: not valid JSON");
      expect(e.message).toContain("line 3: dialog");
      expect(e.message).toContain("human turn");
      expect(e.message).toContain("line 4: reference");
      expect(e.message).toContain('line 5: duplicate id "a" (first on line 1)');
    }
  });

  it("rejects an empty file", () => {
    expect(() => parseDatasetJsonl("\n\n", { name: "empty.jsonl" })).toThrow("no examples");
  });

  it("reports a per-example check on the example's line", () => {
    const text = [line(good("a")), line(good("b"))].join("\n");
    expect(() =>
      parseDatasetJsonl(text, {
        name: "c.jsonl",
        check: (e) => (e.id === "b" ? "expected: not allowed" : undefined),
      }),
    ).toThrow("line 2: expected: not allowed");
  });

  it(`stops checking after ${MAX_DATASET_ISSUES} problems`, () => {
    const text = Array.from({ length: 5_000 }, () => "{").join("\n");
    try {
      parseDatasetJsonl(text, { name: "bad.jsonl" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DatasetError);
      expect((e as DatasetError).issues).toHaveLength(MAX_DATASET_ISSUES);
      expect((e as DatasetError).message).toContain(
        `… and ${MAX_DATASET_ISSUES - 10} more (checking stopped after ${MAX_DATASET_ISSUES} problems)`,
      );
    }
  });
});

describe("parseDatasetManifest", () => {
  it("validates entries and unique names", () => {
    const entry = { name: "A", title: "A", description: "", file: "a.jsonl", metric: "judge" };
    expect(parseDatasetManifest(JSON.stringify([entry]))).toHaveLength(1);
    expect(() => parseDatasetManifest(JSON.stringify([entry, entry]))).toThrow(
      "duplicate dataset name",
    );
    expect(() => parseDatasetManifest(JSON.stringify([{ ...entry, metric: "bleu" }]))).toThrow(
      "metric",
    );
    expect(() => parseDatasetManifest("[")).toThrow("not valid JSON");
  });

  it("loads every listed dataset through the injected reader", async () => {
    const files: Record<string, string> = {
      "index.json": JSON.stringify([
        { name: "A", title: "A", description: "d", file: "a.jsonl", metric: "contains" },
      ]),
      "a.jsonl": [line(good("x")), line(good("y"))].join("\n"),
    };
    const loaded = await loadBundledDatasets(async (p) => {
      const text = files[p];
      if (text === undefined) throw new Error(`no ${p}`);
      return text;
    });
    expect(loaded).toHaveLength(1);
    expect(loaded[0]?.metric).toBe("contains");
    expect(loaded[0]?.examples).toHaveLength(2);
  });
});

describe("splitDataset", () => {
  it("has sensible sizes for tiny, curated and large datasets", () => {
    expect(splitSizes(1)).toEqual({ train: 0, validation: 1, test: 0 });
    expect(splitSizes(2)).toEqual({ train: 1, validation: 1, test: 0 });
    expect(splitSizes(3)).toEqual({ train: 1, validation: 1, test: 1 });
    expect(splitSizes(30)).toEqual({ train: 12, validation: 9, test: 9 });
    expect(splitSizes(100)).toEqual({ train: 40, validation: 30, test: 30 });
    expect(splitSizes(1000)).toEqual({ train: 850, validation: 50, test: 100 });
  });

  it("is stable: independent of file order, disjoint, complete", () => {
    const examples = syntheticExamples(30);
    const a = splitDataset("DCH2", examples);
    const b = splitDataset("DCH2", [...examples].reverse());
    expect(b).toEqual(a);
    const ids = [...a.train, ...a.validation, ...a.test].map((e) => e.id);
    expect(new Set(ids).size).toBe(30);
    const other = splitDataset("Other", examples);
    expect(other.test.map((e) => e.id)).not.toEqual(a.test.map((e) => e.id));
  });

  /** `sizes[k]` examples of kind `k${k}`, ids interleaved as an upload might list them. */
  function kinded(sizes: number[], as: "domain" | "label"): DatasetExample[] {
    return sizes.flatMap((n, k) =>
      Array.from({ length: n }, (_, i) => ({
        id: `row-${k}-${i}`,
        dialog: [{ type: "human" as const, content: `Case ${k}/${i}` }],
        reference: as === "label" ? `k${k}` : `Reply ${k}/${i}`,
        rubric: [],
        ...(as === "domain" ? { domain: `k${k}` } : {}),
      })),
    );
  }
  const countOf = (part: DatasetExample[], kind: string, as: "domain" | "label") =>
    part.filter((e) => (as === "domain" ? e.domain : e.reference) === kind).length;

  it("spreads every kind over train, validation and held-out in proportion", () => {
    // rare kinds of 2–6 rows among common ones, as in a small upload; many names, so many draws
    const sizes = [12, 9, 6, 5, 3, 3, 2];
    for (const as of ["domain", "label"] as const) {
      for (let d = 0; d < 40; d++) {
        const split = splitDataset(`upload-${d}`, kinded(sizes, as));
        const n = sizes.reduce((a, b) => a + b, 0);
        expect(split.train.length + split.validation.length + split.test.length).toBe(n);
        sizes.forEach((size, k) => {
          for (const [part, share] of [
            [split.train, split.train.length / n],
            [split.validation, split.validation.length / n],
            [split.test, split.test.length / n],
          ] as const) {
            const got = countOf(part, `k${k}`, as);
            expect(
              Math.abs(got - size * share),
              `${as} k${k} of ${size} in upload-${d}`,
            ).toBeLessThan(1.5);
          }
          if (size >= 3) expect(countOf(split.train, `k${k}`, as)).toBeGreaterThan(0);
        });
      }
    }
  });

  it("keeps the plain hash order when the dataset names no kinds", () => {
    const examples = kinded([10, 10, 10], "label").map((e, i) => ({ ...e, reference: `r${i}` }));
    expect(splitStrata(examples)).toBeUndefined();
    const a = splitDataset("plain", examples);
    const byHash = [...examples]
      .sort((x, y) => fnv1a(`plain\u0000${x.id}`) - fnv1a(`plain\u0000${y.id}`))
      .map((e) => e.id);
    expect([...a.test, ...a.validation, ...a.train].map((e) => e.id)).toEqual(byHash);
  });

  it("gives a one-example dataset a validation example that doubles as train", () => {
    const s = splitDataset("one", syntheticExamples(1));
    expect(s.validation).toHaveLength(1);
    expect(s.train).toEqual(s.validation);
    expect(s.test).toHaveLength(0);
  });
});

describe("nextMinibatch", () => {
  it("covers every train example once per epoch, deterministically", () => {
    const draw = (seed: number) => {
      const rng = new Prng(seed);
      const state = initialMinibatchState();
      return Array.from({ length: 4 }, () => nextMinibatch(state, 12, 3, rng));
    };
    const batches = draw(5);
    expect(batches.flat().sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(draw(5)).toEqual(batches);
    expect(draw(6)).not.toEqual(batches);
  });

  it("never repeats an index within a batch across epoch boundaries", () => {
    const rng = new Prng(3);
    const state = initialMinibatchState();
    for (let k = 0; k < 50; k++) {
      const b = nextMinibatch(state, 4, 3, rng);
      expect(new Set(b).size).toBe(3);
    }
    expect(nextMinibatch(initialMinibatchState(), 2, 3, rng)).toHaveLength(2);
  });
});
