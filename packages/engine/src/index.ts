/** Promptune's optimisation engine: framework-free, talks to models only through ports. */

export type {
  AgentConfig,
  DatasetExample,
  DialogEntry,
  Metric,
  MultiAgentConfig,
} from "@promptune/contracts";
export * from "./adapters";
export * from "./datasets";
export * from "./embedding";
export * from "./judge";
export * from "./multiagent";
export * from "./optimizer";
export * from "./ports";
export { isAbortError } from "./util/abort";
export { jsonTextOf } from "./util/json-text";
export { Prng, type PrngState } from "./util/prng";
