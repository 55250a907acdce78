/**
 * Removal edits. A reflection model mostly adds: a plausible but harmful
 * rule or a sentence that states nothing checkable, once written, tends to
 * stay. So a share of the proposals drops one instruction of the parent
 * instead of asking the reflection (no reflection call); the shorter prompt
 * then has to pass the same minibatch and validation tests as any proposal,
 * so a removal is kept only where the scores show the instruction was not
 * helping.
 */
import type { Prng } from "../util/prng";
import type { ModeAdapter, Proposal } from "./adapter";
import { instructionsOf } from "./instructions";

/** Share of proposals that are removal edits (when the mode offers them). */
export const REMOVAL_SHARE = 0.3;

/**
 * A removal proposal for `parent`, drawn with probability REMOVAL_SHARE;
 * null when not drawn, switched off, or the mode has nothing to remove.
 * Draws from `rng` only when enabled, so runs without removals are unchanged.
 */
export function removalProposal<C>(
  adapter: ModeAdapter<C>,
  enabled: boolean,
  parent: C,
  rng: Prng,
): Proposal<C> | null {
  if (!enabled || !adapter.removalOf || rng.next() >= REMOVAL_SHARE) return null;
  const removal = adapter.removalOf(parent, rng);
  if (!removal) return null;
  return {
    config: removal.config,
    rationale: `Removed "${removal.removed}" to test whether the prompt does as well without it.`,
    removal: true,
  };
}

/**
 * The once-per-candidate proposal of `parent` without every instruction that
 * names nothing of the task (the adapter's `unanchoredRemovalOf`); null when
 * the mode offers none, there is nothing to drop, or it was tried (`tried`
 * holds the keys of every prompt already proposed or in the pool).
 */
export function unanchoredRemovalProposal<C>(
  adapter: ModeAdapter<C>,
  parent: C,
  tried: ReadonlySet<string>,
): Proposal<C> | null {
  const removal = adapter.unanchoredRemovalOf?.(parent);
  if (!removal || tried.has(adapter.key(removal.config))) return null;
  const plural = instructionsOf(removal.removed).length > 1;
  return {
    config: removal.config,
    rationale: `Removed "${removal.removed}": ${plural ? "they name" : "it names"} nothing of the task; tested whether the prompt does better without ${plural ? "them" : "it"}.`,
    removal: true,
  };
}
