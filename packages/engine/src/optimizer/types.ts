/**
 * Public types of the optimiser: options, candidates and the JSON checkpoint a
 * run can resume from. The result types (the one-per-iteration result, the
 * final result) live in results.ts and are re-exported here.
 */
import type { DatasetExample, MultiAgentConfig, Point } from "@promptune/contracts";
import type { LoadedDataset } from "../datasets/bundled";
import type { MinibatchState } from "../datasets/minibatch";
import type { DatasetSplit } from "../datasets/split";
import type { EmbeddingSource } from "../embedding/embedder";
import type { UserMetric } from "../judge/scorer";
import type { EngineModels, LlmPort, LlmUsage } from "../ports";
import type { PrngState } from "../util/prng";
import type { PriceLookup } from "./estimate";
import type { PromptEditOptions } from "./prompt-edit-options";
import type { TemperatureChoiceOptions } from "./temperature-options";

export type {
  FinalResult,
  IterationResult,
  OptimisationRun,
  PickExplanation,
  ReportedCandidate,
} from "./results";

/** A single-agent candidate: the system prompt plus the temperature it runs at. */
export interface SingleAgentCandidate {
  prompt: string;
  temperature: number;
}

/** A multi-agent candidate: the whole configuration. */
export type MultiAgentCandidate = MultiAgentConfig;

