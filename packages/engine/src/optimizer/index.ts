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
export { type ExampleEvaluation, evaluateCandidate, meanScore } from "./evaluate";
export { BOOTSTRAP_RESAMPLES, compareHeldOut, type HeldOutComparison } from "./held-out";
export { OPTIMISER_DEFAULTS, runOptimisation } from "./loop";
export { BudgetExhaustedError } from "./meter";
export {
  type MultiAgentComponent,
  multiAgentAdapter,
  multiAgentComponents,
  optimizeMultiAgent,
  renderConfiguration,
  withComponent,
} from "./multi";
export { bestCandidate, type FrontierEntry, paretoFrontier, selectParent } from "./pareto";
export { PROPOSAL_SCHEMA_NAME } from "./reflection";
export { dialogMessages, optimizeSingleAgent, singleAgentAdapter } from "./single";
export type * from "./types";
