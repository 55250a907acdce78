/**
 * Local provider: a GGUF model on the CPU through node-llama-cpp. The model is
 * LOCAL_MODEL_PATH, or the default small instruct model downloaded from
 * LOCAL_MODEL_URL into LOCAL_MODEL_DIR on first use (progress bar on a TTY,
 * progress lines in the log otherwise). Structured output is constrained by a
 * grammar built from the JSON schema; embeddings use an embedding context.
 * One call runs at a time (one context sequence).
 */
import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { ChatMessage } from "@promptune/engine";
import type {
  ChatHistoryItem,
  ChatWrapper,
  Llama,
  LlamaContextSequence,
  LlamaEmbeddingContext,
  LlamaModel,
} from "node-llama-cpp";
import type { LlmConfig } from "../env";
import { LlmError } from "../errors";
import { BadOutput } from "../retry";
import { grammarSchemaOf } from "./gbnf-schema";
import type { LlmProvider, ProviderCall } from "./types";

/** Logger shape the gateway passes down. */
export interface ProviderLogger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  sequence: LlamaContextSequence;
  chatWrapper: ChatWrapper | "auto";
  embedding: Promise<LlamaEmbeddingContext> | null;
}

/** Largest context the provider allocates (the model's own limit if smaller). */
export const LOCAL_CONTEXT_SIZE = 4096;
/** Output cap when a request sets none. */
export const LOCAL_DEFAULT_MAX_TOKENS = 1024;

const WHAT_TO_CONFIGURE =
  "Configure an OpenAI-compatible provider with OPENAI_BASE_URL and/or OPENAI_API_KEY, or set LOCAL_MODEL_PATH to a GGUF model file.";

/** Builds the local provider; nothing is loaded until the first call. */
export function createLocalProvider(
  config: LlmConfig["local"],
  logger?: ProviderLogger,
): LlmProvider {
  let loading: Promise<Loaded> | null = null;

  const load = (): Promise<Loaded> => {
    if (!loading) {
      loading = loadModel(config, logger);
      loading.catch(() => {
        loading = null; // a later call may retry (e.g. once the network is back)
      });
    }
    return loading;
  };

  const generate = async (call: ProviderCall, schema?: Record<string, unknown>) => {
    const loaded = await load();
    const { LlamaChatSession } = await import("node-llama-cpp");
    const { history, prompt } = toHistory(call.messages);
    const session = new LlamaChatSession({
      contextSequence: loaded.sequence,
      chatWrapper: loaded.chatWrapper,
      autoDisposeSequence: false,
    });
    try {
      session.setChatHistory(history);
      const grammar = schema
        ? await loaded.llama.createGrammarForJsonSchema(schema as never)
        : undefined;
      const before = meter(loaded.sequence);
      const text = await session.prompt(prompt, {
        maxTokens: call.maxOutputTokens ?? LOCAL_DEFAULT_MAX_TOKENS,
        temperature: call.temperature,
        signal: call.signal,
        ...(grammar ? { grammar } : {}),
      });
      const after = meter(loaded.sequence);
      return {
        text,
        inputTokens: after.input - before.input,
        outputTokens: after.output - before.output,
      };
    } finally {
      session.dispose({ disposeSequence: false });
    }
  };

  return {
    kind: "local",
    concurrency: 1,

    async prepare() {
      await load();
    },

    complete: (call) => generate(call),

    async completeStructured(call) {
      const result = await generate(call, grammarSchemaOf(call.schema));
      let parsed: unknown;
      try {
        parsed = JSON.parse(result.text);
      } catch (error) {
        throw new BadOutput(`the local model returned invalid JSON for ${call.schemaName}`, {
          cause: error,
        });
      }
      const checked = call.schema.safeParse(parsed);
      if (!checked.success) {
        throw new BadOutput(`the local model's ${call.schemaName} does not match the schema`, {
          cause: checked.error,
        });
      }
      return {
        value: checked.data,
        inputTokens: result.inputTokens,
        outputTokens: result.outputTokens,
      };
    },

    async embed(_model, texts, signal) {
      const loaded = await load();
      loaded.embedding ??= loaded.model.createEmbeddingContext({ threads: config.threads });
      const context = await loaded.embedding;
      const vectors: number[][] = [];
      let inputTokens = 0;
      for (const text of texts) {
        signal.throwIfAborted();
        inputTokens += loaded.model.tokenize(text).length;
        vectors.push([...(await context.getEmbeddingFor(text)).vector]);
      }
      return { vectors, inputTokens };
    },

    async close() {
      const current = loading;
      loading = null;
      if (!current) return;
      const loaded = await current.catch(() => null);
      if (!loaded) return;
      if (loaded.embedding) await (await loaded.embedding).dispose();
      await loaded.model.dispose();
      await loaded.llama.dispose();
    },
  };
}

