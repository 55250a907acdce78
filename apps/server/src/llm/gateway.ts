/**
 * The LLM gateway: implements the engine's LlmPort over the configured
 * providers and adds, uniformly for every call, a per-attempt timeout,
 * retries with backoff, a per-provider adaptive concurrency limit shared
 * fairly between users, usage and cost accounting (per user through the
 * usage meter: docs/operations.md "Budgets"), and a single-flight response
 * cache for deterministic calls.
 */
import type { LlmProviderStatus, LlmStatus } from "@promptune/contracts";
import type {
  CompletionRequest,
  CompletionResult,
  EmbeddingRequest,
  EmbeddingResult,
  LlmPort,
  LlmUsage,
  StructuredRequest,
  StructuredResult,
} from "@promptune/engine";
import { z } from "zod";
import { providerAttempts } from "./attempt";
import { cacheKey, MemoryCache, type ResponseCache } from "./cache";
import {
  type LlmConfig,
  type ModelPrice,
  type ModelRef,
  type ProviderKind,
  providersInUse,
} from "./env";
import { CachedFlights, type Stored } from "./flight";
import type { UsageMeter } from "./metering";
import { priceOf } from "./prices";
import { providerSlots } from "./slots";
import { UsageLedger } from "./usage-ledger";

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
  /**
   * The gateway as one user's port: every call is checked against and
   * recorded in that user's budget (the usage meter) and queues for a slot
   * in that user's fair share. Runs, chats and bot replies all call through it.
   */
  forUser(userId: string): LlmPort;
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
  deps: { cache?: ResponseCache; logger?: GatewayLogger; meter?: UsageMeter } = {},
): LlmGateway {
  const meter = deps.meter;
  const cache = deps.cache ?? new MemoryCache();
  const log = deps.logger;
  const flights = new CachedFlights(cache, log);
  const ledger = new UsageLedger(config.prices, log);

  const { slotFor, existing, limits, close: closeSlots } = providerSlots(config, log);

  const refOf = (model: string): ModelRef =>
    config.models.find((m) => m.id === model) ??
    [config.judge, config.reflection, config.embedding].find((r) => r?.id === model) ?? {
      id: model,
      provider: config.openai ? "openai" : "local",
    };

  const attempt = providerAttempts(config, slotFor, log);

  /**
   * A call that is cached when deterministic, attempted directly otherwise;
   * a user's call is first admitted by their budget, then settled with what
   * it cost (a failed write of the meter is logged, never fails the call).
   */
  const call = async <V>(
    ref: ModelRef,
    purpose: string,
    signal: AbortSignal | undefined,
    key: string | null,
    produce: (signal: AbortSignal | undefined) => Promise<Stored<V>>,
    user: string | undefined,
  ): Promise<{ value: V; usage: LlmUsage; fresh: boolean }> => {
    const startedAt = Date.now();
    const settle = meter && user !== undefined ? await meter.admit(user) : undefined;
    let usage: LlmUsage | null = null;
    try {
      if (key === null) {
        const stored = await produce(signal);
        usage = ledger.record(ref, purpose, stored, true, startedAt);
        return { value: stored.value, usage, fresh: true };
      }
      const { stored, paid } = await flights.run(key, signal, (flightSignal) =>
        produce(flightSignal),
      );
      usage = ledger.record(ref, purpose, stored, paid, startedAt);
      return { value: stored.value, usage, fresh: paid };
    } finally {
      await settle?.(usage).catch((error: unknown) => {
        log?.warn({ error: String(error), user }, "could not record LLM usage");
      });
    }
  };

  const complete = async (request: CompletionRequest, user?: string): Promise<CompletionResult> => {
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
    const { value, usage } = await call(
      ref,
      request.purpose,
      request.signal,
      key,
      (signal) =>
        attempt(
          ref,
          signal,
          async (provider, s) => {
            const r = await provider.complete({ ...callOf(request, ref), signal: s });
            return { value: r.text, inputTokens: r.inputTokens, outputTokens: r.outputTokens };
          },
          request.priority,
          user,
        ),
      user,
    );
    return { text: value, usage };
  };

  const completeStructured = async <T>(
    request: StructuredRequest<T>,
    user?: string,
  ): Promise<StructuredResult<T>> => {
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
          user,
        ),
      user,
    );
    if (fresh) return { value: value as T, usage };
    // Reused JSON: validate again so callers always get the schema's output type.
    const checked = request.schema.safeParse(value);
    return { value: checked.success ? checked.data : (value as T), usage };
  };

  const embedding = config.embedding;
  const embed = embedding
    ? async (request: EmbeddingRequest, user?: string): Promise<EmbeddingResult> => {
        const key = cacheKey({
          op: "embed",
          provider: embedding.provider,
          model: embedding.id,
          texts: request.texts,
        });
        const { value, usage } = await call(
          embedding,
          "embedding",
          request.signal,
          key,
          (signal) =>
            attempt(
              embedding,
              signal,
              async (provider, s) => {
                const r = await provider.embed(embedding.id, request.texts, s);
                return { value: r.vectors, inputTokens: r.inputTokens, outputTokens: 0 };
              },
              "background",
              user,
            ),
          user,
        );
        return { vectors: value, usage };
      }
    : undefined;

  const gateway: LlmGateway = {
    defaultModel: config.defaultModel,
    roles: {
      judge: config.judge.id,
      reflection: config.reflection.id,
      embedding: config.embedding?.id ?? null,
    },
    listModels: () => config.models.map((m) => m.id),
    forUser(userId: string): LlmPort {
      const port: LlmPort = {
        complete: (request) => complete(request, userId),
        completeStructured: (request) => completeStructured(request, userId),
      };
      if (embed) port.embed = (request) => embed(request, userId);
      return port;
    },
    totals: () => ledger.totals(),
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

    complete: (request) => complete(request),
    completeStructured: (request) => completeStructured(request),
    close: closeSlots,
  };
  if (embed) gateway.embed = (request) => embed(request);
  return gateway;
}

function callOf(request: CompletionRequest, ref: ModelRef) {
  return {
    model: ref.id,
    messages: request.messages,
    temperature: request.temperature,
    ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
  };
}