/** Options shared by both optimisation modes. */
export interface OptimiseOptionsBase extends TemperatureChoiceOptions {
  /** The model port (the server's gateway); every call goes through it. */
  llm: LlmPort;
  /** Models for the engine's own roles. */
  models: EngineModels;
  /** The dataset; it is split deterministically unless `split` is given. */
  dataset: LoadedDataset;
  /** Overrides the dataset's own split (tests, custom datasets). */
  split?: DatasetSplit;
  /** Number of optimisation iterations N (results 1..N follow iteration 0). */
  iterations: number;
  /** Seed of every random choice; same seed, same port answers → same run. Default 1. */
  seed?: number;
  /** Train examples per reflection minibatch. Default 3. */
  minibatchSize?: number;
  /**
   * Proposals tried per iteration. Default 3. Without `maxCalls` it is the cap; with
   * `maxCalls` the budget paces the proposals (up to 4× this many per iteration).
   */
  proposalsPerIteration?: number;
  /** Top candidates scored once more on the validation set before the final pick. Default 2. */
  rescoreTop?: number;
  /**
   * With `maxCalls` below what the search needs: the fewest validation examples it cuts its
   * passes to (a prefix of the set; the final choice re-scores the top candidates on the
   * examples after it). Default 10 single-agent, 20 multi-agent (search-validation.ts).
   */
  searchValidationFloor?: number;
  /**
   * When a tight cap cut the search to a prefix of the validation set, the final choice
   * re-scores the top candidates on the examples after it (calls kept back for that) instead of
   * on the prefix again. Default true.
   */
  restFinalChoice?: boolean;
  /**
   * Train failures shown to the reflection beyond the minibatch: the parent's own cached ones,
   * then (with `inheritedFailures`) its ancestors'. Default 16 (multi-agent 24).
   */
  reflectionExtra?: number;
  /**
   * When the parent has fewer cached train failures than `reflectionExtra`, show its ancestors'
   * failures on train examples it has not answered, marked as answered by an earlier version.
   * No extra calls. Default true.
   */
  inheritedFailures?: boolean;
  /**
   * A proposal's new instruction that opens with the same condition ("For refunds, ...") as an
   * instruction of its parent that it keeps is dropped, the validated one staying, and a merge
   * leaves out the other lineage's instruction for a case the better one already instructs:
   * otherwise the assistant is told two things for one case (instructions.ts). A reflection
   * that means to change an instruction rewrites it, which passes. Default true.
   */
  conflictingAdditionsDropped?: boolean;
  /**
   * Before the first iteration the seed answers a survey of the train set — twice as many
   * examples as one reflection reads, at most the whole split and a quarter of the calls (and,
   * under a cost cap, of the money) left — so the first reflections see failures of every kind of
   * request, not only a minibatch's (survey.ts). The estimate counts these calls. Default true
   * in both modes.
   */
  seedSurvey?: boolean;
  /**
   * A removal edit passes the minibatch when its score merely holds (else it must rise, like
   * every proposal). Default false: measured in bench/quality.ts, holding removals spend a
   * validation pass on most neutral removals (docs/optimiser.md).
   */
  removalHolds?: boolean;
  /** Drop a proposal that is clearly worse than its parent on half the validation set. Default true. */
  earlyStop?: boolean;
  /**
   * Further reflections on a proposal that passed its minibatch, each on a fresh minibatch,
   * before its validation pass (draft.ts). Default 1 single-agent, 0 multi-agent.
   */
  draftSteps?: number;
  /** With `maxCalls`: grow the minibatch (up to 3×) while the budget's share per iteration allows. Default true. */
  adaptiveMinibatch?: boolean;
  /**
   * Draw parents from the Pareto frontier only among candidates whose validation mean is
   * within one standard error of the best (else from the whole frontier). Default true.
   */
  nearBestParents?: boolean;
  /**
   * Rank the final candidates by their validation scores pooled with the train examples
   * they answered as parents (else by validation alone). Default true.
   */
  pooledFinalPick?: boolean;
  /**
   * Draw train minibatches weighted toward examples the parent fails and toward strata (the
   * examples' `domain`) seen in fewer minibatches, instead of uniform epochs. Default false.
   */
  targetedMinibatch?: boolean;
  /** Merge two lineages' changes (multi-agent; GEPA's merge) after an iteration that found a candidate. Default true. */
  merge?: boolean;
  /** Most model calls in flight at once (a per-run ceiling). Default 32. */
  concurrency?: number;
  /**
   * Ceiling on model calls for the whole run (all roles). Default: the run's worst case, which
   * can lie above `estimateRun(...).maxCalls`; pass that estimate's `maxCalls` (as the server and
   * the CLI do) to hold a run to the number announced before it.
   */
  maxCalls?: number;
  /** Score the initial and the best candidate on the held-out test split at the end. Default true. */
  evaluateTest?: boolean;
  /** Cancels the run: the iterator throws an AbortError and in-flight calls are aborted. */
  signal?: AbortSignal;
  /**
   * Your own scoring function `(example, reply) => {score, feedback}` used
   * instead of the dataset's metric (see `userScorer`). Default: the metric.
   */
  scorer?: UserMetric;
  /**
   * Model prices (USD per million tokens) for the cost of replies on the
   * frontier (tokens × price); without it, the cost the port reports.
   */
  price?: PriceLookup;
  /**
   * Most the run may spend in USD, measured from the cost the port reports:
   * checked before every call; the run stops proposing and ends with what it has.
   */
  maxCostUsd?: number;
}

/** Options of a single-agent run. */
export interface SingleAgentOptions extends OptimiseOptionsBase, PromptEditOptions {
  /** Model that produces the assistant's replies (the user's choice; never changed). */
  model: string;
  /** Seed system prompt. */
  prompt: string;
  /** Seed temperature in [0, 1]. */
  temperature: number;
  /** Let reflection propose a temperature too (second coordinate). Default true. */
  tuneTemperature?: boolean;
  /**
   * Models the presented prompt is also scored on at the end (the
   * cost–quality sweep); the result then carries the frontier and presents
   * its recommended point.
   */
  candidateModels?: string[];
  /** Continue a run from the checkpoint of its last finished iteration. */
  resumeFrom?: OptimisationCheckpoint<SingleAgentCandidate>;
}

