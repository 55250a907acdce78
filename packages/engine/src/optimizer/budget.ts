/**
 * How a run spends its call budget: a fair share per remaining iteration
 * (re-computed at the start of every iteration, so overspending early is
 * paid back later and savings flow forward), a hard gate that lets a
 * proposal start only when its worst case still fits under the cap, and the
 * calls kept back for the held-out test (and, without an explicit budget,
 * for the final re-scoring).
 */

/** Most proposals one iteration may try when the budget allows more than `proposalsPerIteration`. */
export const PROPOSAL_CAP_FACTOR = 4;

/**
 * How many top candidates the final selection can score again: at most
 * `wanted`, and only as many as the calls left after the held-out reserve
 * pay for. With an explicit budget nothing is reserved for this: the search
 * has priority and the re-scoring uses what it could not spend (less than
 * one proposal's worst case, usually one or two validation passes).
 */
export function affordableRescores(
  wanted: number,
  remaining: number,
  reserved: number,
  validationCost: number,
): number {
  if (wanted <= 0 || validationCost <= 0) return 0;
  return Math.max(0, Math.min(wanted, Math.floor((remaining - reserved) / validationCost)));
}

/**
 * The calls iteration `iteration` (1-based) of `iterations` should spend:
 * what is left after the reserves, divided evenly over the iterations left.
 */
export function iterationShare(
  remaining: number,
  reserved: number,
  iteration: number,
  iterations: number,
): number {
  const left = Math.max(1, iterations - iteration + 1);
  return Math.max(0, remaining - reserved) / left;
}

/**
 * Whether another proposal may start in this iteration: its expected full
 * cost (minibatch evaluations, reflection, a validation pass) must fit in
 * what is left above the reserves; after the first proposal, the
 * iteration's spend plus the proposal's minibatch part must stay within the
 * iteration's share, and the proposal cap must allow it. The meter still
 * refuses any call beyond the cap, so the cap holds whatever the estimate.
 */
export function mayPropose(args: {
  proposalsSoFar: number;
  spentThisIteration: number;
  share: number;
  remaining: number;
  reserved: number;
  /** Expected calls of the minibatch part (both minibatch evaluations and the reflection). */
  minibatchCost: number;
  /** Expected calls of one validation pass. */
  validationCost: number;
  cap: number;
}): "yes" | "budget" | "share" {
  // The cap ends the iteration whatever is left: it is not the budget running out (checked
  // first, a last iteration that used its proposals read as "call budget reached").
  if (args.proposalsSoFar >= args.cap) return "share";
  if (args.remaining < args.minibatchCost + args.validationCost + args.reserved) return "budget";
  if (args.proposalsSoFar > 0 && args.spentThisIteration + args.minibatchCost > args.share)
    return "share";
  return "yes";
}

/** Calls one reply and its scoring take on average so far (`fallback` before any). */
export function observedCallsPerReply(
  stats: { replies: number; calls: number },
  fallback: number,
): number {
  return stats.replies > 0 ? stats.calls / stats.replies : fallback;
}

/** The largest minibatch, as a multiple of the configured size. */
export const MINIBATCH_GROWTH = 3;

/**
 * Adaptive minibatch: the largest minibatch one proposal of this iteration
 * can afford within its share (two minibatch evaluations, the reflection and
 * a validation pass), between the configured size and MINIBATCH_GROWTH times
 * it. Larger minibatches show the reflection more failures and make the
 * acceptance test less noisy.
 */
export function adaptiveMinibatchSize(
  base: number,
  share: number,
  validationCost: number,
  perRun: number,
): number {
  if (!Number.isFinite(share)) return base;
  const affordable = Math.floor((share - validationCost - 1) / (2 * Math.max(1, perRun)));
  return Math.max(base, Math.min(MINIBATCH_GROWTH * base, affordable));
}
