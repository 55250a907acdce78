/**
 * The engine's recorded reasoning → the contracts' snake_case shapes that
 * ride on each iteration result (socket `update` data, stored per iteration)
 * and on the final result.
 */
import {
  type Proposal,
  RATIONALE_LIMIT,
  type RunPick,
  type ScoreInterval,
  type SingleAgentIteration,
} from "@promptune/contracts";
import type { FinalResult, IterationResult, ProposalRecord } from "@promptune/engine";

/** Cuts text to `limit` characters, marking the cut. */
export function clip(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/**
 * The judge's per-rubric-item verdicts stored compactly: one character per
 * item in the rubric's order, "1" met and "0" not ("101"); null for none.
 */
export function encodeRubricMet(met: readonly boolean[] | undefined): string | null {
  return met && met.length > 0 ? met.map((m) => (m ? "1" : "0")).join("") : null;
}

/**
 * The stored verdicts back as a checklist of the example's rubric; null when
 * none were stored or they do not match the rubric's length (shown as feedback only).
 */
export function decodeRubricMet(
  stored: string | null,
  rubric: readonly string[],
): { item: string; met: boolean }[] | null {
  if (!stored || stored.length !== rubric.length || !/^[01]+$/.test(stored)) return null;
  return rubric.map((item, i) => ({ item, met: stored[i] === "1" }));
}

const share = (x: number) => Math.round(x * 10_000) / 10_000;
const shareOrNull = (x: number | null) => (x === null ? null : share(x));

/**
 * 95 % interval of a validation mean over its per-example scores (normal
 * approximation with the sample standard deviation), clipped to [0, 1];
 * null for no examples.
 */
export function validationInterval(scores: readonly number[]): ScoreInterval | null {
  const n = scores.length;
  if (n === 0) return null;
  const mean = scores.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? scores.reduce((a, s) => a + (s - mean) ** 2, 0) / (n - 1) : 0;
  const half = 1.96 * Math.sqrt(variance / n);
  return {
    low: share(Math.max(0, mean - half)),
    high: share(Math.min(1, mean + half)),
    examples: n,
  };
}

function toProposal(p: ProposalRecord): Proposal {
  return {
    kind: p.kind,
    parent: p.parent,
    other_parent: p.otherParent,
    component: p.component,
    minibatch: p.minibatch,
    reflected_on: p.reflectedOn,
    parent_minibatch_score: shareOrNull(p.parentMinibatchScore),
    proposal_minibatch_score: shareOrNull(p.proposalMinibatchScore),
    parent_validation_score: shareOrNull(p.parentValidationScore),
    validation_score: shareOrNull(p.validationScore),
    outcome: p.outcome,
    rationale: p.rationale === null ? null : clip(p.rationale, RATIONALE_LIMIT),
  };
}

type ReasoningFields = Pick<
  SingleAgentIteration,
  "candidate_iteration" | "component" | "rationale" | "validation_interval" | "proposals"
>;

/** The reasoning fields of one iteration result. */
export function reasoningFields<C>(r: IterationResult<C>): Required<ReasoningFields> {
  return {
    candidate_iteration: r.candidateIteration,
    component: r.component,
    rationale: r.rationale === null ? null : clip(r.rationale, RATIONALE_LIMIT),
    validation_interval: validationInterval(r.validationScores),
    proposals: r.reasoning.map(toProposal),
  };
}

/** The explanation of the final pick. */
export function toPick<C>(f: FinalResult<C>): RunPick {
  const p = f.pick;
  return {
    iteration: p.iteration,
    pooled_score: share(p.pooledScore),
    validation_measurements: p.validationMeasurements,
    validation_examples: p.validationExamples,
    train_examples: p.trainExamples,
    initial_pooled_score: share(p.initialPooledScore),
    beat_initial: p.beatInitial,
  };
}
