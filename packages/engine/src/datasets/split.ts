/**
 * Stable train / validation / held-out test split. Examples are ordered by a
 * hash of (dataset name, example id), so the split of a dataset never depends
 * on file order and is identical in every run, process and machine.
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

/**
 * Splits `examples` deterministically. A dataset of one example has no train
 * part of its own: its validation example doubles as train so that reflection
 * still has material (the test part is then empty and no test score is given).
 */
export function splitDataset(name: string, examples: readonly DatasetExample[]): DatasetSplit {
  const ordered = examples
    .map((e) => ({ e, h: fnv1a(`${name}\u0000${e.id}`) }))
    .sort((a, b) => a.h - b.h || (a.e.id < b.e.id ? -1 : a.e.id > b.e.id ? 1 : 0))
    .map((x) => x.e);
  const sizes = splitSizes(ordered.length);
  const test = ordered.slice(0, sizes.test);
  const validation = ordered.slice(sizes.test, sizes.test + sizes.validation);
  const train = ordered.slice(sizes.test + sizes.validation);
  return { train: train.length ? train : validation.slice(), validation, test };
}
