/**
 * Local provider: a GGUF model on the CPU through node-llama-cpp. The model is
 * LOCAL_MODEL_PATH, or the default small instruct model downloaded from
 * LOCAL_MODEL_URL into LOCAL_MODEL_DIR on first use (progress bar on a TTY,
 * progress lines in the log otherwise). Structured output is constrained by a
 * grammar built from the JSON schema; embeddings use an embedding context.
 * One context holds LOCAL_MODEL_SEQUENCES sequences; each call takes a free
 * one, and node-llama-cpp evaluates the busy sequences together in one batch.
 */
import { existsSync } from "node:fs";
import type { LlmProviderState } from "@promptune/contracts";
import type { ChatMessage } from "@promptune/engine";
import type {
  ChatHistoryItem,
  ChatWrapper,
  Llama,
  LlamaContextSequence,
  LlamaEmbeddingContext,
  LlamaModel,
} from "node-llama-cpp";
import type { LocalModelConfig } from "../env";
import { LlmError } from "../errors";
import { BadOutput } from "../retry";
import { grammarSchemaOf } from "./gbnf-schema";
import { downloadLocalModel, type ProviderLogger, WHAT_TO_CONFIGURE } from "./local-download";
import { LocalModelStatus } from "./local-status";
import { Pool } from "./sequence-pool";
import type { LlmProvider, ProviderCall } from "./types";

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  sequences: Pool<LlamaContextSequence>;
  chatWrapper: ChatWrapper | "auto";
  embedding: Promise<LlamaEmbeddingContext> | null;
}

/** Largest context the provider allocates (the model's own limit if smaller). */
export const LOCAL_CONTEXT_SIZE = 4096;
/** Output cap when a request sets none. */
export const LOCAL_DEFAULT_MAX_TOKENS = 1024;

/** Builds the local provider; nothing is loaded until the first call. */
export function createLocalProvider(
  config: LocalModelConfig,
  logger?: ProviderLogger,
): LlmProvider & { status(): LlmProviderState } {
  let loading: Promise<Loaded> | null = null;
  const status = new LocalModelStatus();

  const load = (): Promise<Loaded> => {
    if (!loading) {
      loading = loadModel(config, status, logger);
      loading.then(
        () => status.set({ state: "ready" }),
        (error: unknown) => {
          status.set({ state: "failed", message: (error as Error).message });
          loading = null; // a later call may retry (e.g. once the network is back)
        },
      );
    }
    return loading;
  };

  const generate = async (call: ProviderCall, schema?: Record<string, unknown>) => {
    const loaded = await load();
    const { LlamaChatSession } = await import("node-llama-cpp");
    const { history, prompt } = toHistory(call.messages);
    const sequence = await loaded.sequences.take();
    const session = new LlamaChatSession({
      contextSequence: sequence,
      chatWrapper: loaded.chatWrapper,
      autoDisposeSequence: false,
    });
    try {
      session.setChatHistory(history);
      const grammar = schema
        ? await loaded.llama.createGrammarForJsonSchema(schema as never)
        : undefined;
      const before = meter(sequence);
      const text = await session.prompt(prompt, {
        maxTokens: call.maxOutputTokens ?? LOCAL_DEFAULT_MAX_TOKENS,
        temperature: call.temperature,
        signal: call.signal,
        ...(grammar ? { grammar } : {}),
      });
      const after = meter(sequence);
      return {
        text,
        inputTokens: after.input - before.input,
        outputTokens: after.output - before.output,
      };
    } finally {
      session.dispose({ disposeSequence: false });
      loaded.sequences.give(sequence);
    }
  };

  return {
    kind: "local",
    concurrency: config.sequences,
    status: () => status.get(),

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
      status.set({ state: "idle" });
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

async function loadModel(
  config: LocalModelConfig,
  status: LocalModelStatus,
  logger?: ProviderLogger,
): Promise<Loaded> {
  const path = config.modelPath ?? (await downloadLocalModel(config, status, logger));
  if (!existsSync(path)) {
    throw new LlmError(
      "llm_not_configured",
      `LOCAL_MODEL_PATH points at ${path}, which does not exist. ${WHAT_TO_CONFIGURE}`,
    );
  }
  status.set({ state: "loading" });
  const { getLlama, GeneralChatWrapper, LlamaLogLevel } = await import("node-llama-cpp");
  try {
    const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath: path });
    // Each sequence gets a context of this size of its own.
    const context = await model.createContext({
      threads: config.threads,
      sequences: config.sequences,
      contextSize: Math.min(model.trainContextSize, LOCAL_CONTEXT_SIZE),
    });
    const sequences = Array.from({ length: config.sequences }, () => context.getSequence());
    // Models without a chat template get a fixed, deterministic prompt format.
    const hasTemplate = Boolean(model.fileInfo.metadata?.tokenizer?.chat_template);
    logger?.info(
      { path, threads: config.threads, sequences: config.sequences, template: hasTemplate },
      "local model loaded",
    );
    return {
      llama,
      model,
      sequences: new Pool(sequences),
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
