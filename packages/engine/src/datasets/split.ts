/**
 * Stable train / validation / held-out test split. Examples are ordered by a
 * hash of (dataset name, example id), so the split of a dataset never depends
 * on file order and is identical in every run, process and machine.
 *
 * The split is stratified when the dataset names kinds of examples (each
 * example's `domain`, or failing that a reference that is a repeated label):
 * every kind is spread over the three parts in proportion. A random split of
 * a small upload often leaves a kind of 2–6 rows without a single train
 * example, and the reflection then never sees it fail.
 */
import type { DatasetExample } from "@promptune/contracts";
import { fnv1a } from "../util/hash";

/** The three parts of a dataset used by the optimiser. */
export interface DatasetSplit {
  /** Minibatches for reflection are drawn from here. */
  train: DatasetExample[];
  /** Every accepted candidate is scored on all of these; drives the Pareto frontier. */
  validation: DatasetExample[];
  /** Held out: scored only for the initial and the best candidate at the end. */
  test: DatasetExample[];
}

/** Proportions and caps of the split. */
export const SPLIT_RULES = {
  validationShare: 0.3,
  testShare: 0.3,
  /** Validation is scored for every accepted candidate, so it is capped to bound cost. */
  maxValidation: 50,
  maxTest: 100,
} as const;

/** Sizes of (train, validation, test) for a dataset of `n` examples. */
export function splitSizes(n: number): { train: number; validation: number; test: number } {
  if (n <= 0) return { train: 0, validation: 0, test: 0 };
  if (n === 1) return { train: 0, validation: 1, test: 0 };
  if (n === 2) return { train: 1, validation: 1, test: 0 };
  const validation = Math.min(
    SPLIT_RULES.maxValidation,
    Math.max(1, Math.round(n * SPLIT_RULES.validationShare)),
  );
  const test = Math.min(SPLIT_RULES.maxTest, Math.max(1, Math.round(n * SPLIT_RULES.testShare)));
  return { train: n - validation - test, validation, test };
}

/** How a split is drawn. */
export interface SplitOptions {
  /**
   * Keep the dataset's kinds in proportion (default). `false` is the plain
   * hash order that splits had before, which a run checkpointed then resumes on.
   */
  stratify?: boolean;
}

/**
 * Splits `examples` deterministically. A dataset of one example has no train
 * part of its own: its validation example doubles as train so that reflection
 * still has material (the test part is then empty and no test score is given).
 */
export function splitDataset(
  name: string,
  examples: readonly DatasetExample[],
  options: SplitOptions = {},
): DatasetSplit {
  const ordered =
    (options.stratify ?? true) ? stratifiedOrder(name, examples) : hashOrder(name, examples);
  const sizes = splitSizes(ordered.length);
  const test = ordered.slice(0, sizes.test);
  const validation = ordered.slice(sizes.test, sizes.test + sizes.validation);
  const train = ordered.slice(sizes.test + sizes.validation);
  return { train: train.length ? train : validation.slice(), validation, test };
}

/** Hash order of examples, ties broken by id. */
function hashOrder(name: string, examples: readonly DatasetExample[]): DatasetExample[] {
  return examples
    .map((e) => ({ e, h: fnv1a(`${name}\u0000${e.id}`) }))
    .sort((a, b) => a.h - b.h || (a.e.id < b.e.id ? -1 : a.e.id > b.e.id ? 1 : 0))
    .map((x) => x.e);
}

/**
 * The kind of each example the split keeps in proportion: its `domain` when
 * any example has one, else its reference when references are labels shared
 * by at least two examples on average (a classification set); undefined when
 * the dataset names no kinds.
 */
export function splitStrata(examples: readonly DatasetExample[]): string[] | undefined {
  if (examples.some((e) => e.domain !== undefined)) return examples.map((e) => e.domain ?? "");
  const labels = examples.map((e) => e.reference.trim());
  const distinct = new Set(labels).size;
  if (labels.some((l) => l === "") || distinct < 2 || distinct * 2 > labels.length)
    return undefined;
  return labels;
}

/**
 * Examples in split order: within each kind by hash, the kinds interleaved
 * by their examples' relative positions (systematic sampling from a
 * hash-chosen offset), so every slice of the order holds each kind in
 * proportion. Without kinds, the plain hash order.
 */
function stratifiedOrder(name: string, examples: readonly DatasetExample[]): DatasetExample[] {
  const hashed = hashOrder(name, examples);
  const strata = splitStrata(hashed);
  if (!strata || new Set(strata).size < 2) return hashed;
  const groups = new Map<string, number[]>();
  for (const [i, stratum] of strata.entries()) {
    const members = groups.get(stratum);
    if (members) members.push(i);
    else groups.set(stratum, [i]);
  }
  const position = new Array<number>(hashed.length);
  for (const [stratum, members] of groups) {
    const offset = fnv1a(`${name}\u0000stratum\u0000${stratum}`) / 2 ** 32;
    members.forEach((i, rank) => {
      position[i] = (rank + offset) / members.length;
    });
  }
  return hashed
    .map((e, i) => ({ e, i, p: position[i] as number }))
    .sort((a, b) => a.p - b.p || a.i - b.i)
    .map((x) => x.e);
}