/** Options of a multi-agent run. */
export interface MultiAgentOptions extends OptimiseOptionsBase {
  /** Let the reflection rewrite several components jointly when the blame is shared. Default true. */
  jointEdits?: boolean;
  /**
   * Try an accepted proposal once more without the generic or unanchored instructions of the
   * worker prompts it changed, on its own minibatch (multi-pruning.ts).
   */
  workerPruning?: boolean;
  /** Seed configuration (coordinator + workers). */
  config: MultiAgentConfig;
  /** Per role: models the coordinator and (all) workers are also tried on (the sweep). */
  candidateModels?: { coordinator?: string[]; workers?: string[] };
  /** Continue a run from the checkpoint of its last finished iteration. */
  resumeFrom?: OptimisationCheckpoint<MultiAgentCandidate>;
}

/** One candidate of the pool, as checkpointed. */
export interface CandidateRecord<C> {
  /** Iteration that created it (0 for the seed); its public identifier. */
  iteration: number;
  config: C;
  /** Creating iteration of its parent; null for the seed. */
  parent: number | null;
  /** Component the reflection changed to create it (e.g. "prompt", "worker:Expert.prompt"). */
  component: string | null;
  /** The reflection's rationale for the change; null for the seed. */
  rationale: string | null;
  /** Score on each validation example, in split order. */
  scores: number[];
  /** Mean validation score in [0, 1]. */
  score: number;
  embeddingPoint: Point;
  /**
   * Scores on train examples the candidate answered as a parent, before any
   * reflection on them: unbiased extra measurements that the final pick pools
   * with the validation scores. Absent until it was first drawn as a parent.
   */
  trainEvidence?: { sum: number; count: number };
}

/** A cached evaluation of one candidate on one train example. */
export interface TrainEvaluation {
  candidate: number;
  example: number;
  score: number;
  feedback: string;
  reply: string;
  trace: string;
  consulted: number[];
}

/** Everything needed to continue a run after its last finished iteration (plain JSON). */
export interface OptimisationCheckpoint<C> {
  version: 2;
  mode: "single" | "multi";
  seed: number;
  /** Hash of the run's inputs (split ids, options); a mismatch refuses to resume. */
  fingerprint: string;
  /** Last finished iteration. */
  iteration: number;
  candidates: CandidateRecord<C>[];
  /** Pool index of the candidate each iteration 0..iteration reported. */
  reported: number[];
  /** Whether each iteration 0..iteration accepted a new candidate. */
  acceptedFlags: boolean[];
  rng: PrngState;
  minibatch: MinibatchState;
  componentCursor: number;
  /** Lineage merges attempted so far; whether one is due in the next iteration. */
  merges: number;
  mergeDue: boolean;
  /** Replies made so far and the calls they took (budget estimates). */
  replyStats: { replies: number; calls: number };
  usage: LlmUsage;
  callsIssued: number;
  budgetExhausted: boolean;
  embedding: { source: EmbeddingSource; origin: number[] };
  trainCache: TrainEvaluation[];
  /**
   * How the dataset's own split ordered its examples: `"stratified"` (kinds in
   * proportion); absent in checkpoints written before, whose runs resume on
   * the plain hash order they were split in.
   */
  splitOrder?: "stratified";
  /**
   * Validation examples the search scores on, a prefix of the split's
   * (`searchValidationSize`); absent in checkpoints written before, whose
   * runs used the whole set.
   */
  validationSize?: number;
  /**
   * The minibatch and failure count the run started with, which a resumed
   * run keeps (resume-tuning.ts); absent in checkpoints written before they
   * were recorded.
   */
  tuning?: RunTuning;
}

/** Search settings whose defaults may change between a run's start and its resume. */
export interface RunTuning {
  /** Train examples answered per proposal before the reflection (the base size). */
  minibatchSize: number;
  /** Cached train failures shown to the reflection beside the minibatch. */
  reflectionExtra: number;
}

/** The example material the reflection reads for one minibatch example. */
export interface ReflectionExample {
  example: DatasetExample;
  /** Answered by an ancestor of the prompt being improved, not by that prompt itself. */
  inherited?: true;
  reply: string;
  trace: string;
  consulted: number[];
  score: number;
  feedback: string;
}
