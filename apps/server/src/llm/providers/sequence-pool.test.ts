import { describe, expect, it } from "vitest";
import { Pool } from "./sequence-pool";

describe("sequence pool", () => {
  it("hands out distinct free items, then makes callers wait in order", async () => {
    const pool = new Pool(["a", "b"]);
    const first = await pool.take();
    const second = await pool.take();
    expect(new Set([first, second])).toEqual(new Set(["a", "b"]));
    expect(pool.available).toBe(0);

    const order: string[] = [];
    const third = pool.take().then((s) => {
      order.push(`third:${s}`);
      return s;
    });
    const fourth = pool.take().then((s) => {
      order.push(`fourth:${s}`);
      return s;
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    pool.give(second);
    expect(await third).toBe(second);
    pool.give(first);
    expect(await fourth).toBe(first);
    expect(order).toEqual([`third:${second}`, `fourth:${first}`]);
    expect(pool.available).toBe(0);
    pool.give("a");
    expect(pool.available).toBe(1);
  });

  it("refuses to be empty", () => {
    expect(() => new Pool([])).toThrow(/at least one/);
  });
});
