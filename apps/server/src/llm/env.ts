/**
 * LLM gateway configuration: the environment variables (a zod schema the
 * server merges into its start-up validation) and their reading into a
 * structured `LlmConfig` (providers, exposed models, roles, limits, prices).
 */
import { availableParallelism } from "node:os";
import { z } from "zod";
import { envInt, optionalEnvString } from "../env-helpers";
import { fromRepoRoot } from "../paths";

/** Default small instruct GGUF pulled on first use when no provider is configured. */
export const DEFAULT_LOCAL_MODEL_URL =
  "https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf";

/** Models exposed by default when an OpenAI-compatible provider is configured. */
export const DEFAULT_OPENAI_MODELS = ["gpt-4.1-mini", "gpt-4o", "gpt-4o-mini", "gpt-4.1"];

/** Where an exposed model is served. */
export type ProviderKind = "openai" | "local";

/** A model id and the provider that serves it. */
export interface ModelRef {
  id: string;
  provider: ProviderKind;
}

/** Price of a model in US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
}

/** The local GGUF model: where it comes from and how it runs. */
export interface LocalModelConfig {
  /** Absolute path of a GGUF file, or null to download `modelUrl`. */
  modelPath: string | null;
  modelUrl: string;
  /** Absolute folder the downloaded model is kept in. */
  modelDir: string;
  threads: number;
  /** Context sequences: calls the model evaluates together in one batch. */
  sequences: number;
  /** The download fails when the model host has not answered within this time. */
  connectTimeoutMs: number;
  /** The download fails when no byte has arrived for this long. */
  stallTimeoutMs: number;
}

/** Everything the gateway needs, read from the environment by `parseLlmConfig`. */
export interface LlmConfig {
  /** The OpenAI-compatible endpoint, or null when none is configured. */
  openai: { baseURL: string; apiKey: string | undefined } | null;
  /** Models users may pick, in display order. */
  models: ModelRef[];
  defaultModel: string;
  judge: ModelRef;
  reflection: ModelRef;
  /** Provider embedding model; null means the engine's local text vectoriser. */
  embedding: ModelRef | null;
  timeoutMs: number;
  maxRetries: number;
  /** First backoff delay; doubles per retry (with jitter) unless Retry-After says otherwise. */
  retryBaseMs: number;
  /** Concurrent calls per OpenAI-compatible provider at start (the local provider runs one at a time). */
  concurrency: number;
  /** Ceiling the adaptive per-provider limit may grow to while calls succeed (halved on 429). */
  maxConcurrency: number;
  /**
   * Share (percent) of a provider's in-flight slots one user's calls may hold
   * at once, so another user's call always finds a slot (fair sharing).
   */
  userSlotSharePercent: number;
  /** Per-model prices overriding the built-in table. */
  prices: Record<string, ModelPrice>;
  local: LocalModelConfig;
}

const text = optionalEnvString;
const int = envInt;

const PriceTableSchema = z.record(
  z.string(),
  z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() }),
);

/** The LLM gateway's environment variables, with defaults. */
export const LlmEnvSchema = z.object({
  OPENAI_API_KEY: text,
  OPENAI_BASE_URL: text.pipe(
    z.url({ error: "OPENAI_BASE_URL must be a URL such as https://api.openai.com/v1" }).optional(),
  ),
  LLM_MODELS: text,
  LLM_DEFAULT_MODEL: text,
  LLM_JUDGE_MODEL: text,
  LLM_REFLECTION_MODEL: text,
  LLM_EMBEDDING_MODEL: text,
  LLM_TIMEOUT_MS: int(60_000, 100, 3_600_000),
  LLM_MAX_RETRIES: int(3, 0, 10),
  LLM_RETRY_BASE_MS: int(500, 0, 60_000),
  LLM_CONCURRENCY: int(8, 1, 256),
  LLM_CONCURRENCY_MAX: int(64, 1, 1024),
  LLM_USER_SLOT_SHARE_PERCENT: int(50, 1, 100),
  LLM_PRICES: text.pipe(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return {};
        try {
          const parsed = PriceTableSchema.safeParse(JSON.parse(v));
          if (parsed.success) return parsed.data;
        } catch {
          // reported below
        }
        ctx.addIssue({
          code: "custom",
          message:
            'LLM_PRICES must be JSON like {"gpt-4o": {"input": 2.5, "output": 10}} (USD per 1M tokens)',
        });
        return z.NEVER;
      }),
  ),
  /** Chats (single- and multi-agent together) one user may send per minute, over all sessions and processes. */
  LLM_CHAT_RATE_LIMIT_PER_MINUTE: int(30, 1, 10_000),
  /** Characters of input (prompts, descriptions and conversation) one chat call may carry (413 beyond). */
  CHAT_MAX_INPUT_CHARS: int(40_000, 1_000, 10_000_000),
  LOCAL_MODEL_PATH: text,
  LOCAL_MODEL_URL: text.transform((v) => v ?? DEFAULT_LOCAL_MODEL_URL),
  LOCAL_MODEL_DIR: text.transform((v) => v ?? "data/models"),
  LOCAL_MODEL_THREADS: int(Math.max(1, Math.min(4, availableParallelism())), 1, 256),
  LOCAL_MODEL_SEQUENCES: int(4, 1, 64),
  LOCAL_MODEL_CONNECT_TIMEOUT_MS: int(15_000, 100, 600_000),
  LOCAL_MODEL_STALL_TIMEOUT_MS: int(30_000, 100, 600_000),
});

