/** Plain sentences for the optimiser's recorded decisions. */
import type { Proposal, ProposalOutcome } from "@promptune/contracts";
import { percent } from "../../run/score";

/** Short label of an outcome. */
export const OUTCOME_LABELS: Record<ProposalOutcome, string> = {
  accepted: "Accepted",
  refined: "Refined before validation",
  rejected_minibatch: "Rejected: no minibatch gain",
  rejected_validation: "Rejected: worse on validation",
  duplicate: "Rejected: already tried",
  parent_perfect: "Skipped: parent already perfect",
  reflection_failed: "Rejected: unusable reflection",
  budget: "Stopped: call budget",
};

const pct = (x: number | null) => (x === null ? "—" : percent(x));

/** One line saying why a proposal ended as it did, with the numbers compared. */
export function outcomeReason(p: Proposal): string {
  const minibatch = `minibatch ${pct(p.proposal_minibatch_score)} vs parent ${pct(p.parent_minibatch_score)}`;
  switch (p.outcome) {
    case "accepted":
      return `Accepted: ${minibatch}; validation ${pct(p.validation_score)} (parent ${pct(p.parent_validation_score)}).`;
    case "refined":
      return `Refined: passed the minibatch (${minibatch}); a refinement on fresh examples improved it, and the improved version went on (to a further refinement or to validation).`;
    case "rejected_minibatch":
      return `Rejected: ${minibatch} — a proposal must score strictly higher than its parent.`;
    case "rejected_validation":
      return `Rejected: passed the minibatch (${minibatch}) but scored ${pct(p.validation_score)} on the first half of validation, clearly below the parent's ${pct(p.parent_validation_score)}.`;
    case "duplicate":
      return "Rejected: the reflection proposed a configuration already tried.";
    case "parent_perfect":
      return `Skipped: the parent already scored ${pct(p.parent_minibatch_score)} on this minibatch; nothing to learn from.`;
    case "reflection_failed":
      return "Rejected: the reflection model's answer could not be used.";
    case "budget":
      return "Stopped: the run's call budget was used up.";
  }
}

/** What a proposal was and what it started from. */
export function proposalKindLabel(p: Proposal): string {
  switch (p.kind) {
    case "merge":
      return `Merge of iterations ${p.parent} and ${p.other_parent ?? "?"}`;
    case "refinement":
      return `Refinement of the draft above (from iteration ${p.parent})`;
    case "pruning":
      return `Pruning of the draft above (from iteration ${p.parent})`;
    case "reflection":
      return `Reflection on iteration ${p.parent}`;
  }
}
