/**
 * The fixture LLM: an OpenAI-compatible server on 127.0.0.1 whose answers are
 * a documented, deterministic function of the request (docs/fixture-llm.md).
 * Tests, e2e and bench point the production gateway at `url`.
 */

export type { FixtureCallRecord, FixtureStats } from "./call-log";
export {
  FIXTURE_FAULT_KINDS,
  type FixtureFault,
  type FixtureFaultStatus,
  mixedFaults,
} from "./faults";
export {
  FIXTURE_MODELS,
  type FixtureConfig,
  type FixtureLlm,
  MISSING_MODEL_PREFIX,
  startFixtureLlm,
} from "./server";