/** The parsed LLM environment. */
export type LlmEnv = z.infer<typeof LlmEnvSchema>;

/** The model id a local GGUF is exposed as: its file name without `.gguf`. */
export function localModelId(pathOrUrl: string): string {
  const name = pathOrUrl.split(/[?#]/)[0]?.split(/[/\\]/).pop() ?? "local";
  return name.replace(/\.gguf$/i, "") || "local";
}

function parseRef(spec: string, fallback: ProviderKind, known: ModelRef[]): ModelRef {
  const at = spec.lastIndexOf("@");
  if (at > 0) {
    const provider = spec.slice(at + 1).trim();
    if (provider !== "openai" && provider !== "local") {
      throw new Error(`Unknown LLM provider "${provider}" in "${spec}" (use @openai or @local)`);
    }
    return { id: spec.slice(0, at).trim(), provider };
  }
  return known.find((m) => m.id === spec) ?? { id: spec, provider: fallback };
}

/**
 * Reads the LLM configuration from environment variables. Throws an Error
 * listing the problem when the combination is inconsistent.
 */
export function parseLlmConfig(env: Record<string, string | undefined>): LlmConfig {
  const parsed = LlmEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid LLM configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const openai =
    e.OPENAI_BASE_URL || e.OPENAI_API_KEY
      ? {
          baseURL: (e.OPENAI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, ""),
          apiKey: e.OPENAI_API_KEY,
        }
      : null;
  const fallback: ProviderKind = openai ? "openai" : "local";
  const localId = localModelId(e.LOCAL_MODEL_PATH ?? e.LOCAL_MODEL_URL);
  const specs = e.LLM_MODELS
    ? e.LLM_MODELS.split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : openai
      ? DEFAULT_OPENAI_MODELS
      : [`${localId}@local`];
  const models: ModelRef[] = [];
  for (const spec of specs) {
    const ref = parseRef(spec, fallback, []);
    if (!models.some((m) => m.id === ref.id)) models.push(ref);
  }
  if (models.length === 0) throw new Error("LLM_MODELS lists no model");
  const defaultModel = e.LLM_DEFAULT_MODEL ?? models[0]?.id ?? localId;
  if (!models.some((m) => m.id === defaultModel)) {
    throw new Error(
      `LLM_DEFAULT_MODEL "${defaultModel}" is not one of LLM_MODELS (${models.map((m) => m.id).join(", ")})`,
    );
  }
  const role = (spec: string | undefined) => parseRef(spec ?? defaultModel, fallback, models);
  const config: LlmConfig = {
    openai,
    models,
    defaultModel,
    judge: role(e.LLM_JUDGE_MODEL),
    reflection: role(e.LLM_REFLECTION_MODEL),
    embedding: e.LLM_EMBEDDING_MODEL ? parseRef(e.LLM_EMBEDDING_MODEL, fallback, models) : null,
    timeoutMs: e.LLM_TIMEOUT_MS,
    maxRetries: e.LLM_MAX_RETRIES,
    retryBaseMs: e.LLM_RETRY_BASE_MS,
    concurrency: e.LLM_CONCURRENCY,
    maxConcurrency: Math.max(e.LLM_CONCURRENCY, e.LLM_CONCURRENCY_MAX),
    userSlotSharePercent: e.LLM_USER_SLOT_SHARE_PERCENT,
    prices: e.LLM_PRICES,
    local: {
      modelPath: e.LOCAL_MODEL_PATH ? fromRepoRoot(e.LOCAL_MODEL_PATH) : null,
      modelUrl: e.LOCAL_MODEL_URL,
      modelDir: fromRepoRoot(e.LOCAL_MODEL_DIR),
      threads: e.LOCAL_MODEL_THREADS,
      sequences: e.LOCAL_MODEL_SEQUENCES,
      connectTimeoutMs: e.LOCAL_MODEL_CONNECT_TIMEOUT_MS,
      stallTimeoutMs: e.LOCAL_MODEL_STALL_TIMEOUT_MS,
    },
  };
  const all = [
    ...config.models,
    config.judge,
    config.reflection,
    ...(config.embedding ? [config.embedding] : []),
  ];
  const orphan = all.find((m) => m.provider === "openai" && !openai);
  if (orphan) {
    throw new Error(
      `Model "${orphan.id}" needs an OpenAI-compatible provider: set OPENAI_BASE_URL and/or OPENAI_API_KEY, or mark it @local`,
    );
  }
  return config;
}

/** The providers the configuration uses (for models or roles), OpenAI-compatible first. */
export function providersInUse(config: LlmConfig): ProviderKind[] {
  const refs = [config.models, [config.judge, config.reflection], config.embedding ?? []].flat();
  const kinds: ProviderKind[] = [];
  if (config.openai) kinds.push("openai");
  if (refs.some((r) => r.provider === "local")) kinds.push("local");
  return kinds;
}
