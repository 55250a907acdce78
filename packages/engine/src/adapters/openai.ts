/**
 * An LlmPort for any OpenAI-compatible Chat Completions API (OpenAI, Azure
 * OpenAI's v1 endpoint, vLLM, Ollama, LiteLLM, OpenRouter, …), so library
 * users can run the optimiser without writing a port. Plain `fetch`, a
 * concurrency ceiling, retries on 429 / 5xx honouring Retry-After, and
 * cancellation through each request's AbortSignal.
 */
import { z } from "zod";
import type {
  CompletionRequest,
  CompletionResult,
  EmbeddingRequest,
  EmbeddingResult,
  LlmPort,
  LlmUsage,
  StructuredRequest,
  StructuredResult,
} from "../ports";
import { abortError } from "../util/abort";
import { jsonTextOf } from "../util/json-text";
import { Semaphore } from "../util/limit";

/** USD per million tokens of one model. */
export interface ModelPrice {
  input: number;
  output: number;
}

/** Options of `openAiCompatibleModel`. */
export interface OpenAiCompatibleOptions {
  /** Base URL including the version, e.g. `https://api.openai.com/v1`. */
  baseURL: string;
  /** Sent as `Authorization: Bearer …` when given. */
  apiKey?: string;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** Model used by `embed`; without it the engine uses its local text vectoriser. */
  embeddingModel?: string;
  /** Prices per model for the usage's `costUsd`; unknown models cost 0. */
  prices?: Record<string, ModelPrice>;
  /** Most requests in flight at once. Default 8. */
  maxConcurrency?: number;
  /** Retries after a 429, a 5xx or a network error. Default 3. */
  maxRetries?: number;
  /** First backoff delay in ms, doubled per retry unless Retry-After says otherwise. Default 500. */
  retryBaseMs?: number;
  /** The fetch implementation (tests, proxies). Default the global fetch. */
  fetch?: typeof fetch;
}

/** A failed request to the provider, with its HTTP status when there was one. */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const ChatResponseSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1),
  usage: z
    .object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() })
    .optional(),
});

const EmbeddingResponseSchema = z.object({
  data: z.array(z.object({ embedding: z.array(z.number()), index: z.number().optional() })),
  usage: z.object({ prompt_tokens: z.number().optional() }).optional(),
});

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal.reason));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(abortError(signal?.reason));
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get("retry-after");
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * An LlmPort over an OpenAI-compatible API. Structured calls send the zod
 * schema as a JSON schema (`response_format: json_schema`) and validate the
 * answer with it, read past a ```json fence or a sentence around the object
 * (`jsonTextOf`), asking once more when the model's JSON does not match.
 */
export function openAiCompatibleModel(options: OpenAiCompatibleOptions): LlmPort {
  const base = options.baseURL.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const limit = new Semaphore(options.maxConcurrency ?? 8);
  const maxRetries = options.maxRetries ?? 3;
  const retryBaseMs = options.retryBaseMs ?? 500;

  const usageOf = (model: string, input: number, output: number): LlmUsage => {
    const price = options.prices?.[model];
    const costUsd = price ? (input * price.input + output * price.output) / 1_000_000 : 0;
    return { calls: 1, inputTokens: input, outputTokens: output, costUsd, cachedCalls: 0 };
  };

  async function post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw abortError(signal.reason);
      let response: Response;
      try {
        response = await limit.run(() =>
          doFetch(`${base}${path}`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
              ...options.headers,
            },
            body: JSON.stringify(body),
            signal,
          }),
        );
      } catch (err) {
        if ((err as Error).name === "AbortError" || attempt >= maxRetries)
          throw err instanceof Error && err.name === "AbortError"
            ? err
            : new ProviderError(`request to ${base}${path} failed: ${(err as Error).message}`);
        await sleep(retryBaseMs * 2 ** attempt, signal);
        continue;
      }
      if (response.ok) return response.json();
      const text = (await response.text().catch(() => "")).slice(0, 300);
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || attempt >= maxRetries)
        throw new ProviderError(
          `${base}${path} answered ${response.status}${text ? `: ${text}` : ""}`,
          response.status,
        );
      await sleep(retryAfterMs(response) ?? retryBaseMs * 2 ** attempt, signal);
    }
  }

  async function chat(request: CompletionRequest, extra: Record<string, unknown> = {}) {
    const raw = await post(
      "/chat/completions",
      {
        model: request.model,
        messages: request.messages,
        temperature: request.temperature,
        ...(request.maxOutputTokens ? { max_tokens: request.maxOutputTokens } : {}),
        ...extra,
      },
      request.signal,
    );
    const parsed = ChatResponseSchema.safeParse(raw);
    if (!parsed.success) throw new ProviderError("the provider's answer is not a chat completion");
    const { choices, usage } = parsed.data;
    return {
      text: choices[0]?.message.content ?? "",
      usage: usageOf(request.model, usage?.prompt_tokens ?? 0, usage?.completion_tokens ?? 0),
    };
  }

  return {
    complete(request: CompletionRequest): Promise<CompletionResult> {
      return chat(request);
    },

    async completeStructured<T>(request: StructuredRequest<T>): Promise<StructuredResult<T>> {
      const format = {
        response_format: {
          type: "json_schema",
          json_schema: { name: request.schemaName, schema: z.toJSONSchema(request.schema) },
        },
      };
      let lastProblem = "";
      for (let attempt = 0; attempt < 2; attempt++) {
        const { text, usage } = await chat(request, format);
        try {
          const value = request.schema.safeParse(JSON.parse(jsonTextOf(text)));
          if (value.success) return { value: value.data, usage };
          lastProblem = value.error.issues[0]?.message ?? "does not match the schema";
        } catch (err) {
          lastProblem = (err as Error).message;
        }
      }
      throw new ProviderError(
        `the model's ${request.schemaName} answer is invalid: ${lastProblem}`,
      );
    },

    ...(options.embeddingModel
      ? {
          async embed(request: EmbeddingRequest): Promise<EmbeddingResult> {
            const model = options.embeddingModel as string;
            const raw = await post("/embeddings", { model, input: request.texts }, request.signal);
            const parsed = EmbeddingResponseSchema.safeParse(raw);
            if (!parsed.success) throw new ProviderError("the provider's answer is not embeddings");
            const rows = [...parsed.data.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
            return {
              vectors: rows.map((r) => r.embedding),
              usage: { ...usageOf(model, parsed.data.usage?.prompt_tokens ?? 0, 0) },
            };
          },
        }
      : {}),
  };
}
