/**
 * The `crew` check world (multi-agent): every type has two owners drawn per
 * seed, so a route scores only when the worker it names states the type's
 * rule, and the worlds that share nothing keep the draws they always had.
 */
import { describe, expect, it } from "vitest";
import {
  CREW_SHAPE,
  type MultiWorldConfig,
  RELAY_RULE,
  routeText,
  TEAM_SHAPE,
  World,
} from "./world";

const world = new World(11, CREW_SHAPE);
const plain = (): MultiWorldConfig => ({
  coordinator: "You coordinate a support team.",
  workers: world.workers.map(() => "You answer with the case code only."),
  descriptions: world.workers.map(() => "Support specialist."),
});

/**
 * Every type routed to the owner `pick` chooses, its rule in the prompts of both its owners or,
 * with `routedOnly`, in the routed owner's alone.
 */
function routedTo(pick: (owners: number[]) => number, routedOnly = false): MultiWorldConfig {
  const c = plain();
  const routes = world.types.map((name, k) => {
    const owners = world.ownerSets[k] as number[];
    const w = pick(owners);
    for (const o of routedOnly ? [w] : owners)
      c.workers[o] = `${c.workers[o]} ${world.rightRule(k)}`;
    return routeText(name, world.workers[w] as string);
  });
  c.coordinator = [c.coordinator, RELAY_RULE, ...routes].join(" ");
  return c;
}

describe("the crew world", () => {
  it("gives every type two distinct owners and every worker an even share", () => {
    const load = world.workers.map(() => 0);
    for (const owners of world.ownerSets) {
      expect(new Set(owners).size).toBe(2);
      for (const w of owners) load[w] = (load[w] as number) + 1;
    }
    expect(Math.max(...load) - Math.min(...load)).toBeLessThanOrEqual(1);
  });

  it("reaches its best score with either owner, when route and rule agree", () => {
    for (const pick of [(o: number[]) => o[0] as number, (o: number[]) => o[1] as number]) {
      expect(world.expectedMulti(routedTo(pick))).toBeCloseTo(world.bestMulti(), 10);
    }
  });

  it("loses a little when only the routed owner states the rule", () => {
    const score = world.expectedMulti(routedTo((o) => o[0] as number, true));
    expect(score).toBeLessThan(world.bestMulti());
    expect(score).toBeGreaterThan(world.bestMulti() - 0.01);
  });

  it("loses when a route names the owner whose prompt lacks the rule", () => {
    const c = routedTo((o) => o[0] as number, true);
    const k = 0;
    const [first, second] = world.ownerSets[k] as [number, number];
    const name = world.types[k] as string;
    c.coordinator = c.coordinator.replace(
      routeText(name, world.workers[first] as string),
      routeText(name, world.workers[second] as string),
    );
    expect(world.expectedMulti(c)).toBeLessThan(world.bestMulti() - 0.01);
  });

  it("sends unrouted questions at random and claimed ones to their claimers", () => {
    const c = plain();
    expect(world.routeShares(c.coordinator, c.descriptions, 0)).toEqual([0.25, 0.25, 0.25, 0.25]);
    const [a, b] = world.ownerSets[0] as [number, number];
    c.descriptions[a] = `Handles ${world.types[0]} questions.`;
    c.descriptions[b] = `Handles ${world.types[0]} questions.`;
    const shares = world.routeShares(c.coordinator, c.descriptions, 0);
    expect(shares[a]).toBeCloseTo(0.425, 10);
    expect(shares[b]).toBeCloseTo(0.425, 10);
  });

  it("leaves a world with one owner per type as it was drawn before", () => {
    const team = new World(11, TEAM_SHAPE);
    expect(team.bestMulti()).toBeCloseTo(0.97 * 0.92 + 0.03 * 0.1, 10);
    expect(team.ownerSets).toEqual(team.owners.map((w) => [w]));
    expect(team.shared).toBe(false);
    const c = { coordinator: "x", workers: ["", "", ""], descriptions: ["", "", ""] };
    const p = team.pRoute(c.coordinator, c.descriptions, 0);
    expect(team.routeShares(c.coordinator, c.descriptions, 0)[team.owners[0] as number]).toBe(p);
  });
});
