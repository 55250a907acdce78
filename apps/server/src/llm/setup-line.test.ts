import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseLlmConfig } from "./env";
import { createLlmGateway } from "./gateway";
import { describeLlmSetup } from "./setup-line";

const root = mkdtempSync(join(tmpdir(), "promptune-setup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the start-up line on LLM providers", () => {
  it("says the default local model is downloaded on first use, its size and folder", () => {
    const config = parseLlmConfig({ LOCAL_MODEL_DIR: join(root, "data", "models") });
    expect(describeLlmSetup(config, root)).toBe(
      "No LLM provider configured: chats and runs use the local model qwen2.5-0.5b-instruct-q4_k_m " +
        "(downloaded on first use from https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf, ~400 MB, into data/models); " +
        "set OPENAI_BASE_URL and/or OPENAI_API_KEY to use a provider instead",
    );
  });

  it("says when the model is already downloaded, and hides credentials in URLs", () => {
    const dir = join(root, "cache");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "tiny.gguf"), "x");
    const config = parseLlmConfig({
      LOCAL_MODEL_URL: "https://user:secret@models.example/tiny.gguf?token=abc",
      LOCAL_MODEL_DIR: dir,
    });
    expect(describeLlmSetup(config, root)).toMatch(
      /local model tiny \(already downloaded in cache\)/,
    );
    const fresh = parseLlmConfig({
      LOCAL_MODEL_URL: "https://user:secret@models.example/other.gguf?token=abc",
      LOCAL_MODEL_DIR: dir,
    });
    const line = describeLlmSetup(fresh, root);
    expect(line).toContain("from https://models.example/other.gguf, into cache");
    expect(line).not.toMatch(/secret|token|400 MB/);
  });

  it("names a configured LOCAL_MODEL_PATH", () => {
    const config = parseLlmConfig({ LOCAL_MODEL_PATH: join(root, "m", "stories.gguf") });
    expect(describeLlmSetup(config, root)).toMatch(/local model stories \(from m\/stories\.gguf\)/);
  });

  it("lists the models of an OpenAI-compatible provider and of the local model side by side", () => {
    const config = parseLlmConfig({
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
      LLM_MODELS: "llama3, tiny@local",
      LOCAL_MODEL_PATH: join(root, "tiny.gguf"),
    });
    expect(describeLlmSetup(config, root)).toBe(
      "LLM providers: llama3 via the OpenAI-compatible endpoint http://127.0.0.1:11434/v1; " +
        "tiny via the local model (from tiny.gguf) (default model llama3)",
    );
  });
});

describe("gateway status before any call", () => {
  it("reports the local model idle (it loads on first use)", async () => {
    const gw = createLlmGateway(parseLlmConfig({ LOCAL_MODEL_DIR: join(root, "models") }));
    expect(gw.status()).toEqual({
      providers: [{ provider: "local", models: ["qwen2.5-0.5b-instruct-q4_k_m"], state: "idle" }],
    });
    await gw.close();
  });

  it("reports an OpenAI-compatible provider ready, and the local one only when a model uses it", async () => {
    const openaiOnly = createLlmGateway(parseLlmConfig({ OPENAI_API_KEY: "sk-test" }));
    expect(openaiOnly.status().providers).toEqual([
      {
        provider: "openai",
        models: ["gpt-4.1-mini", "gpt-4o", "gpt-4o-mini", "gpt-4.1"],
        state: "ready",
      },
    ]);
    const both = createLlmGateway(
      parseLlmConfig({ OPENAI_API_KEY: "sk-test", LLM_MODELS: "gpt-4o,tiny@local" }),
    );
    expect(both.status().providers.map((p) => [p.provider, p.models, p.state])).toEqual([
      ["openai", ["gpt-4o"], "ready"],
      ["local", ["tiny"], "idle"],
    ]);
    await openaiOnly.close();
    await both.close();
  });
});
