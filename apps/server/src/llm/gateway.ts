/**
 * The LLM gateway: implements the engine's LlmPort over the configured
 * providers and adds, uniformly for every call, a per-attempt timeout,
 * retries with backoff, a per-provider adaptive concurrency limit, usage and cost
 * accounting, and a single-flight response cache for deterministic calls.
 */
import type { LlmProviderStatus, LlmStatus } from "@promptune/contracts";
import {
  addUsage,
  type CallPriority,
  type CompletionRequest,
  type CompletionResult,
  type EmbeddingRequest,
  type EmbeddingResult,
  emptyUsage,
  type LlmPort,
  type LlmUsage,
  type StructuredRequest,
  type StructuredResult,
} from "@promptune/engine";
import { z } from "zod";
import { cacheKey, MemoryCache, type ResponseCache } from "./cache";
import type { LlmConfig, ModelPrice, ModelRef, ProviderKind } from "./env";
import { toLlmError } from "./failures";
import { CachedFlights, type Stored, untilAborted } from "./flight";
import { costOf, priceOf } from "./prices";
import type { LlmProvider, ProviderTokens } from "./providers/types";
import { AttemptTimeout, RetriesExhausted, withRetries } from "./retry";
import { allowSharedSignal, asksToBackOff, providerSlots } from "./slots";

const jsonSchemas = new WeakMap<object, unknown>();

/** A schema's JSON Schema, computed once per schema object (it is part of every cache key). */
function jsonSchemaOf(schema: z.ZodType): unknown {
  let json = jsonSchemas.get(schema);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { unrepresentable: "any" });
    jsonSchemas.set(schema, json);
  }
  return json;
}
/** Logger the gateway writes call and retry lines to (pino-compatible). */
export interface GatewayLogger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
}

/** The gateway the server and the engine use. */
export interface LlmGateway extends LlmPort {
  /** Model ids users may choose, in display order. */
  listModels(): string[];
  defaultModel: string;
  roles: { judge: string; reflection: string; embedding: string | null };
  /** Usage of every call made through this gateway since it was created. */
  totals(): LlmUsage;
  /** Current concurrency limit of each provider in use (it adapts: docs/llm.md). */
  concurrencyLimits(): Partial<Record<ProviderKind, number>>;
  /** USD per million tokens of a model (0 for local models); null when unknown. */
  priceOf(model: string): ModelPrice | null;
  /** Every configured provider, the models it serves and its state (GET /api/llm/status). */
  status(): LlmStatus;
  close(): Promise<void>;
}

