/**
 * Model prices (USD per million tokens) and the cost of a call. The built-in
 * table holds list prices of common OpenAI models at the time of writing;
 * LLM_PRICES overrides or extends it. Unknown models and local models cost 0.
 */
import type { ModelPrice, ProviderKind } from "./env";

/** List prices of common models, USD per 1M tokens (override with LLM_PRICES). */
export const BUILTIN_PRICES: Record<string, ModelPrice> = {
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "gpt-4.1": { input: 2, output: 8 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gpt-4": { input: 30, output: 60 },
  "gpt-3.5-turbo": { input: 0.5, output: 1.5 },
  "text-embedding-3-small": { input: 0.02, output: 0 },
  "text-embedding-3-large": { input: 0.13, output: 0 },
};

/** The price of a model: configured, else built-in (also for `vendor/model` ids), else null. */
export function priceOf(prices: Record<string, ModelPrice>, model: string): ModelPrice | null {
  const bare = model.slice(model.lastIndexOf("/") + 1);
  return prices[model] ?? prices[bare] ?? BUILTIN_PRICES[model] ?? BUILTIN_PRICES[bare] ?? null;
}

/** Cost in USD of one call. */
export function costOf(
  prices: Record<string, ModelPrice>,
  model: string,
  provider: ProviderKind,
  inputTokens: number,
  outputTokens: number,
): number {
  if (provider === "local") return 0;
  const price = priceOf(prices, model);
  if (!price) return 0;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
