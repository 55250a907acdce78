import { describe, expect, it } from "vitest";
import { AdaptiveLimit, type SlotRelease } from "./adaptive-limit";

/** Acquires `n` slots at once (the first `limit` are granted, the rest queue). */
function acquireMany(limit: AdaptiveLimit, n: number): Promise<SlotRelease>[] {
  return Array.from({ length: n }, () => limit.acquire());
}

describe("AdaptiveLimit (AIMD)", () => {
  it("doubles per window (slow start) while calls succeed and demand fills it, up to max", async () => {
    const changes: Array<[number, string]> = [];
    const limit = new AdaptiveLimit({
      initial: 2,
      max: 5,
      onChange: (l, r) => changes.push([l, r]),
    });
    // keep demand above the limit: 20 calls, each released as a success
    const pending = acquireMany(limit, 20);
    for (const slot of pending.slice(0, 2)) (await slot)("success");
    expect(limit.limit).toBe(4); // two successes in a window of two: doubled
    for (const slot of pending.slice(2)) (await slot)("success");
    expect(limit.limit).toBe(5);
    expect(changes).toEqual([
      [3, "grow"],
      [4, "grow"],
      [5, "grow"],
    ]);
    expect(limit.running).toBe(0);
  });

  it("grows by one per window after the first backoff (additive increase)", async () => {
    const limit = new AdaptiveLimit({ initial: 8, max: 64 });
    (await limit.acquire())("backoff");
    expect(limit.limit).toBe(4);
    const pending = acquireMany(limit, 40);
    for (const slot of pending.slice(0, 4)) (await slot)("success");
    expect(limit.limit).toBe(5); // four successes at limit 4: +1
    for (const slot of pending.slice(4, 9)) (await slot)("success");
    expect(limit.limit).toBe(6); // five more at limit 5: +1
    for (const slot of pending.slice(9)) (await slot)("success");
  });

  it("does not grow when demand never reaches the limit", async () => {
    const limit = new AdaptiveLimit({ initial: 4, max: 64 });
    for (let i = 0; i < 50; i++) (await limit.acquire())("success");
    expect(limit.limit).toBe(4);
  });

  it("halves on a backoff, once for a burst of calls started before the cut", async () => {
    const limit = new AdaptiveLimit({ initial: 8, max: 64 });
    const held = await Promise.all(acquireMany(limit, 8));
    held[0]?.("backoff");
    expect(limit.limit).toBe(4);
    for (const slot of held.slice(1, 5)) slot("backoff");
    expect(limit.limit).toBe(4);
    for (const slot of held.slice(5)) slot("success");
    // a call started after the cut halves again
    (await limit.acquire())("backoff");
    expect(limit.limit).toBe(2);
  });

  it("never goes below min nor above max, and failures leave it alone", async () => {
    const limit = new AdaptiveLimit({ initial: 3, max: 3, min: 2 });
    (await limit.acquire())("backoff");
    expect(limit.limit).toBe(2);
    (await limit.acquire())("backoff");
    expect(limit.limit).toBe(2);
    (await limit.acquire())("failure");
    expect(limit.limit).toBe(2);
    const fixed = new AdaptiveLimit({ initial: 5, max: 5, min: 5 });
    for (const slot of acquireMany(fixed, 30)) (await slot)("success");
    expect(fixed.limit).toBe(5);
  });

  it("admits no new holder after a cut until the holders drop below the new limit", async () => {
    const limit = new AdaptiveLimit({ initial: 4, max: 4 });
    const held = await Promise.all(acquireMany(limit, 4));
    let admitted = 0;
    const next = limit.acquire().then((release) => {
      admitted++;
      return release;
    });
    held[0]?.("backoff"); // limit 2, still 3 holders
    await Promise.resolve();
    held[1]?.("success"); // 2 holders: not below 2
    await new Promise((r) => setTimeout(r, 0));
    expect(admitted).toBe(0);
    held[2]?.("success"); // 1 holder: the waiter gets the slot
    (await next)("success");
    expect(admitted).toBe(1);
    held[3]?.("success");
    expect(limit.running).toBe(0);
  });

  it("reports an outcome once per slot", async () => {
    const limit = new AdaptiveLimit({ initial: 4, max: 64 });
    const held = await Promise.all(acquireMany(limit, 4));
    held[0]?.("backoff");
    held[0]?.("backoff");
    expect(limit.limit).toBe(2);
    expect(limit.running).toBe(3);
  });
});
