/**
 * The OpenAI wire format as the fixture speaks it: reading chat-completion and
 * embedding requests, and building complete answers, SSE chunks and errors.
 */
import { assistantReply, embedText, structuredAnswer } from "./behaviour";
import { countTokens, type FixtureMessage } from "./text";

/** A chat-completion request reduced to what the fixture's behaviour needs. */
export interface ChatCall {
  model: string;
  messages: FixtureMessage[];
  temperature: number | null;
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number | null;
  /** `plain`, a schema name, or `json_object`. */
  kind: string;
  /** How a structured answer is delivered. */
  delivery: "text" | "tool";
  schema: Record<string, unknown> | undefined;
}

/** The computed answer of a chat call. */
export interface ChatAnswer {
  content: string;
  finishReason: "stop" | "length" | "tool_calls";
  toolName?: string;
  promptTokens: number;
  completionTokens: number;
}

/** Thrown for a request the fixture cannot read; becomes a 400. */
export class BadRequest extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function flattenContent(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (isObj(p) && typeof p.text === "string" ? p.text : ""))
      .filter(Boolean)
      .join("\n");
  }
  return "";
}

/** Reads a POST /v1/chat/completions body; throws BadRequest when it is not one. */
export function parseChatCall(body: unknown): ChatCall {
  if (!isObj(body)) throw new BadRequest("body must be a JSON object");
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw new BadRequest("messages must be a non-empty array");
  }
  const messages = body.messages.map((m, i) => {
    if (!isObj(m) || typeof m.role !== "string")
      throw new BadRequest(`messages[${i}] is malformed`);
    return { role: m.role, content: flattenContent(m.content) };
  });
  const call: ChatCall = {
    model: typeof body.model === "string" ? body.model : "",
    messages,
    temperature: typeof body.temperature === "number" ? body.temperature : null,
    stream: body.stream === true,
    includeUsage: isObj(body.stream_options) && body.stream_options.include_usage === true,
    maxTokens: numberOr(body.max_tokens) ?? numberOr(body.max_completion_tokens),
    kind: "plain",
    delivery: "text",
    schema: undefined,
  };
  const format = body.response_format;
  if (isObj(format) && format.type === "json_schema" && isObj(format.json_schema)) {
    call.kind = typeof format.json_schema.name === "string" ? format.json_schema.name : "response";
    call.schema = isObj(format.json_schema.schema) ? format.json_schema.schema : undefined;
  } else if (isObj(format) && format.type === "json_object") {
    call.kind = "json_object";
  }
  const tool = chosenTool(body.tools, body.tool_choice);
  if (tool) {
    call.kind = tool.name;
    call.schema = tool.parameters;
    call.delivery = "tool";
  }
  return call;
}

function numberOr(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.floor(v) : null;
}

/** The tool the model must call: the named one, or the only one unless tool_choice is none/auto with several. */
function chosenTool(
  tools: unknown,
  choice: unknown,
): { name: string; parameters: Obj | undefined } | undefined {
  if (!Array.isArray(tools) || tools.length === 0 || choice === "none") return undefined;
  const fns = tools
    .map((t) => (isObj(t) && isObj(t.function) ? t.function : undefined))
    .filter((f): f is Obj => f !== undefined && typeof f.name === "string");
  let picked: Obj | undefined;
  if (isObj(choice) && isObj(choice.function)) {
    const fn = choice.function;
    picked = fns.find((f) => f.name === fn.name);
  } else if (choice === "required" || fns.length === 1) {
    picked = fns[0];
  }
  if (!picked) return undefined;
  return {
    name: String(picked.name),
    parameters: isObj(picked.parameters) ? picked.parameters : undefined,
  };
}

