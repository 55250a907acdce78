import type { LoadedDataset } from "@promptune/engine";
import { describe, expect, it } from "vitest";
import { mergeDatasets, runDatasetNames } from "./merge";

const example = (id: string, domain?: string) => ({
  id,
  ...(domain ? { domain } : {}),
  dialog: [{ type: "human" as const, content: `Question ${id}?` }],
  reference: `Answer ${id}.`,
  rubric: [],
});

const set = (name: string, ids: string[], extra: Partial<LoadedDataset> = {}): LoadedDataset => ({
  name,
  metric: "judge",
  title: name.toUpperCase(),
  examples: ids.map((id) => example(id)),
  ...extra,
});

describe("merging the datasets of a run", () => {
  it("returns the primary unchanged when the run names no more", () => {
    const primary = set("shop", ["1", "2", "3"]);
    expect(mergeDatasets([primary])).toBe(primary);
  });

  it("keeps ids unique and tags each example with its source as a stratum", () => {
    const merged = mergeDatasets([
      set("shop", ["1", "2"], { task: "Answer shop questions." }),
      set("feedback-web", ["1", "9"], { task: "Answer shop questions." }),
    ]);
    expect(merged.examples.map((e) => e.id)).toEqual([
      "shop/1",
      "shop/2",
      "feedback-web/1",
      "feedback-web/9",
    ]);
    expect(merged.examples.map((e) => e.domain)).toEqual([
      "shop",
      "shop",
      "feedback-web",
      "feedback-web",
    ]);
    expect(merged).toMatchObject({
      name: "shop+feedback-web",
      title: "SHOP + FEEDBACK-WEB",
      metric: "judge",
      task: "Answer shop questions.",
    });
  });

  it("keeps an example's own domain", () => {
    const primary = set("a", []);
    primary.examples = [example("1", "billing")];
    const merged = mergeDatasets([primary, set("b", ["2"])]);
    expect(merged.examples.map((e) => e.domain)).toEqual(["billing", "b"]);
  });

  it("refuses datasets scored by different metrics, naming both", () => {
    expect(() =>
      mergeDatasets([set("shop", ["1"]), set("quiz", ["1"], { metric: "exact" })]),
    ).toThrow('"shop" uses judge, "quiz" uses exact');
  });

  it("refuses a merge above the row limit", () => {
    const big = (name: string) =>
      set(
        name,
        Array.from({ length: 1500 }, (_, i) => String(i)),
      );
    expect(() => mergeDatasets([big("a"), big("b")])).toThrow("at most 2,000 examples together");
  });

  it("lists the primary first and refuses it again among the extras", () => {
    expect(runDatasetNames({ dataset_name: "a", extra_datasets: ["b", "c"] })).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(() => runDatasetNames({ dataset_name: "a", extra_datasets: ["a"] })).toThrow(
      'repeats the run\'s dataset "a"',
    );
  });
});