function meter(sequence: LlamaContextSequence): { input: number; output: number } {
  return {
    input: sequence.tokenMeter.usedInputTokens,
    output: sequence.tokenMeter.usedOutputTokens,
  };
}

/** Splits messages into node-llama-cpp chat history and the final user prompt. */
export function toHistory(messages: ChatMessage[]): { history: ChatHistoryItem[]; prompt: string } {
  const last = messages.at(-1);
  const prompt = last?.role === "user" ? last.content : "";
  const earlier = last?.role === "user" ? messages.slice(0, -1) : messages;
  const history = earlier.map((m): ChatHistoryItem => {
    if (m.role === "system") return { type: "system", text: m.content };
    if (m.role === "assistant") return { type: "model", response: [m.content] };
    return { type: "user", text: m.content };
  });
  return { history, prompt };
}

async function loadModel(config: LlmConfig["local"], logger?: ProviderLogger): Promise<Loaded> {
  const path = config.modelPath ? resolve(config.modelPath) : await download(config, logger);
  if (!existsSync(path)) {
    throw new LlmError(
      "llm_not_configured",
      `LOCAL_MODEL_PATH points at ${path}, which does not exist. ${WHAT_TO_CONFIGURE}`,
    );
  }
  const { getLlama, GeneralChatWrapper, LlamaLogLevel } = await import("node-llama-cpp");
  try {
    const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath: path });
    const context = await model.createContext({
      threads: config.threads,
      contextSize: Math.min(model.trainContextSize, LOCAL_CONTEXT_SIZE),
    });
    // Models without a chat template get a fixed, deterministic prompt format.
    const hasTemplate = Boolean(model.fileInfo.metadata?.tokenizer?.chat_template);
    logger?.info({ path, threads: config.threads, template: hasTemplate }, "local model loaded");
    return {
      llama,
      model,
      sequence: context.getSequence(),
      chatWrapper: hasTemplate ? "auto" : new GeneralChatWrapper(),
      embedding: null,
    };
  } catch (error) {
    throw new LlmError(
      "llm_not_configured",
      `The local model ${path} could not be loaded (${(error as Error).message}). ${WHAT_TO_CONFIGURE}`,
      { cause: error },
    );
  }
}

async function download(config: LlmConfig["local"], logger?: ProviderLogger): Promise<string> {
  const { resolveModelFile } = await import("node-llama-cpp");
  const directory = resolve(config.modelDir);
  mkdirSync(directory, { recursive: true });
  let lastDecile = -1;
  try {
    return await resolveModelFile(config.modelUrl, {
      directory,
      cli: Boolean(process.stderr.isTTY),
      onProgress: ({ totalSize, downloadedSize }) => {
        const decile = totalSize > 0 ? Math.floor((downloadedSize / totalSize) * 10) : 0;
        if (decile === lastDecile) return;
        lastDecile = decile;
        logger?.info(
          {
            url: config.modelUrl,
            downloadedMb: Math.round(downloadedSize / 1e6),
            totalMb: Math.round(totalSize / 1e6),
          },
          `downloading the default local model: ${decile * 10}%`,
        );
      },
    });
  } catch (error) {
    throw new LlmError(
      "llm_not_configured",
      `No language model is available: downloading the default local model from ${config.modelUrl} failed (${(error as Error).message}). ${WHAT_TO_CONFIGURE}`,
      { cause: error },
    );
  }
}
