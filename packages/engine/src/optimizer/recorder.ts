/**
 * The optimiser's account of itself: what each proposal of an iteration did
 * (parent, examples reflected on, minibatch scores, accepted or rejected and
 * why) and the per-example evidence behind every scored candidate (reply,
 * score, judge feedback, trace). The search records into it as it goes; the
 * loop drains it into each iteration's result. Recording never changes a
 * decision of the search.
 */
import type { DatasetExample } from "@promptune/contracts";
import { type ExampleEvaluation, isScored } from "./evaluate";
import { PointEvidenceLog } from "./frontier-evidence";

/** Why a proposal ended as it did. */
export type ProposalOutcome =
  | "accepted"
  | "refined"
  | "rejected_minibatch"
  | "rejected_validation"
  | "duplicate"
  | "parent_perfect"
  | "reflection_failed"
  | "budget";

/**
 * One proposal tried in an iteration: a reflection on a pool candidate, a
 * merge of two, a refinement (a further reflection on a proposal that
 * passed its minibatch, before its validation pass; draft.ts) or a pruning
 * (that proposal without a generic instruction it added; pruning.ts).
 */
export interface ProposalRecord {
  kind: "reflection" | "merge" | "refinement" | "pruning";
  /** Creating iteration of the parent (merge: the better parent; refinement, pruning: the draft's parent). */
  parent: number;
  /** Merge only: the creating iteration of the other parent. */
  otherParent: number | null;
  /** Component the reflection was asked to change (merge: a description). */
  component: string | null;
  /** Ids of the train minibatch examples the proposal was tested on. */
  minibatch: string[];
  /** Ids of the examples the reflection read (minibatch plus cached failures). */
  reflectedOn: string[];
  /** Parent's mean on the minibatch, in [0, 1]. */
  parentMinibatchScore: number | null;
  /** Proposal's mean on the minibatch (an upper bound when rejected early); null when untested. */
  proposalMinibatchScore: number | null;
  /** Parent's validation mean. */
  parentValidationScore: number | null;
  /** Proposal's validation mean when scored in full; null otherwise. */
  validationScore: number | null;
  outcome: ProposalOutcome;
  /** The reflection's rationale, when it gave one. */
  rationale: string | null;
}

/** A candidate's evaluation on one example, as evidence. */
export interface ExampleEvidence {
  exampleId: string;
  score: number;
  feedback: string;
  /** Whether each rubric item was met, in the rubric's order (absent when the judge gave none). */
  rubricMet?: boolean[];
  reply: string;
  /** Multi-agent trajectory (coordinator plan, worker replies); "" for a single agent. */
  trace: string;
}

/** Every evaluation of one candidate on one split. */
export interface CandidateEvidence {
  /** Creating iteration of the candidate (its public identifier). */
  candidate: number;
  split: "validation" | "test";
  examples: ExampleEvidence[];
}

/**
 * Turns evaluations in example order into evidence rows. An unscored
 * example (its calls failed; score NaN) has no measurement to show and is
 * left out: evidence is what a candidate was measured to do, and a row
 * without a score cannot be stored or compared.
 */
export function toEvidence(
  examples: readonly DatasetExample[],
  evaluations: readonly ExampleEvaluation[],
): ExampleEvidence[] {
  return evaluations.flatMap((e, k) => (isScored(e.score) ? [evidenceRow(examples[k], e)] : []));
}

function evidenceRow(example: DatasetExample | undefined, e: ExampleEvaluation): ExampleEvidence {
  return {
    exampleId: (example as DatasetExample).id,
    score: e.score,
    feedback: e.feedback,
    ...(e.rubricItems ? { rubricMet: e.rubricItems.map((r) => r.met) } : {}),
    reply: e.reply,
    trace: e.trace,
  };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * A proposal being tried; finished once with its outcome. It takes its place
 * in the iteration's list when it begins, so a refinement that ends before
 * the draft it refines still comes after it.
 */
export class ProposalNote {
  private done = false;

  constructor(
    sink: ProposalRecord[],
    readonly record: ProposalRecord,
  ) {
    sink.push(record);
  }

  /** Sets the parent's minibatch scores. */
  parentScores(scores: readonly number[]): this {
    this.record.parentMinibatchScore = mean(scores);
    return this;
  }

  /** Ends the note with `outcome`; later calls are ignored. */
  finish(outcome: ProposalOutcome, extra: Partial<ProposalRecord> = {}): void {
    if (this.done) return;
    this.done = true;
    Object.assign(this.record, extra, { outcome });
  }
}

/** Collects the reasoning and evidence of the iteration in progress. */
export class RunRecorder {
  private proposals: ProposalRecord[] = [];
  private evidence: CandidateEvidence[] = [];
  /** Each candidate's latest validation evidence, kept for the whole run (not drained). */
  private validation = new Map<number, ExampleEvidence[]>();
  /** The frontier points' evidence (the model sweep at the end of a run). */
  readonly points = new PointEvidenceLog();

  /** Starts recording a proposal. */
  begin(
    fields: Pick<ProposalRecord, "kind" | "parent" | "minibatch"> & Partial<ProposalRecord>,
  ): ProposalNote {
    return new ProposalNote(this.proposals, {
      otherParent: null,
      component: null,
      reflectedOn: [],
      parentMinibatchScore: null,
      proposalMinibatchScore: null,
      parentValidationScore: null,
      validationScore: null,
      outcome: "budget",
      rationale: null,
      ...fields,
    });
  }

  /** Records the evaluations of candidate `candidate` on a split. */
  evaluated(
    candidate: number,
    split: CandidateEvidence["split"],
    examples: readonly DatasetExample[],
    evaluations: readonly ExampleEvaluation[],
  ): void {
    const rows = toEvidence(examples, evaluations);
    this.evidence.push({ candidate, split, examples: rows });
    if (split === "validation") this.validation.set(candidate, rows);
  }

  /**
   * The validation evidence recorded for `candidate` in this process (absent
   * for candidates scored before a resume): the answers behind its scores.
   */
  validationOf(candidate: number): ExampleEvidence[] | undefined {
    return this.validation.get(candidate);
  }

  /** Takes what was recorded since the last drain. */
  drain(): { proposals: ProposalRecord[]; evidence: CandidateEvidence[] } {
    const out = { proposals: this.proposals, evidence: this.evidence };
    this.proposals = [];
    this.evidence = [];
    return out;
  }
}
