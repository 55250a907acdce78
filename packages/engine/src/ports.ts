/**
 * Ports: the only way the engine reaches a language model. The server's LLM
 * gateway implements them (OpenAI-compatible providers, local GGUF models);
 * tests implement them with fakes. Nothing here knows about HTTP.
 */
import type { z } from "zod";

export type ChatRole = "system" | "user" | "assistant";

/** One message of a model conversation. */
export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/** Why a call is made; the gateway uses it for model routing, limits and accounting. */
export type CallPurpose =
  | "assistant"
  | "coordinator"
  | "worker"
  | "composer"
  | "judge"
  | "reflection"
  | "embedding";

/**
 * Who is waiting for a call: `interactive` (a person in a chat) goes ahead of
 * `background` work (optimisation runs) in the gateway's provider queues.
 */
export type CallPriority = "interactive" | "background";

/** Token usage and cost of one or more calls. */
export interface LlmUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Calls answered from the response cache (paid for once, earlier). */
  cachedCalls: number;
}

/** A plain text completion request. */
export interface CompletionRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  maxOutputTokens?: number;
  purpose: CallPurpose;
  /** Queueing priority; background when absent. */
  priority?: CallPriority;
  signal?: AbortSignal;
}

export interface CompletionResult {
  text: string;
  usage: LlmUsage;
}

/** A completion whose output must match a zod schema (JSON schema / grammar). */
export interface StructuredRequest<T> extends CompletionRequest {
  schema: z.ZodType<T>;
  /** Identifier of the schema, sent to providers as the JSON schema name. */
  schemaName: string;
}

export interface StructuredResult<T> {
  value: T;
  usage: LlmUsage;
}

export interface EmbeddingRequest {
  texts: string[];
  signal?: AbortSignal;
}

export interface EmbeddingResult {
  vectors: number[][];
  usage: LlmUsage;
}

/** The language-model port the engine depends on. */
export interface LlmPort {
  complete(request: CompletionRequest): Promise<CompletionResult>;
  completeStructured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>>;
  /** Provider embeddings; absent when the provider has none (a local vectoriser is used). */
  embed?(request: EmbeddingRequest): Promise<EmbeddingResult>;
}

/** Models the engine uses for its own roles (judge, reflection). */
export interface EngineModels {
  judge: string;
  reflection: string;
}

/** A zero usage record. */
export function emptyUsage(): LlmUsage {
  return { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, cachedCalls: 0 };
}

/** Sums usage records, for per-iteration and per-run totals. */
export function addUsage(...items: LlmUsage[]): LlmUsage {
  const total = emptyUsage();
  for (const u of items) {
    total.calls += u.calls;
    total.inputTokens += u.inputTokens;
    total.outputTokens += u.outputTokens;
    total.costUsd += u.costUsd;
    total.cachedCalls += u.cachedCalls;
  }
  return total;
}

/**
 * True for a port error that marks a model call failed after the port's own
 * retries for a reason that may pass (a provider error, timeout, rate limit
 * or malformed answer): the port sets `transientLlmFailure: true` on it.
 * Configuration errors (bad credentials, unknown model) are not transient.
 * The optimiser leaves an example unscored on such a failure instead of
 * failing the run.
 */
export function isTransientLlmFailure(err: unknown): boolean {
  return (
    typeof err === "object" &&
    err !== null &&
    (err as { transientLlmFailure?: unknown }).transientLlmFailure === true
  );
}

/**
 * True for a port error whose call reached the provider and got an answer
 * that could not be used (malformed JSON, no content): the port sets
 * `malformedLlmAnswer: true` on it. Such failures say nothing about the
 * provider being down, so the outage detector leaves them out.
 */
export function isMalformedLlmAnswer(err: unknown): boolean {
  return (
    typeof err === "object" &&
    err !== null &&
    (err as { malformedLlmAnswer?: unknown }).malformedLlmAnswer === true
  );
}
