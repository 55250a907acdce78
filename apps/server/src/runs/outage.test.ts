import type { LlmPort } from "@promptune/engine";
import { describe, expect, it } from "vitest";
import { pausedFrame, waitForProvider } from "./outage";

/** A port whose `complete` fails `failures` times, then answers; counts the probes. */
function port(failures: number) {
  const seen = { probes: 0, temperatures: [] as number[] };
  const llm = {
    async complete(request) {
      seen.probes++;
      seen.temperatures.push(request.temperature);
      if (seen.probes <= failures) throw new Error("HTTP 503");
      return {
        text: "ready",
        usage: { calls: 1, inputTokens: 1, outputTokens: 1, costUsd: 0, cachedCalls: 0 },
      };
    },
  } as LlmPort;
  return { llm, seen };
}

describe("waiting for the provider of a paused run", () => {
  const live = new AbortController().signal;

  it("probes until the provider answers, with sampled (never cached) calls", async () => {
    const { llm, seen } = port(3);
    const failed: unknown[] = [];
    const answered = await waitForProvider(
      llm,
      ["m"],
      { intervalMs: 5, maxWaitMs: 5_000 },
      live,
      (e) => failed.push(e),
    );
    expect(answered).toBe(true);
    expect(seen.probes).toBe(4);
    expect(failed).toHaveLength(3);
    expect(seen.temperatures.every((t) => t > 0)).toBe(true);
  });

  it("resumes only when the judge answers too", async () => {
    const asked: string[] = [];
    const llm = {
      async complete(request) {
        asked.push(request.model);
        if (request.model === "judge" && asked.length < 4) throw new Error("HTTP 503");
        return {
          text: "ready",
          usage: { calls: 1, inputTokens: 1, outputTokens: 1, costUsd: 0, cachedCalls: 0 },
        };
      },
    } as LlmPort;
    expect(
      await waitForProvider(llm, ["m", "judge"], { intervalMs: 5, maxWaitMs: 5_000 }, live),
    ).toBe(true);
    expect(asked).toEqual(["m", "judge", "m", "judge"]);
  });

  it("gives up after the longest pause", async () => {
    const { llm, seen } = port(Number.POSITIVE_INFINITY);
    const started = Date.now();
    expect(await waitForProvider(llm, ["m"], { intervalMs: 10, maxWaitMs: 60 }, live)).toBe(false);
    expect(seen.probes).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("stops at once when the run is cancelled", async () => {
    const { llm } = port(Number.POSITIVE_INFINITY);
    const cancel = new AbortController();
    const waiting = waitForProvider(
      llm,
      ["m"],
      { intervalMs: 60_000, maxWaitMs: 600_000 },
      cancel.signal,
    );
    cancel.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
  });

  it("says in plain words that the run resumes by itself", () => {
    const frame = pausedFrame();
    expect(frame).toMatchObject({ type: "paused" });
    expect((frame as { message: string }).message).toMatch(/paused\. It resumes by itself/);
  });
});
