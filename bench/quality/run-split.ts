/**
 * The train and validation parts of every run of the quality benchmark: drawn
 * apart at the bench's sizes (30 / 20, or the product's for `--rows N`), or
 * (`--product-split N`) N rows split by the product's own `splitDataset`.
 * Both the types-family and the rule-world runners draw through here, so the
 * flags act on every world alike.
 */
import type { DatasetExample } from "@promptune/contracts";
import { splitDataset, splitSizes } from "../../packages/engine/src/datasets/split";

/** Train and validation examples of every run (live bindings: `useSplitOf` changes them). */
export let TRAIN = 30;
export let VALIDATION = 20;

/**
 * Sets the train and validation sizes to the ones the product's split gives a
 * dataset of `rows` examples (`splitSizes`: 30 % validation, 30 % held-out
 * test, the rest train), for checking the engine at the sizes a user's upload
 * gets (`--rows`) rather than the bench's 30 / 20. The held-out score stays
 * the world's ground truth, so the test part is not drawn.
 */
export function useSplitOf(rows: number): void {
  const sizes = Number.isInteger(rows) ? splitSizes(rows) : { train: 0, validation: 0 };
  if (sizes.train < 1 || sizes.validation < 1)
    throw new Error(`--rows ${rows} leaves no train or validation examples`);
  TRAIN = sizes.train;
  VALIDATION = sizes.validation;
}
/**
 * `--product-split N`: every run draws N rows and splits them with the
 * product's own `splitDataset` (what a user's upload of N rows gets, its
 * kinds spread over the parts as the product spreads them) instead of
 * drawing train and validation apart; 0 (the default) keeps the
 * independent draws. `stratify: false` is the ablation row's plain hash order.
 */
export const productSplit = { rows: 0, stratify: true };

/**
 * A run's train and validation questions: drawn apart at the bench's sizes,
 * or (`--product-split`) as the product splits `productSplit.rows` rows of a
 * dataset named `name`, each question turned into its example by `toExample`.
 */
export function drawParts<Q extends { id: string }>(
  draw: (count: number, tag: string) => Q[],
  name: string,
  toExample: (q: Q) => DatasetExample,
): { train: Q[]; validation: Q[] } {
  if (productSplit.rows <= 0) return { train: draw(TRAIN, "t"), validation: draw(VALIDATION, "v") };
  const rows = draw(productSplit.rows, "r");
  const byId = new Map(rows.map((q) => [q.id, q]));
  const split = splitDataset(name, rows.map(toExample), { stratify: productSplit.stratify });
  const back = (xs: DatasetExample[]) => xs.map((e) => byId.get(e.id) as Q);
  return { train: back(split.train), validation: back(split.validation) };
}
