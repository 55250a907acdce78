/**
 * Result types of the optimiser: what a run yields once per iteration, the
 * final result it returns (with how its presented candidate was picked) and
 * the run itself as an async generator of both. Kept apart from the options
 * and checkpoint types of types.ts, which re-exports them, so importers keep
 * importing every public type from there.
 */
import type { Point } from "@promptune/contracts";
import type { LlmUsage } from "../ports";
import type { FrontierPoint } from "./frontier";
import type { FrontierEvidence } from "./frontier-evidence";
import type { HeldOutComparison } from "./held-out";
import type { CandidateEvidence, ProposalRecord } from "./recorder";
import type { OptimisationCheckpoint } from "./types";

/** The result of one iteration; exactly one per iteration, iteration 0 first. */
export interface IterationResult<C> {
  iteration: number;
  /** The reported candidate: the accepted proposal, else the best candidate so far. */
  config: C;
  /** True when this iteration accepted a new candidate (iteration 0: the seed, true). */
  accepted: boolean;
  /** Iteration that created the reported candidate. */
  candidateIteration: number;
  /** Creating iteration of the reported candidate's parent; null for the seed. */
  parent: number | null;
  /** Component the reported candidate changed relative to its parent. */
  component: string | null;
  /** The reflection's rationale for the reported candidate; null for the seed. */
  rationale: string | null;
  /** Mean validation score of the reported candidate, in [0, 1]. */
  validationScore: number;
  /** Per-example validation scores of the reported candidate. */
  validationScores: number[];
  /** Graph point: x = iteration, y = validation mean × 100. */
  evaluationPoint: Point;
  /** Projected embedding of the reported candidate. */
  embeddingPoint: Point;
  /** Proposals tried in this iteration. */
  proposals: number;
  /** True when the call budget stopped (or prevented) proposing in this iteration. */
  budgetExhausted: boolean;
  /** Model usage of this iteration. */
  usage: LlmUsage;
  /** Model usage of the run so far. */
  totalUsage: LlmUsage;
  /** Longest chain of dependent model calls in this iteration (for the benchmark). */
  criticalPathCalls: number;
  /** Resume point after this iteration (plain JSON; store it as is). */
  checkpoint: OptimisationCheckpoint<C>;
  /** Every proposal this iteration tried, in order, with its outcome (iteration 0: none). */
  reasoning: ProposalRecord[];
  /** Per-example evaluations of candidates scored in this iteration (the seed, an accepted proposal). */
  evidence: CandidateEvidence[];
}

/** Why the presented candidate was picked: the number the pick ranked it by and its evidence. */
export interface PickExplanation {
  /** Creating iteration of the presented candidate. */
  iteration: number;
  /** The pooled mean the pick ranked by, in [0, 1]. */
  pooledScore: number;
  /** Validation measurements pooled (1, or 2 when re-measured) of `validationExamples` each. */
  validationMeasurements: number;
  validationExamples: number;
  /** Train examples the candidate answered as a parent, pooled in. */
  trainExamples: number;
  /** The initial candidate's pooled mean by the same rule. */
  initialPooledScore: number;
  /** True when the presented candidate is not the initial one. */
  beatInitial: boolean;
}

/** A candidate as reported in the final result. */
export interface ReportedCandidate<C> {
  iteration: number;
  config: C;
  validationScore: number;
  evaluationPoint: Point;
  embeddingPoint: Point;
}

/** The final result of a run, returned when the iterator finishes. */
export interface FinalResult<C> {
  /**
   * The presented candidate: best by pooled evidence after the top candidates
   * were measured a second time (earliest on ties), at the temperature chosen
   * by evidence (single-agent); its `validationScore` is the fresh second
   * measurement when it was re-measured (or the chosen temperature's own).
   */
  best: ReportedCandidate<C>;
  initial: ReportedCandidate<C>;
  /** The candidates reported by iterations 1..N, in order (length N). */
  iterations: Array<{ iteration: number; config: C; accepted: boolean; validationScore: number }>;
  /** The prompt of each of iterations 1..N (multi-agent: the coordinator's prompt). */
  prompts: string[];
  totalIterations: number;
  /** Held-out test score of the best and of the initial candidate; null when not measured. */
  testScore: number | null;
  initialTestScore: number | null;
  /** Size of the held-out test split. */
  testSize: number;
  /** Paired bootstrap comparison of initial vs best on the test split; null when not measured. */
  heldOut: HeldOutComparison | null;
  /** True when the call budget ended proposing early. */
  budgetExhausted: boolean;
  /** True when the cost cap (`maxCostUsd`) stopped the run early. */
  costCapped?: boolean;
  /**
   * The cost–quality frontier (runs with candidate models), cheapest first;
   * `best` is then its recommended point.
   */
  frontier?: FrontierPoint<C>[];
  /** The model (multi-agent: label) of the presented configuration, with a frontier. */
  presentedModelName?: string;
  /**
   * Per-example evidence of the frontier's points (validation; held-out test
   * for the recommended and the best-scoring point), keyed by the point's
   * index in `frontier`; absent without a frontier.
   */
  frontierEvidence?: FrontierEvidence[];
  usage: LlmUsage;
  /** How the presented candidate was picked. */
  pick: PickExplanation;
  /** Per-example held-out test evaluations of the initial and the presented candidate. */
  testEvidence: CandidateEvidence[];
}

/** An optimisation run: yields iteration results, returns the final result. */
export type OptimisationRun<C> = AsyncGenerator<IterationResult<C>, FinalResult<C>, void>;
