/**
 * Merging the lessons of two lineages (GEPA's system-aware merge): two
 * Pareto-front candidates that descend from a common ancestor and changed
 * different components are combined component by component — a component
 * changed by only one of them comes from that one; changed by both, from the
 * better of the two. No reflection call is needed. Only modes with several
 * components (multi-agent) can merge.
 */
import type { Prng } from "../util/prng";
import type { ModeAdapter } from "./adapter";
import type { CandidateRecord } from "./types";

/** Most merges one run attempts. */
export const MAX_MERGES = 5;

/** Pool indices of a candidate's ancestors, nearest first (the candidate itself excluded). */
export function ancestors<C>(pool: readonly CandidateRecord<C>[], index: number): number[] {
  const byIteration = new Map(pool.map((c, i) => [c.iteration, i]));
  const out: number[] = [];
  let parent = pool[index]?.parent ?? null;
  while (parent !== null) {
    const p = byIteration.get(parent);
    if (p === undefined || out.includes(p)) break;
    out.push(p);
    parent = pool[p]?.parent ?? null;
  }
  return out;
}

/** A merge: the two parents (better first) and the merged configuration. */
export interface MergePlan<C> {
  better: number;
  other: number;
  config: C;
}

/**
 * Combines `a` and `b` over their nearest common ancestor; null when they
 * are related by descent, share no ancestor, or the merge equals one of them.
 */
export function mergePair<C>(
  adapter: ModeAdapter<C>,
  pool: readonly CandidateRecord<C>[],
  a: number,
  b: number,
): MergePlan<C> | null {
  const { componentValues, withComponentValues, mergeThreeWay } = adapter;
  if ((!componentValues || !withComponentValues) && !mergeThreeWay) return null;
  const ancA = ancestors(pool, a);
  const ancB = ancestors(pool, b);
  if (ancA.includes(b) || ancB.includes(a)) return null;
  const common = ancA.find((x) => ancB.includes(x));
  if (common === undefined) return null;
  const [better, other] = (pool[a]?.score ?? 0) >= (pool[b]?.score ?? 0) ? [a, b] : [b, a];
  const configOf = (i: number) => (pool[i] as CandidateRecord<C>).config;
  if (!componentValues || !withComponentValues) {
    const config = mergeThreeWay?.(configOf(better), configOf(other), configOf(common)) ?? null;
    return config ? { better, other, config } : null;
  }
  const vb = componentValues((pool[better] as CandidateRecord<C>).config);
  const vo = componentValues((pool[other] as CandidateRecord<C>).config);
  const va = componentValues((pool[common] as CandidateRecord<C>).config);
  if (vb.length !== vo.length || vb.length !== va.length) return null;
  const merged = vb.map((v, k) => (v === va[k] ? (vo[k] as string) : v));
  if (merged.every((v, k) => v === vb[k]) || merged.every((v, k) => v === vo[k])) return null;
  return {
    better,
    other,
    config: withComponentValues((pool[better] as CandidateRecord<C>).config, merged),
  };
}

/**
 * Draws a merge among the frontier's members, uniformly over the pairs that
 * can be merged into something new (not already in the pool); null when none.
 */
export function pickMerge<C>(
  adapter: ModeAdapter<C>,
  pool: readonly CandidateRecord<C>[],
  frontier: readonly number[],
  known: ReadonlySet<string>,
  rng: Prng,
): MergePlan<C> | null {
  const plans: MergePlan<C>[] = [];
  for (let i = 0; i < frontier.length; i++) {
    for (let j = i + 1; j < frontier.length; j++) {
      const plan = mergePair(adapter, pool, frontier[i] as number, frontier[j] as number);
      if (plan && !known.has(adapter.key(plan.config))) plans.push(plan);
    }
  }
  return plans.length ? (plans[rng.int(plans.length)] as MergePlan<C>) : null;
}
