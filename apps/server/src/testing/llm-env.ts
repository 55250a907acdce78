/**
 * Environment entries that point the app (in-process or a child process) at
 * the fixture LLM server, shared by the integration tests so each names only
 * what it changes.
 */
import { writeTestDatasets } from "./datasets";

/**
 * The provider entries: the fixture's OpenAI-compatible URL, a dummy key and
 * the models the gateway offers (both fixture models unless `models` says
 * otherwise). Enough for chats and the Telegram bots.
 */
export function fixtureLlmEnv(
  url: string,
  models = "fixture-small,fixture-large",
): Record<string, string> {
  return { OPENAI_BASE_URL: url, OPENAI_API_KEY: "test-key", LLM_MODELS: models };
}

/**
 * What an optimisation run needs on top: the small model as default and
 * judge, the large one for reflection, and a fresh folder with the test
 * dataset `tiny-help` (see writeTestDatasets).
 */
export function fixtureRunEnv(url: string): Record<string, string> {
  return {
    ...fixtureLlmEnv(url),
    LLM_DEFAULT_MODEL: "fixture-small",
    LLM_JUDGE_MODEL: "fixture-small",
    LLM_REFLECTION_MODEL: "fixture-large",
    DATASETS_DIR: writeTestDatasets(),
  };
}
