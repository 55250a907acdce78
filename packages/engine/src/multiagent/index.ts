/** Multi-agent runtime: coordinator plan → parallel workers → composed reply. */
export {
  composerMessages,
  coordinatorMessages,
  DELEGATION_PLAN_SCHEMA_NAME,
  type DelegationPlan,
  DelegationPlanSchema,
  delegationPlanSchemaFor,
  type RosterEntry,
  rosterSection,
  withoutIntermediate,
  workerMessages,
} from "./prompts";
export {
  type MultiAgentTurn,
  type ResolvedDelegation,
  resolvePlan,
  runMultiAgentTurn,
} from "./runtime";
