/**
 * OpenAI-compatible provider (OpenAI, Azure, OpenRouter, vLLM, Ollama, LM
 * Studio, the test fixture) through the Vercel AI SDK: chat completions,
 * JSON-schema structured output and embeddings. SDK retries are off; the
 * gateway retries.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { type ChatMessage, jsonTextOf } from "@promptune/engine";
import {
  embedMany,
  extractJsonMiddleware,
  generateText,
  type ModelMessage,
  Output,
  wrapLanguageModel,
} from "ai";
import { BadOutput } from "../retry";
import type { LlmProvider } from "./types";

/** Builds the provider for one OpenAI-compatible endpoint. */
export function createOpenAiProvider(options: {
  baseURL: string;
  apiKey: string | undefined;
  concurrency: number;
  maxConcurrency: number;
}): LlmProvider {
  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: options.baseURL,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    includeUsage: true,
    supportsStructuredOutputs: true,
  });
  // Model objects are reused: building one compiles the SDK's response schemas,
  // which would otherwise cost CPU on every call.
  const models = new Map<string, ReturnType<typeof provider>>();
  const modelOf = (id: string) => {
    let model = models.get(id);
    if (!model) {
      model = provider(id);
      models.set(id, model);
    }
    return model;
  };

  // Structured answers are read past a ```json fence or a sentence around the object,
  // as models without structured-output support write them (`jsonTextOf`).
  const structuredModels = new Map<string, ReturnType<typeof wrapLanguageModel>>();
  const structuredModelOf = (id: string) => {
    let model = structuredModels.get(id);
    if (!model) {
      model = wrapLanguageModel({
        model: modelOf(id),
        middleware: extractJsonMiddleware({ transform: jsonTextOf }),
      });
      structuredModels.set(id, model);
    }
    return model;
  };

  return {
    kind: "openai",
    concurrency: options.concurrency,
    maxConcurrency: Math.max(options.concurrency, options.maxConcurrency),

    async complete(call) {
      const result = await generateText({
        model: modelOf(call.model),
        messages: toModelMessages(call.messages),
        allowSystemInMessages: true,
        temperature: call.temperature,
        ...(call.maxOutputTokens ? { maxOutputTokens: call.maxOutputTokens } : {}),
        maxRetries: 0,
        abortSignal: call.signal,
      });
      // A 200 whose message has no content (null, missing or empty) is a broken answer: retry it.
      if (result.text === "" && result.toolCalls.length === 0) {
        throw new BadOutput(`the provider answered "${call.model}" without message content`);
      }
      return {
        text: result.text,
        inputTokens: result.usage.inputTokens ?? 0,
        outputTokens: result.usage.outputTokens ?? 0,
      };
    },

    async completeStructured(call) {
      const result = await generateText({
        model: structuredModelOf(call.model),
        messages: toModelMessages(call.messages),
        allowSystemInMessages: true,
        temperature: call.temperature,
        ...(call.maxOutputTokens ? { maxOutputTokens: call.maxOutputTokens } : {}),
        output: Output.object({ schema: call.schema, name: call.schemaName }),
        maxRetries: 0,
        abortSignal: call.signal,
      });
      return {
        value: result.output,
        inputTokens: result.usage.inputTokens ?? 0,
        outputTokens: result.usage.outputTokens ?? 0,
      };
    },

    async embed(model, texts, signal) {
      const result = await embedMany({
        model: provider.embeddingModel(model),
        values: texts,
        maxRetries: 0,
        abortSignal: signal,
      });
      return { vectors: result.embeddings, inputTokens: result.usage.tokens ?? 0 };
    },

    async close() {},
  };
}

/** Our port's messages as AI SDK model messages. */
export function toModelMessages(messages: ChatMessage[]): ModelMessage[] {
  return messages.map((m): ModelMessage => {
    if (m.role === "system") return { role: "system", content: m.content };
    if (m.role === "assistant") return { role: "assistant", content: m.content };
    return { role: "user", content: m.content };
  });
}
