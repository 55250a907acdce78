/**
 * The minibatch acceptance test, paid for lazily. A proposal is accepted
 * only if its minibatch mean is strictly above its parent's. On an example
 * the parent already answered perfectly the proposal can at best tie, so a
 * proposal that gains nothing on the parent's imperfect examples can never
 * pass: it is answered on those first and rejected without being run on the
 * rest. The decision is exactly the one of scoring the whole minibatch; the
 * calls of the perfect examples are only spent on proposals that may pass.
 * Most proposals are rejected here, so this saves model calls in every mode
 * (a multi-agent reply costs several). Examples unscored for either side
 * are left out of the comparison (never counted as 0).
 */
import type { DatasetExample } from "@promptune/contracts";
import {
  type EvaluationContext,
  type ExampleEvaluation,
  evaluateCandidate,
  isScored,
  pairedMeans,
} from "./evaluate";
import type { ProposalNote } from "./recorder";

const EPS = 1e-9;

/** Minibatch positions split by the parent's scores: imperfect first, then perfect. */
export function acceptanceOrder(parentScores: readonly number[]): {
  imperfect: number[];
  perfect: number[];
} {
  const imperfect: number[] = [];
  const perfect: number[] = [];
  parentScores.forEach((s, k) => {
    (s >= 1 - EPS ? perfect : imperfect).push(k);
  });
  return { imperfect, perfect };
}

/** The outcome of the lazy acceptance test. */
export interface AcceptanceOutcome {
  accepted: boolean;
  /** The proposal's evaluations in minibatch order when accepted, else null. */
  evaluations: ExampleEvaluation[] | null;
  /** Proposal mean minus parent mean on the minibatch (an upper bound when rejected early). */
  gain: number;
  /** Longest chain of dependent calls. */
  depth: number;
}

/**
 * Answers the minibatch with `config` and decides acceptance against the
 * parent's `parentScores` on the same examples: strictly higher mean. The
 * parent's imperfect examples are answered first; the perfect ones only if
 * the proposal gained there (otherwise it cannot pass).
 */
export async function acceptOnMinibatch<C>(
  ctx: EvaluationContext<C>,
  config: C,
  examples: readonly DatasetExample[],
  parentScores: readonly number[],
  signal: AbortSignal,
  /** Accept a tie too (removal edits: kept when the score holds). */
  orEqual = false,
): Promise<AcceptanceOutcome> {
  const passes = (gain: number) => (orEqual ? gain > -EPS : gain > EPS);
  const n = Math.max(1, parentScores.filter(isScored).length);
  const { imperfect, perfect } = acceptanceOrder(parentScores);
  const first = await evaluateCandidate(
    ctx,
    config,
    imperfect.map((k) => examples[k] as DatasetExample),
    signal,
  );
  const firstGain = first.evaluations.reduce((sum, e, j) => {
    const parent = parentScores[imperfect[j] as number];
    return isScored(e.score) && isScored(parent) ? sum + e.score - parent : sum;
  }, 0);
  if (!passes(firstGain)) {
    return { accepted: false, evaluations: null, gain: firstGain / n, depth: first.depth };
  }
  const rest = perfect.length
    ? await evaluateCandidate(
        ctx,
        config,
        perfect.map((k) => examples[k] as DatasetExample),
        signal,
      )
    : { evaluations: [], depth: 0 };
  const evaluations: ExampleEvaluation[] = new Array(examples.length);
  imperfect.forEach((k, j) => {
    evaluations[k] = first.evaluations[j] as ExampleEvaluation;
  });
  perfect.forEach((k, j) => {
    evaluations[k] = rest.evaluations[j] as ExampleEvaluation;
  });
  const paired = pairedMeans(
    evaluations.map((e) => e.score),
    parentScores,
  );
  const gain = paired.a - paired.b;
  return {
    accepted: paired.n > 0 && passes(gain),
    evaluations,
    gain,
    depth: first.depth + rest.depth,
  };
}

/** What a proposal is screened against: the keys tried, the minibatch and the parent's evaluations there. */
export interface MinibatchTrial {
  tried: ReadonlySet<string>;
  examples: readonly DatasetExample[];
  parent: readonly ExampleEvaluation[];
  /** A removal edit passes on a tie too (`removalHolds`). */
  orEqual?: boolean;
}

/**
 * A proposal's way through its minibatch, recorded on its note: dropped
 * when it was tried before (`tried` holds the keys; `duplicate`), else the
 * lazy acceptance test against the parent's evaluations there
 * (`rejected_minibatch` when it fails). Returns its minibatch
 * evaluations when it passes, else null, and the calls' depth. Shared by
 * the search's proposals and the drafts' refinements.
 */
export async function screenOnMinibatch<C>(
  ctx: EvaluationContext<C>,
  proposal: { config: C; rationale: string | null; removal?: boolean },
  on: MinibatchTrial,
  signal: AbortSignal,
  note: ProposalNote | undefined,
): Promise<{ evaluations: ExampleEvaluation[] | null; depth: number }> {
  const { tried, examples, parent, orEqual = false } = on;
  if (note) note.record.rationale = proposal.rationale;
  if (tried.has(ctx.adapter.key(proposal.config))) {
    note?.finish("duplicate");
    return { evaluations: null, depth: 0 };
  }
  const after = await acceptOnMinibatch(
    ctx,
    proposal.config,
    examples,
    parent.map((e) => e.score),
    signal,
    orEqual && proposal.removal === true,
  );
  if (note) {
    note.record.proposalMinibatchScore = (note.record.parentMinibatchScore ?? 0) + after.gain;
  }
  if (!after.accepted || !after.evaluations) {
    note?.finish("rejected_minibatch");
    return { evaluations: null, depth: after.depth };
  }
  return { evaluations: after.evaluations, depth: after.depth };
}
