/**
 * Minibatch sampling over the train set in shuffled epochs: every train
 * example is seen once per epoch before any repeats, which spreads reflection
 * over the whole train set. The state is plain JSON for checkpoints.
 */
import type { Prng } from "../util/prng";

/** Sampler state: the current epoch's permutation of train indices and a cursor into it. */
export interface MinibatchState {
  order: number[];
  cursor: number;
  /** Targeted minibatches (optimizer/targeting.ts): minibatch appearances per stratum. */
  strataSeen?: Record<string, number>;
}

/** A fresh sampler state (the first epoch is shuffled on first use). */
export function initialMinibatchState(): MinibatchState {
  return { order: [], cursor: 0 };
}

/**
 * Draws the next `size` distinct train indices (fewer when the train set is
 * smaller), reshuffling with `rng` at epoch ends. Mutates and returns `state`.
 */
export function nextMinibatch(
  state: MinibatchState,
  trainSize: number,
  size: number,
  rng: Prng,
): number[] {
  const want = Math.min(size, trainSize);
  const batch: number[] = [];
  while (batch.length < want) {
    if (state.cursor >= state.order.length || state.order.length !== trainSize) {
      state.order = rng.shuffle(Array.from({ length: trainSize }, (_, i) => i));
      state.cursor = 0;
    }
    const index = state.order[state.cursor++] as number;
    if (!batch.includes(index)) batch.push(index);
  }
  return batch;
}
