/**
 * The server's LLM feature: the gateway implementing the engine's LlmPort
 * over OpenAI-compatible providers (Vercel AI SDK) and local GGUF models
 * (node-llama-cpp). See docs/llm.md.
 */
export { cacheKey, KyselyCache, MemoryCache, type ResponseCache } from "./cache";
export {
  DEFAULT_LOCAL_MODEL_URL,
  type LlmConfig,
  type LlmEnv,
  LlmEnvSchema,
  type ModelPrice,
  type ModelRef,
  type ProviderKind,
  parseLlmConfig,
} from "./env";
export { LlmError, type LlmErrorCode } from "./errors";
export { createLlmGateway, type GatewayLogger, type LlmGateway } from "./gateway";
export type { UsageMeter, UsageTicket } from "./metering";
export { BUILTIN_PRICES, costOf } from "./prices";
