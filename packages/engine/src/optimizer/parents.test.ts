import { describe, expect, it } from "vitest";
import { Prng } from "../util/prng";
import { nearBestFrontier, paretoFrontier } from "./pareto";
import { drive, singleOptions, WITHOUT_NEW_MECHANISMS } from "./test-helpers";

/**
 * Runs where the reflection sometimes forgets what the prompt already had, so
 * the pool holds candidates that win a few examples with a weak mean: the
 * plain frontier keeps them, the near-best band does not.
 */
async function parentsOutsideBand(nearBestParents: boolean): Promise<number> {
  let outside = 0;
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const rng = new Prng(seed * 101);
    const { run } = singleOptions(
      { iterations: 8, seed, nearBestParents, earlyStop: false, ...WITHOUT_NEW_MECHANISMS },
      {
        reflect: (current, missing) => {
          const kept = current
            .split("\n")
            .filter((line) => !line.startsWith("Always ") || rng.next() < 0.3);
          return {
            prompt: [...kept, ...missing.slice(0, 1).map((m) => `Always ${m}.`)].join("\n"),
          };
        },
      },
    );
    const { results } = await drive(run());
    for (let i = 1; i < results.length; i++) {
      const r = results[i];
      const before = results[i - 1]?.checkpoint.candidates ?? [];
      if (!r?.accepted || r.parent === null) continue;
      const parent = before.findIndex((c) => c.iteration === r.parent);
      const band = nearBestFrontier(before.map((c) => c.scores)).map((f) => f.candidate);
      const frontier = paretoFrontier(before.map((c) => c.scores)).map((f) => f.candidate);
      expect(frontier).toContain(parent);
      if (!band.includes(parent)) outside++;
    }
  }
  return outside;
}

describe("parents from the near-best band", () => {
  it("never builds on a frontier member more than one standard error below the best", async () => {
    expect(await parentsOutsideBand(true)).toBe(0);
  });

  it("is what keeps weak lineages out: the plain frontier draws them", async () => {
    expect(await parentsOutsideBand(false)).toBeGreaterThan(0);
  });
});
