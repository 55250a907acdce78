import { describe, expect, it } from "vitest";
import { compareHeldOut } from "./held-out";
import { drive, singleOptions } from "./test-helpers";

describe("compareHeldOut", () => {
  it("reports means, the difference and a bootstrap interval that contains it", () => {
    const initial = [0, 0, 0.5, 1, 0, 0.5, 0, 1, 0, 0.5];
    const final = [1, 1, 0.5, 1, 1, 1, 0, 1, 1, 0.5];
    const c = compareHeldOut(initial, final, 3);
    expect(c).not.toBeNull();
    if (!c) return;
    expect(c.examples).toBe(10);
    expect(c.initialScore).toBeCloseTo(0.35, 9);
    expect(c.finalScore).toBeCloseTo(0.8, 9);
    expect(c.difference).toBeCloseTo(0.45, 9);
    expect(c.ciLow).toBeLessThan(c.difference);
    expect(c.ciHigh).toBeGreaterThan(c.difference);
    expect(c.ciLow).toBeGreaterThan(0);
    expect(c.significant).toBe(true);
  });

  it("is deterministic given the seed and varies with it", () => {
    const initial = [0, 1, 0, 1, 0, 0.5, 1, 0];
    const final = [1, 1, 0, 0, 1, 1, 1, 0.5];
    const a = compareHeldOut(initial, final, 11);
    expect(compareHeldOut(initial, final, 11)).toEqual(a);
    const others = [12, 13, 14, 15].map((s) => compareHeldOut(initial, final, s));
    expect(others.some((o) => o?.ciLow !== a?.ciLow || o?.ciHigh !== a?.ciHigh)).toBe(true);
  });

  it("calls a gain that one example flips 'no significant change'", () => {
    const initial = [0, 0, 0, 0, 0, 1, 1, 1];
    const final = [1, 0, 0, 0, 0, 1, 1, 1];
    const c = compareHeldOut(initial, final, 1);
    expect(c?.difference).toBeCloseTo(0.125, 9);
    expect(c?.ciLow).toBeLessThanOrEqual(0);
    expect(c?.significant).toBe(false);
  });

  it("detects a significant loss", () => {
    const initial = Array.from({ length: 20 }, () => 1);
    const final = Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? 1 : 0));
    const c = compareHeldOut(initial, final, 5);
    expect(c?.difference).toBeCloseTo(-0.75, 9);
    expect(c?.ciHigh).toBeLessThan(0);
    expect(c?.significant).toBe(true);
  });

  it("gives a zero-width interval for identical configurations and null without examples", () => {
    const same = [0.5, 1, 0];
    expect(compareHeldOut(same, same, 1)).toEqual({
      examples: 3,
      initialScore: 0.5,
      finalScore: 0.5,
      difference: 0,
      ciLow: 0,
      ciHigh: 0,
      significant: false,
    });
    expect(compareHeldOut([], [], 1)).toBeNull();
    expect(() => compareHeldOut([1], [1, 0], 1)).toThrow(/paired/);
  });
});

describe("final result's held-out comparison", () => {
  it("compares the initial and the presented candidate on the test split, reproducibly", async () => {
    const first = await drive(singleOptions({ iterations: 5 }).run());
    const again = await drive(singleOptions({ iterations: 5 }).run());
    const h = first.final.heldOut;
    expect(h).not.toBeNull();
    expect(h?.examples).toBe(first.final.testSize);
    expect(h?.initialScore).toBeCloseTo(first.final.initialTestScore as number, 9);
    expect(h?.finalScore).toBeCloseTo(first.final.testScore as number, 9);
    expect(h?.difference).toBeCloseTo(
      (first.final.testScore as number) - (first.final.initialTestScore as number),
      9,
    );
    expect(h?.ciLow).toBeLessThanOrEqual(h?.difference as number);
    expect(h?.ciHigh).toBeGreaterThanOrEqual(h?.difference as number);
    expect(again.final.heldOut).toEqual(h);
  });

  it("is null when the test split is not evaluated", async () => {
    const { final } = await drive(singleOptions({ iterations: 1, evaluateTest: false }).run());
    expect(final.heldOut).toBeNull();
  });
});
