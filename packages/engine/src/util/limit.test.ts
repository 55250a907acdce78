import { describe, expect, it } from "vitest";
import { mapAll, Semaphore } from "./limit";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("Semaphore", () => {
  it("never runs more than the limit at once, and does reach it", async () => {
    const sem = new Semaphore(3);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        sem.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await tick(5);
          active--;
        }),
      ),
    );
    expect(peak).toBe(3);
  });
});

describe("mapAll", () => {
  it("keeps input order", async () => {
    expect(
      await mapAll([30, 10, 20], async (ms) => {
        await tick(ms);
        return ms;
      }),
    ).toEqual([30, 10, 20]);
  });

  it("reports the first error once and waits for the rest to settle", async () => {
    let settled = 0;
    const seen: unknown[] = [];
    await expect(
      mapAll(
        [1, 2, 3],
        async (x) => {
          await tick(x * 5);
          settled++;
          if (x >= 2) throw new Error(`bad ${x}`);
          return x;
        },
        (err) => seen.push(err),
      ),
    ).rejects.toThrow("bad 2");
    expect(settled).toBe(3);
    expect(seen).toHaveLength(1);
  });
});