/** Creates the gateway; providers are created on first use (the local model loads lazily). */
export function createLlmGateway(
  config: LlmConfig,
  deps: { cache?: ResponseCache; logger?: GatewayLogger } = {},
): LlmGateway {
  const cache = deps.cache ?? new MemoryCache();
  const log = deps.logger;
  const flights = new CachedFlights(cache, log);
  let totals = emptyUsage();

  const { slotFor, existing, limits, close: closeSlots } = providerSlots(config, log);

  const refOf = (model: string): ModelRef =>
    config.models.find((m) => m.id === model) ??
    [config.judge, config.reflection, config.embedding].find((r) => r?.id === model) ?? {
      id: model,
      provider: config.openai ? "openai" : "local",
    };

  /** One provider operation with timeout per attempt, concurrency limit and retries. */
  const attempt = async <R>(
    ref: ModelRef,
    signal: AbortSignal | undefined,
    run: (provider: LlmProvider, signal: AbortSignal) => Promise<R>,
    priority: CallPriority = "background",
  ): Promise<R> => {
    const { provider, limit } = slotFor(ref.provider);
    allowSharedSignal(signal);
    if (provider.prepare) await untilAborted(provider.prepare(), signal);
    try {
      return await withRetries(
        async () => {
          const release = await limit.acquire(
            signal,
            priority === "interactive" ? "urgent" : "normal",
          );
          const timeout = new AbortController();
          const timer = setTimeout(
            () => timeout.abort(new AttemptTimeout(config.timeoutMs)),
            config.timeoutMs,
          );
          const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
          try {
            const result = await run(provider, combined);
            release("success");
            return result;
          } catch (error) {
            if (timeout.signal.aborted && !signal?.aborted) {
              release("failure");
              throw new AttemptTimeout(config.timeoutMs);
            }
            release(!signal?.aborted && asksToBackOff(error) ? "backoff" : "failure");
            throw error;
          } finally {
            clearTimeout(timer);
          }
        },
        {
          maxRetries: config.maxRetries,
          baseDelayMs: config.retryBaseMs,
          ...(signal ? { signal } : {}),
          onRetry: ({ attempt: n, delayMs, failure }) =>
            log?.warn(
              {
                model: ref.id,
                attempt: n,
                delayMs: Math.round(delayMs),
                kind: failure.kind,
                status: failure.status,
                error: failure.message,
              },
              "LLM call failed; retrying",
            ),
        },
      );
    } catch (error) {
      if (error instanceof RetriesExhausted) throw toLlmError(error, ref, config.timeoutMs);
      throw error;
    }
  };

  const account = (
    ref: ModelRef,
    purpose: string,
    tokens: ProviderTokens,
    paid: boolean,
    startedAt: number,
  ): LlmUsage => {
    const usage: LlmUsage = paid
      ? {
          calls: 1,
          inputTokens: tokens.inputTokens,
          outputTokens: tokens.outputTokens,
          costUsd: costOf(
            config.prices,
            ref.id,
            ref.provider,
            tokens.inputTokens,
            tokens.outputTokens,
          ),
          cachedCalls: 0,
        }
      : { ...emptyUsage(), cachedCalls: 1 };
    totals = addUsage(totals, usage);
    log?.info(
      {
        model: ref.id,
        provider: ref.provider,
        purpose,
        cached: !paid,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        costUsd: usage.costUsd,
        ms: Date.now() - startedAt,
      },
      "LLM call",
    );
    return usage;
  };

  /** A call that is cached when deterministic, attempted directly otherwise. */
  const call = async <V>(
    ref: ModelRef,
    purpose: string,
    signal: AbortSignal | undefined,
    key: string | null,
    produce: (signal: AbortSignal | undefined) => Promise<Stored<V>>,
  ): Promise<{ value: V; usage: LlmUsage; fresh: boolean }> => {
    const startedAt = Date.now();
    if (key === null) {
      const stored = await produce(signal);
      return {
        value: stored.value,
        usage: account(ref, purpose, stored, true, startedAt),
        fresh: true,
      };
    }
    const { stored, paid } = await flights.run(key, signal, () => produce(undefined));
    return {
      value: stored.value,
      usage: account(ref, purpose, stored, paid, startedAt),
      fresh: paid,
    };
  };

  const gateway: LlmGateway = {
    defaultModel: config.defaultModel,
    roles: {
      judge: config.judge.id,
      reflection: config.reflection.id,
      embedding: config.embedding?.id ?? null,
    },
    listModels: () => config.models.map((m) => m.id),
    totals: () => ({ ...totals }),
    concurrencyLimits: limits,
    priceOf: (model) =>
      refOf(model).provider === "local" ? { input: 0, output: 0 } : priceOf(config.prices, model),

    status() {
      const providers: LlmProviderStatus[] = [];
      for (const kind of providersInUse(config)) {
        const models = config.models.filter((m) => m.provider === kind).map((m) => m.id);
        const state =
          existing(kind)?.provider.status?.() ??
          (kind === "local" ? { state: "idle" as const } : { state: "ready" as const });
        providers.push({ provider: kind, models, ...state } as LlmProviderStatus);
      }
      return { providers };
    },

    async complete(request: CompletionRequest): Promise<CompletionResult> {
      const ref = refOf(request.model);
      const key =
        request.temperature === 0
          ? cacheKey({
              op: "text",
              provider: ref.provider,
              model: ref.id,
              messages: request.messages,
              maxOutputTokens: request.maxOutputTokens ?? null,
            })
          : null;
      const { value, usage } = await call(ref, request.purpose, request.signal, key, (signal) =>
        attempt(
          ref,
          signal,
          async (provider, s) => {
            const r = await provider.complete({ ...callOf(request, ref), signal: s });
            return { value: r.text, inputTokens: r.inputTokens, outputTokens: r.outputTokens };
          },
          request.priority,
        ),
      );
      return { text: value, usage };
    },

    async completeStructured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>> {
      const ref = refOf(request.model);
      const key =
        request.temperature === 0
          ? cacheKey({
              op: "object",
              provider: ref.provider,
              model: ref.id,
              messages: request.messages,
              maxOutputTokens: request.maxOutputTokens ?? null,
              schemaName: request.schemaName,
              schema: jsonSchemaOf(request.schema),
            })
          : null;
      const { value, usage, fresh } = await call(
        ref,
        request.purpose,
        request.signal,
        key,
        (signal) =>
          attempt(
            ref,
            signal,
            async (provider, s) => {
              const r = await provider.completeStructured({
                ...callOf(request, ref),
                signal: s,
                schema: request.schema,
                schemaName: request.schemaName,
              });
              return { value: r.value, inputTokens: r.inputTokens, outputTokens: r.outputTokens };
            },
            request.priority,
          ),
      );
      if (fresh) return { value: value as T, usage };
      // Reused JSON: validate again so callers always get the schema's output type.
      const checked = request.schema.safeParse(value);
      return { value: checked.success ? checked.data : (value as T), usage };
    },

    close: closeSlots,
  };

  if (config.embedding) {
    const ref = config.embedding;
    gateway.embed = async (request: EmbeddingRequest): Promise<EmbeddingResult> => {
      const key = cacheKey({
        op: "embed",
        provider: ref.provider,
        model: ref.id,
        texts: request.texts,
      });
      const { value, usage } = await call(ref, "embedding", request.signal, key, (signal) =>
        attempt(ref, signal, async (provider, s) => {
          const r = await provider.embed(ref.id, request.texts, s);
          return { value: r.vectors, inputTokens: r.inputTokens, outputTokens: 0 };
        }),
      );
      return { vectors: value, usage };
    };
  }
  return gateway;
}

/** The providers the configuration uses (for models or roles), OpenAI-compatible first. */
export function providersInUse(config: LlmConfig): ProviderKind[] {
  const refs = [config.models, [config.judge, config.reflection], config.embedding ?? []].flat();
  const kinds: ProviderKind[] = [];
  if (config.openai) kinds.push("openai");
  if (refs.some((r) => r.provider === "local")) kinds.push("local");
  return kinds;
}

function callOf(request: CompletionRequest, ref: ModelRef) {
  return {
    model: ref.id,
    messages: request.messages,
    temperature: request.temperature,
    ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
  };
}