/** Computes the deterministic answer of a chat call (docs/fixture-llm.md). */
export function answerChat(call: ChatCall): ChatAnswer {
  const promptTokens = call.messages.reduce((n, m) => n + countTokens(m.content), 0);
  if (call.kind === "plain") {
    let content = assistantReply(call.messages);
    let finishReason: ChatAnswer["finishReason"] = "stop";
    if (call.maxTokens !== null && countTokens(content) > call.maxTokens) {
      content = firstTokens(content, call.maxTokens);
      finishReason = "length";
    }
    return { content, finishReason, promptTokens, completionTokens: countTokens(content) };
  }
  const value =
    call.kind === "json_object" ? {} : structuredAnswer(call.kind, call.messages, call.schema);
  const content = JSON.stringify(value);
  const answer: ChatAnswer = {
    content,
    finishReason: call.delivery === "tool" ? "tool_calls" : "stop",
    promptTokens,
    completionTokens: countTokens(content),
  };
  if (call.delivery === "tool") answer.toolName = call.kind;
  return answer;
}

function firstTokens(text: string, n: number): string {
  const re = /\S+/g;
  let end = 0;
  for (let i = 0; i < n; i++) {
    const m = re.exec(text);
    if (!m) break;
    end = m.index + m[0].length;
  }
  return text.slice(0, end);
}

/** A complete `chat.completion` object. */
export function completionBody(id: string, call: ChatCall, answer: ChatAnswer): Obj {
  const message: Obj =
    answer.toolName !== undefined
      ? {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: `call_${id}`,
              type: "function",
              function: { name: answer.toolName, arguments: answer.content },
            },
          ],
        }
      : { role: "assistant", content: answer.content };
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: call.model,
    choices: [{ index: 0, message, finish_reason: answer.finishReason }],
    usage: usageOf(answer),
  };
}

function usageOf(answer: ChatAnswer): Obj {
  return {
    prompt_tokens: answer.promptTokens,
    completion_tokens: answer.completionTokens,
    total_tokens: answer.promptTokens + answer.completionTokens,
  };
}

/** The SSE `data:` payloads of a streamed answer (content in word-sized deltas), ending with [DONE]. */
export function streamEvents(id: string, call: ChatCall, answer: ChatAnswer): string[] {
  const base = {
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: call.model,
  };
  const chunk = (delta: Obj, finish: string | null) =>
    JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const events: string[] = [];
  if (answer.toolName !== undefined) {
    events.push(
      chunk(
        {
          role: "assistant",
          tool_calls: [
            {
              index: 0,
              id: `call_${id}`,
              type: "function",
              function: { name: answer.toolName, arguments: "" },
            },
          ],
        },
        null,
      ),
    );
    for (const piece of pieces(answer.content)) {
      events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }, null));
    }
  } else {
    events.push(chunk({ role: "assistant", content: "" }, null));
    for (const piece of pieces(answer.content)) events.push(chunk({ content: piece }, null));
  }
  events.push(chunk({}, answer.finishReason));
  if (call.includeUsage)
    events.push(JSON.stringify({ ...base, choices: [], usage: usageOf(answer) }));
  events.push("[DONE]");
  return events;
}

/** Splits text into pieces that each end after a run of whitespace (concatenation = text). */
function pieces(text: string): string[] {
  return text.match(/\S*\s*/g)?.filter(Boolean) ?? [];
}

/** Reads a POST /v1/embeddings body into its input texts. */
export function parseEmbeddingInput(body: unknown): { model: string; texts: string[] } {
  if (!isObj(body)) throw new BadRequest("body must be a JSON object");
  const input = body.input;
  const texts = typeof input === "string" ? [input] : input;
  if (!Array.isArray(texts) || texts.length === 0 || !texts.every((t) => typeof t === "string")) {
    throw new BadRequest("input must be a string or a non-empty array of strings");
  }
  return { model: typeof body.model === "string" ? body.model : "", texts };
}

/** A complete embeddings answer. */
export function embeddingsBody(model: string, texts: string[]): Obj {
  const tokens = texts.reduce((n, t) => n + countTokens(t), 0);
  return {
    object: "list",
    data: texts.map((t, index) => ({ object: "embedding", index, embedding: embedText(t) })),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

/** An OpenAI-style error body. */
export function errorBody(message: string, type: string, code?: string): Obj {
  return { error: { message, type, param: null, code: code ?? null } };
}
