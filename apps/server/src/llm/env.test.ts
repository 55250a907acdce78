import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../paths";
import { DEFAULT_LOCAL_MODEL_URL, localModelId, parseLlmConfig } from "./env";

describe("parseLlmConfig", () => {
  it("falls back to the local model when no provider is configured", () => {
    const c = parseLlmConfig({});
    expect(c.openai).toBeNull();
    expect(c.models).toEqual([{ id: "qwen2.5-0.5b-instruct-q4_k_m", provider: "local" }]);
    expect(c.defaultModel).toBe("qwen2.5-0.5b-instruct-q4_k_m");
    expect(c.judge).toEqual({ id: "qwen2.5-0.5b-instruct-q4_k_m", provider: "local" });
    expect(c.embedding).toBeNull();
    expect(c.local).toMatchObject({
      modelPath: null,
      modelUrl: DEFAULT_LOCAL_MODEL_URL,
      modelDir: join(repoRoot(), "data", "models"),
      sequences: 4,
      connectTimeoutMs: 15_000,
      stallTimeoutMs: 30_000,
    });
    expect(c.local.threads).toBeGreaterThanOrEqual(1);
    expect(c).toMatchObject({ timeoutMs: 60_000, maxRetries: 3, concurrency: 8, prices: {} });
  });

  it("exposes the default OpenAI models when a key is set, and treats blank values as unset", () => {
    const c = parseLlmConfig({
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: "",
      LLM_TIMEOUT_MS: " ",
    });
    expect(c.openai).toEqual({ baseURL: "https://api.openai.com/v1", apiKey: "sk-test" });
    expect(c.models.map((m) => m.id)).toEqual(["gpt-4.1-mini", "gpt-4o", "gpt-4o-mini", "gpt-4.1"]);
    expect(c.defaultModel).toBe("gpt-4.1-mini");
    expect(c.timeoutMs).toBe(60_000);
  });

  it("reads models with providers, roles, limits and prices", () => {
    const c = parseLlmConfig({
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1/",
      LLM_MODELS: "llama3, tiny@local ,llama3",
      LLM_DEFAULT_MODEL: "tiny",
      LLM_JUDGE_MODEL: "big-judge",
      LLM_REFLECTION_MODEL: "tiny",
      LLM_EMBEDDING_MODEL: "nomic-embed",
      LLM_TIMEOUT_MS: "1500",
      LLM_MAX_RETRIES: "0",
      LLM_CONCURRENCY: "2",
      LLM_PRICES: '{"llama3": {"input": 1, "output": 2}}',
      LOCAL_MODEL_PATH: "models/tiny.gguf",
      LOCAL_MODEL_THREADS: "1",
      LOCAL_MODEL_SEQUENCES: "2",
      LOCAL_MODEL_CONNECT_TIMEOUT_MS: "500",
      LOCAL_MODEL_STALL_TIMEOUT_MS: "700",
    });
    expect(c.openai).toEqual({ baseURL: "http://127.0.0.1:11434/v1", apiKey: undefined });
    expect(c.models).toEqual([
      { id: "llama3", provider: "openai" },
      { id: "tiny", provider: "local" },
    ]);
    expect(c.defaultModel).toBe("tiny");
    expect(c.judge).toEqual({ id: "big-judge", provider: "openai" });
    expect(c.reflection).toEqual({ id: "tiny", provider: "local" });
    expect(c.embedding).toEqual({ id: "nomic-embed", provider: "openai" });
    expect(c).toMatchObject({ timeoutMs: 1500, maxRetries: 0, concurrency: 2 });
    expect(c.prices).toEqual({ llama3: { input: 1, output: 2 } });
    expect(c.local).toMatchObject({
      modelPath: join(repoRoot(), "models", "tiny.gguf"),
      threads: 1,
      sequences: 2,
      connectTimeoutMs: 500,
      stallTimeoutMs: 700,
    });
  });

  it("rejects inconsistent configurations with a message naming the variable", () => {
    expect(() => parseLlmConfig({ OPENAI_API_KEY: "k", LLM_DEFAULT_MODEL: "nope" })).toThrow(
      /LLM_DEFAULT_MODEL "nope"/,
    );
    expect(() => parseLlmConfig({ LLM_MODELS: "gpt-4o@openai" })).toThrow(/OPENAI_BASE_URL/);
    expect(() => parseLlmConfig({ LLM_MODELS: "x@azure" })).toThrow(/Unknown LLM provider "azure"/);
    expect(() => parseLlmConfig({ LLM_PRICES: "{oops" })).toThrow(/LLM_PRICES must be JSON/);
    expect(() => parseLlmConfig({ OPENAI_BASE_URL: "not a url" })).toThrow(/OPENAI_BASE_URL/);
    expect(() => parseLlmConfig({ LLM_MAX_RETRIES: "99" })).toThrow(/LLM_MAX_RETRIES/);
    expect(() => parseLlmConfig({ LOCAL_MODEL_SEQUENCES: "0" })).toThrow(/LOCAL_MODEL_SEQUENCES/);
    expect(() => parseLlmConfig({ LOCAL_MODEL_SEQUENCES: "two" })).toThrow(/LOCAL_MODEL_SEQUENCES/);
    expect(() => parseLlmConfig({ LOCAL_MODEL_STALL_TIMEOUT_MS: "5" })).toThrow(
      /LOCAL_MODEL_STALL_TIMEOUT_MS/,
    );
  });

  it("names local models after their file", () => {
    expect(localModelId("/x/y/Model-Q4.gguf")).toBe("Model-Q4");
    expect(localModelId("hf:org/repo/file.gguf?download=1")).toBe("file");
    expect(parseLlmConfig({ LOCAL_MODEL_PATH: "m/stories260K.gguf" }).defaultModel).toBe(
      "stories260K",
    );
  });
});
