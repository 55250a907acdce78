/** The optimiser: reflective evolutionary prompt search with a per-example Pareto frontier. */
export type { AgentRun, ModeAdapter, Proposal } from "./adapter";
export {
  ESTIMATE_MARGIN,
  type EstimateInput,
  estimateRun,
  type ModelSpend,
  type PriceLookup,
  type RunEstimate,
} from "./estimate";
export {
  type ExampleEvaluation,
  evaluateCandidate,
  isScored,
  meanScore,
  pairedMeans,
} from "./evaluate";
export {
  buildFrontier,
  type FrontierPoint,
  type MeasuredPoint,
  scoreInterval,
} from "./frontier";
export { type FrontierEvidence, PointEvidenceLog } from "./frontier-evidence";
export { BOOTSTRAP_RESAMPLES, compareHeldOut, type HeldOutComparison } from "./held-out";
export { OPTIMISER_DEFAULTS, runOptimisation } from "./loop";
export { BudgetExhaustedError, CostCapReachedError } from "./meter";
export {
  type MultiAgentComponent,
  multiAgentAdapter,
  multiAgentComponents,
  optimizeMultiAgent,
  renderConfiguration,
  withComponent,
} from "./multi";
export { multiModelLabel } from "./multi-sweep";
export {
  OUTAGE_POLICY,
  OutageDetector,
  type OutagePolicy,
  ProviderOutageError,
} from "./outage";
export {
  bestByScores,
  bestCandidate,
  type FrontierEntry,
  paretoFrontier,
  selectParent,
} from "./pareto";
export {
  type CandidateEvidence,
  type ExampleEvidence,
  type ProposalOutcome,
  type ProposalRecord,
  RunRecorder,
} from "./recorder";
export { PROPOSAL_SCHEMA_NAME } from "./reflection";
export { dialogMessages, optimizeSingleAgent, singleAgentAdapter } from "./single";
export { SWEEP_TEMPERATURES, type SweepPlan, type SweepVariant } from "./sweep";
export { renderTask, type TaskContext, taskContextOf } from "./task";
export type * from "./types";
