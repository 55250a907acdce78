import { describe, expect, it } from "vitest";
import { splitDataset } from "../datasets/split";
import { isAbortError } from "../util/abort";
import { optimizeSingleAgent } from "./single";
import { drive, singleOptions, WITHOUT_NEW_MECHANISMS } from "./test-helpers";
import type { IterationResult, SingleAgentCandidate } from "./types";

/** Results without the checkpoint, for readable comparisons. */
const strip = (rs: IterationResult<SingleAgentCandidate>[]) =>
  rs.map(({ checkpoint: _c, ...rest }) => rest);

describe("call budget", () => {
  it("stops proposing at the ceiling but still yields every result, flagged, within the budget", async () => {
    const { run, llm } = singleOptions({ iterations: 5, maxCalls: 110, ...WITHOUT_NEW_MECHANISMS });
    const { results, final } = await drive(run());
    expect(results.map((r) => r.iteration)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(llm.calls.length).toBeLessThanOrEqual(110);
    expect(results[1]?.accepted).toBe(true);
    expect(final.usage.calls).toBe(llm.calls.length);
    expect(final.budgetExhausted).toBe(true);
    const flagged = results.filter((r) => r.budgetExhausted);
    expect(flagged.length).toBeGreaterThan(0);
    // once exhausted, no more proposals, and the reported candidate is the best so far
    const firstFlag = flagged[0]?.iteration ?? 0;
    for (const r of results.filter((x) => x.iteration > firstFlag)) {
      expect(r.proposals).toBe(0);
      expect(r.accepted).toBe(false);
      expect(r.usage.calls).toBe(0);
    }
    // the held-out reserve keeps the final test scores measurable
    expect(final.testScore).not.toBeNull();
  });

  it("refuses a budget too small to score the initial candidate", async () => {
    const { run } = singleOptions({ maxCalls: 5 });
    await expect(drive(run())).rejects.toThrow("cannot even score the initial candidate");
  });

  it("sums per-iteration usage into the run total", async () => {
    const { run } = singleOptions({
      iterations: 3,
      rescoreTop: 0,
      ...WITHOUT_NEW_MECHANISMS,
    });
    const { results, final } = await drive(run());
    const sum = results.reduce((s, r) => s + r.usage.calls, 0);
    expect(results[results.length - 1]?.totalUsage.calls).toBe(sum);
    // the remainder is the held-out evaluation
    expect(final.usage.calls).toBe(sum + 2 * 9 * 2);
  });
});

describe("cancellation", () => {
  it("throws an AbortError and makes no further calls once aborted mid-iteration", async () => {
    const controller = new AbortController();
    const { run, llm } = singleOptions(
      { iterations: 5, signal: controller.signal },
      {
        latencyMs: 1,
        beforeCall: (c) => {
          if (c.purpose === "reflection") controller.abort();
        },
      },
    );
    const it = run();
    const first = await it.next();
    expect(first.value).toMatchObject({ iteration: 0 });
    const err = await it.next().catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    const count = llm.calls.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(llm.calls.length).toBe(count);
    expect(llm.inFlight).toBe(0);
  });

  it("aborts in-flight calls when the consumer stops iterating", async () => {
    const { run, llm } = singleOptions({ iterations: 5 }, { latencyMs: 1 });
    for await (const r of run()) if (r.iteration === 1) break;
    const count = llm.calls.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(llm.calls.length).toBe(count);
  });

  it("refuses to start with an already aborted signal", async () => {
    const { run, llm } = singleOptions({ signal: AbortSignal.abort() });
    const err = await run()
      .next()
      .catch((e: unknown) => e);
    expect(isAbortError(err)).toBe(true);
    expect(llm.calls).toHaveLength(0);
  });
});

describe("determinism", () => {
  it("repeats the same run for the same seed", async () => {
    const a = await drive(singleOptions({ seed: 3 }).run());
    const b = await drive(singleOptions({ seed: 3 }).run());
    expect(strip(b.results)).toEqual(strip(a.results));
    expect(b.results.map((r) => r.checkpoint)).toEqual(a.results.map((r) => r.checkpoint));
    expect(b.final).toEqual(a.final);
  });

  it("draws differently for a different seed", async () => {
    const a = await drive(singleOptions({ seed: 3, ...WITHOUT_NEW_MECHANISMS }).run());
    const b = await drive(singleOptions({ seed: 4, ...WITHOUT_NEW_MECHANISMS }).run());
    expect(b.results[1]?.checkpoint.rng).not.toEqual(a.results[1]?.checkpoint.rng);
    expect(b.results[1]?.checkpoint.minibatch.order).not.toEqual(
      a.results[1]?.checkpoint.minibatch.order,
    );
    expect(b.results[1]?.embeddingPoint).not.toEqual(a.results[1]?.embeddingPoint);
  });

  it("does not depend on call timing", async () => {
    const a = await drive(singleOptions({ seed: 5 }, { latencyMs: 0 }).run());
    let n = 0;
    const b = await drive(
      singleOptions(
        { seed: 5 },
        { beforeCall: () => new Promise((r) => setTimeout(r, (n++ * 7) % 5)) },
      ).run(),
    );
    expect(strip(b.results)).toEqual(strip(a.results));
  });
});

describe("resume from checkpoint", () => {
  it("continues exactly like the uninterrupted run", async () => {
    const full = await drive(singleOptions({ iterations: 5, seed: 9 }).run());
    for (const stopAt of [0, 2, 4]) {
      const checkpoint = JSON.parse(JSON.stringify(full.results[stopAt]?.checkpoint));
      const { options, llm } = singleOptions({ iterations: 5, seed: 9 });
      const resumed = await drive(optimizeSingleAgent({ ...options, resumeFrom: checkpoint }));
      expect(resumed.results.map((r) => r.iteration)).toEqual(
        [1, 2, 3, 4, 5].filter((i) => i > stopAt),
      );
      expect(resumed.results).toEqual(full.results.slice(stopAt + 1));
      expect(resumed.final).toEqual(full.final);
      expect(llm.calls.length).toBe(
        full.final.usage.calls - (full.results[stopAt]?.totalUsage.calls ?? 0),
      );
    }
  });

  it("resumes a checkpoint written before splits were stratified on the split it was made on", async () => {
    // the synthetic examples name domains, so the stratified split differs from the hash order
    const base = singleOptions({ iterations: 3, seed: 9 }).options;
    const legacy = splitDataset(base.dataset.name, base.dataset.examples, { stratify: false });
    const stratified = splitDataset(base.dataset.name, base.dataset.examples);
    expect(stratified.train.map((e) => e.id)).not.toEqual(legacy.train.map((e) => e.id));
    // the run as the engine before stratification ran it: its checkpoints name no split order
    const full = await drive(singleOptions({ iterations: 3, seed: 9, split: legacy }).run());
    const { splitOrder, ...older } = JSON.parse(JSON.stringify(full.results[1]?.checkpoint));
    expect(splitOrder).toBe("stratified");
    const { options } = singleOptions({ iterations: 3, seed: 9 });
    const resumed = await drive(optimizeSingleAgent({ ...options, resumeFrom: older }));
    expect(resumed.results).toEqual(full.results.slice(2));
    expect(resumed.final).toEqual(full.final);
    // a checkpoint that says it was stratified is resumed on the stratified split, which it was not made on
    const claimed = { ...older, splitOrder: "stratified" as const };
    await expect(drive(optimizeSingleAgent({ ...options, resumeFrom: claimed }))).rejects.toThrow(
      "does not match",
    );
  });

  it("refuses a checkpoint of a different run", async () => {
    const full = await drive(singleOptions({ iterations: 1, seed: 9 }).run());
    const checkpoint = full.results[0]?.checkpoint;
    const { options } = singleOptions({ iterations: 3, prompt: "Another seed prompt." });
    await expect(
      drive(optimizeSingleAgent({ ...options, resumeFrom: checkpoint })),
    ).rejects.toThrow("does not match");
  });
});
