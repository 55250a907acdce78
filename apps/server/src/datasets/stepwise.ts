import { setImmediate as nextTurn } from "node:timers/promises";

/** Longest stretch a parse may hold the event loop before it hands it back. */
const SLICE_MS = 8;

/**
 * Drives a stepwise parser (a generator that pauses with `yield`) to its end,
 * handing the event loop back whenever a slice has run SLICE_MS. A 1 MB
 * upload full of invalid lines takes about half a second of CPU; run in one
 * go it would stall every other request (and /healthz) for that long, times
 * the number of parallel uploads.
 */
export async function runWithoutBlocking<T>(steps: Generator<void, T, void>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}
