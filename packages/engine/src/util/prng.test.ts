import { describe, expect, it } from "vitest";
import { Prng } from "./prng";

describe("Prng", () => {
  it("repeats the same sequence for the same seed and differs for another", () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const c = new Prng(43);
    const seqA = Array.from({ length: 20 }, () => a.nextUint32());
    expect(Array.from({ length: 20 }, () => b.nextUint32())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.nextUint32())).not.toEqual(seqA);
  });

  it("continues identically from a JSON round-tripped state", () => {
    const a = new Prng(7);
    for (let i = 0; i < 5; i++) a.next();
    const restored = new Prng(JSON.parse(JSON.stringify(a.state())));
    expect(Array.from({ length: 10 }, () => restored.next())).toEqual(
      Array.from({ length: 10 }, () => a.next()),
    );
  });

  it("draws floats in [0,1), integers in range and weights proportionally", () => {
    const r = new Prng(1);
    const counts = [0, 0, 0];
    for (let i = 0; i < 6000; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const k = r.weighted([1, 2, 3]);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    expect(counts[0] as number).toBeGreaterThan(800);
    expect(counts[0] as number).toBeLessThan(1200);
    expect(counts[2] as number).toBeGreaterThan(2700);
    expect(counts[2] as number).toBeLessThan(3300);
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
