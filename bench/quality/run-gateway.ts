/**
 * The production LLM gateway a Promptune run of the quality benchmark calls,
 * pointed at the world's fixture server, and the response cache it keeps
 * (`--cache`). Shared by the types-family and the rule-world runners.
 */
import {
  createLlmGateway,
  MemoryCache,
  parseLlmConfig,
  type ResponseCache,
} from "../../apps/server/src/llm";
import { MODELS } from "./dispatch";
import type { WorldServer } from "./server";

/**
 * With `--cache` every run's gateway keeps the production response cache (in
 * memory, fresh per run) as the server's does: deterministic calls (the judge,
 * temperature 0) asked twice are answered once. Off by default, so the rows
 * stay comparable with earlier figures (the simulated models draw every
 * answer afresh, even at temperature 0).
 */
export const benchCache = { on: false };

/** The response cache of one run's gateway (see `benchCache`). */
export function responseCache(): ResponseCache {
  return benchCache.on
    ? new MemoryCache(200_000)
    : { get: async () => undefined, set: async () => {} };
}

/** A run's production gateway, pointed at the world's server (every model it serves). */
export function gatewayFor(server: WorldServer) {
  return createLlmGateway(
    parseLlmConfig({
      OPENAI_BASE_URL: server.url,
      OPENAI_API_KEY: "bench",
      LLM_MODELS: Object.values(MODELS).join(","),
      LLM_REFLECTION_MODEL: MODELS.reflection,
      LLM_JUDGE_MODEL: MODELS.reflection,
      LLM_CONCURRENCY: "16",
    }),
    { cache: responseCache() },
  );
}
