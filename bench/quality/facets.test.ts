/**
 * The `facets` check world: every example needs its kind's rule and its
 * facet's, the optimum is known, and the simulated reflection reads from a
 * reply which of the two parts of its code was wrong.
 */
import { describe, expect, it } from "vitest";
import { Prng } from "../../packages/engine/src/util/prng";
import { RuleAgents } from "./rule-agents";
import { RULE_WORLDS } from "./rule-specs";
import { RuleWorld } from "./rule-world";
import { suffixOf } from "./rule-world-draw";

const spec = RULE_WORLDS.find((w) => w.name === "facets");
if (!spec?.facets) throw new Error("the facets world is missing");
const world = new RuleWorld(spec, 7);
const K = spec.kinds.length;
const facetLabels = spec.facets.values.map((_, f) => K + f);

describe("the facets world", () => {
  it("reaches its best score only with every kind's and every facet's rule", () => {
    const all = world.shortestBest();
    expect(world.expected(all, 0)).toBeCloseTo(world.best(), 10);
    const kindsOnly = [spec.core, ...spec.kinds.map((_, k) => world.rightRule(k))].join(" ");
    const facetsOnly = [spec.core, ...facetLabels.map((f) => world.rightRule(f))].join(" ");
    const seed = world.expected(world.seedPrompt, 0);
    for (const partial of [kindsOnly, facetsOnly]) {
      expect(world.expected(partial, 0)).toBeGreaterThan(seed);
      expect(world.expected(partial, 0)).toBeLessThan(world.best() - 0.05);
    }
  });

  it("counts facet rules towards the shortest prompt with a score", () => {
    const facetRule = world.rightRule(facetLabels[0] as number);
    const withFacet = `${spec.core} ${facetRule}`;
    expect(world.shortestWordsFor(withFacet)).toBeGreaterThan(world.shortestWordsFor(spec.core));
  });

  it("puts a facet on every question and its suffix on the right code", () => {
    const questions = world.questions(200, "t", new Prng(3));
    for (const q of questions) {
      expect(q.facet).toBeGreaterThanOrEqual(K);
      expect(q.answer.endsWith(`-${suffixOf(world.labels[q.facet as number] as string)}`)).toBe(
        true,
      );
    }
    const facetsSeen = new Set(questions.map((q) => q.facet));
    expect(facetsSeen.size).toBe(spec.facets?.values.length);
    const q = questions[0];
    if (!q) throw new Error("no question");
    const rng = new Prng(11);
    const replies = Array.from({ length: 400 }, () => world.reply(world.shortestBest(), 0, q, rng));
    const right = replies.filter((r) => r === q.answer).length / replies.length;
    expect(right).toBeGreaterThan(0.85);
    expect(replies.every((r) => r === q.answer || !r.startsWith(q.answer))).toBe(true);
  });

  it("attributes a failure to the kind or to the facet as the reply shows", () => {
    const agents = new RuleAgents(world, 1);
    const [q] = world.questions(1, "v", new Prng(5));
    if (!q || q.facet === undefined) throw new Error("no faceted question");
    const [code, suffix] = q.answer.split("-");
    expect(agents.failedLabels(q, `${code}`)).toEqual([q.facet]);
    expect(agents.failedLabels(q, `K0000X-${suffix}`)).toEqual([q.type]);
    expect(agents.failedLabels(q, "K0000X")).toEqual([q.type, q.facet]);
  });

  it("leaves the other rule worlds without facets", () => {
    const rare = RULE_WORLDS.find((w) => w.name === "rare");
    if (!rare) throw new Error("the rare world is missing");
    const other = new RuleWorld(rare, 7);
    expect(other.labels).toEqual(rare.kinds);
    const [q] = other.questions(1, "t", new Prng(3));
    if (!q) throw new Error("no question");
    expect(q.facet).toBeUndefined();
    expect(new RuleAgents(other, 1).failedLabels(q, "anything")).toEqual([q.type]);
  });
});
