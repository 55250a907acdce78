/**
 * What the gateway asks of a provider: one attempt at a call, no retries, no
 * cache, no limits (the gateway adds those uniformly around every provider).
 */
import type { LlmProviderState } from "@promptune/contracts";
import type { ChatMessage } from "@promptune/engine";
import type { z } from "zod";
import type { ProviderKind } from "../env";

/** One attempt at a completion. */
export interface ProviderCall {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  maxOutputTokens?: number;
  /** Aborts on the caller's abort or the gateway's timeout. */
  signal: AbortSignal;
}

/** A structured attempt: the answer must match the schema. */
export interface ProviderStructuredCall extends ProviderCall {
  schema: z.ZodType;
  schemaName: string;
}

/** Token counts reported (or measured) for one attempt. */
export interface ProviderTokens {
  inputTokens: number;
  outputTokens: number;
}

/** A model provider: OpenAI-compatible HTTP (AI SDK) or local GGUF (node-llama-cpp). */
export interface LlmProvider {
  readonly kind: ProviderKind;
  /** Calls allowed at once at start. */
  readonly concurrency: number;
  /** Most calls at once the gateway's adaptive limit may grow to (default: `concurrency`, fixed). */
  readonly maxConcurrency?: number;
  /** Work done once before the first call, outside the per-call timeout (e.g. loading a local model). */
  prepare?(): Promise<void>;
  /** What the provider is doing (downloading, loading…); providers without one are ready. */
  status?(): LlmProviderState;
  complete(call: ProviderCall): Promise<ProviderTokens & { text: string }>;
  /** Resolves to the validated value (already parsed by the schema). */
  completeStructured(call: ProviderStructuredCall): Promise<ProviderTokens & { value: unknown }>;
  embed(
    model: string,
    texts: string[],
    signal: AbortSignal,
  ): Promise<{ vectors: number[][]; inputTokens: number }>;
  close(): Promise<void>;
}
