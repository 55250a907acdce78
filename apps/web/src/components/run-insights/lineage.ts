/**
 * The lineage of a run's candidates: every configuration the search kept
 * (the initial one and each accepted proposal or merge) under the parent it
 * came from, with the presented one marked.
 */
import type { RunReasoning } from "@promptune/contracts";

/** One candidate in the tree. */
export interface LineageNode {
  /** Creating iteration (its identifier). */
  iteration: number;
  parent: number | null;
  /** The other parent of a merge. */
  mergedWith: number | null;
  validationScore: number;
  component: string | null;
  rationale: string | null;
  presented: boolean;
  children: LineageNode[];
}

/** Builds the tree from the recorded reasoning; the root is the initial configuration. */
export function buildLineage(reasoning: RunReasoning): LineageNode | null {
  const nodes = new Map<number, LineageNode>();
  for (const it of reasoning.iterations) {
    const created = it.iteration === 0 || (it.accepted && it.candidate_iteration === it.iteration);
    if (!created) continue;
    const merge = it.proposals.find((p) => p.outcome === "accepted" && p.kind === "merge");
    nodes.set(it.iteration, {
      iteration: it.iteration,
      parent: it.iteration === 0 ? null : it.parent,
      mergedWith: merge?.other_parent ?? null,
      validationScore: it.validation_score,
      component: it.component,
      rationale: it.rationale,
      presented: reasoning.presented === it.iteration,
      children: [],
    });
  }
  const root = nodes.get(0) ?? null;
  for (const node of nodes.values()) {
    if (node.iteration === 0) continue;
    const parent = nodes.get(node.parent ?? 0) ?? root;
    parent?.children.push(node);
  }
  return root;
}

/** Depth-first order of the tree (the order a screen reader hears it). */
export function flattenLineage(
  root: LineageNode | null,
  depth = 0,
): { node: LineageNode; depth: number }[] {
  if (!root) return [];
  return [{ node: root, depth }, ...root.children.flatMap((c) => flattenLineage(c, depth + 1))];
}
