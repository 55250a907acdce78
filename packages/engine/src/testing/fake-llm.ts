/**
 * An in-process fake of the language-model port for unit tests. It follows
 * the same documented rules as the fixture LLM server (docs/fixture-llm.md):
 * replies echo the system prompt's `Always …` directives, the judge checks
 * that every 4+ letter word of each rubric item occurs in the reply, and the
 * reflection adds `Always <item>.` for the most frequent missing items. Hooks
 * let tests count calls, add latency, fail or cancel at chosen points.
 */
import type { DatasetExample } from "@promptune/contracts";
import type {
  CallPurpose,
  CompletionRequest,
  LlmPort,
  LlmUsage,
  StructuredRequest,
} from "../ports";

/** One recorded call. */
export interface FakeCall {
  purpose: CallPurpose;
  schemaName?: string;
  model: string;
  temperature: number;
  system: string;
  user: string;
}

/** Behaviour switches of the fake. */
export interface FakeLlmOptions {
  /** Milliseconds every call takes. */
  latencyMs?: number;
  /** Missing items added per reflection (default 2). */
  itemsPerProposal?: number;
  /** Replaces the reflection's answer (e.g. to propose worse prompts). */
  reflect?: (
    current: string,
    missing: string[],
    call: FakeCall,
  ) => {
    prompt: string;
    temperature?: number;
    also?: { component: string; text: string }[];
  };
  /** Called before each call is answered; throw to inject a failure. */
  beforeCall?: (call: FakeCall, index: number) => void | Promise<void>;
  /** Provide `embed` (hashed words, 16 dimensions). Default false. */
  embeddings?: boolean;
  /** USD per token (input and output, 4 characters each) instead of $0.001 per call. */
  costPerToken?: number;
}

/** A fake port plus what tests inspect. */
export interface FakeLlm extends LlmPort {
  calls: FakeCall[];
  maxInFlight: number;
  inFlight: number;
}

const STOP = new Set([
  "about",
  "from",
  "have",
  "into",
  "that",
  "their",
  "them",
  "this",
  "when",
  "with",
  "your",
]);

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Body of the first `<tag>…</tag>` in `text`. */
export function tagBody(text: string, tag: string): string {
  const m = new RegExp(`<${tag}>\\n?([\\s\\S]*?)\\n?</${tag}>`).exec(text);
  return m?.[1] ?? "";
}

/** `Always …` sentences of a prompt without the word and the final period. */
export function directives(prompt: string): string[] {
  return prompt
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => /^Always\s+(.+?)[.!?]*$/.exec(s.trim())?.[1])
    .filter((s): s is string => Boolean(s));
}

function usage(input: string, output: string, costPerToken?: number): LlmUsage {
  const inputTokens = Math.ceil(input.length / 4);
  const outputTokens = Math.ceil(output.length / 4);
  return {
    calls: 1,
    inputTokens,
    outputTokens,
    costUsd: costPerToken === undefined ? 0.001 : (inputTokens + outputTokens) * costPerToken,
    cachedCalls: 0,
  };
}

function describe(request: CompletionRequest, schemaName?: string): FakeCall {
  const system = request.messages
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");
  const users = request.messages.filter((m) => m.role === "user");
  return {
    purpose: request.purpose,
    schemaName,
    model: request.model,
    temperature: request.temperature,
    system,
    user: users[users.length - 1]?.content ?? "",
  };
}

/** Builds the fake port. */
export function createFakeLlm(options: FakeLlmOptions = {}): FakeLlm {
  const fake: FakeLlm = {
    calls: [],
    maxInFlight: 0,
    inFlight: 0,
    async complete(request) {
      const call = describe(request);
      await enter(call, request.signal);
      try {
        const reports = tagBody(call.user, "worker_reports")
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => l && !l.startsWith("### ") && !l.startsWith("Answer:"));
        const question = call.user.replace(/<(\w+)>[\s\S]*?<\/\1>/g, "").trim();
        const lines = [`Answer: ${question.slice(0, 40)}`, ...directives(call.system), ...reports];
        const text = [...new Set(lines)].join("\n");
        return { text, usage: usage(call.system + call.user, text, options.costPerToken) };
      } finally {
        fake.inFlight--;
      }
    },
    async completeStructured<T>(request: StructuredRequest<T>) {
      const call = describe(request, request.schemaName);
      await enter(call, request.signal);
      try {
        const value = request.schema.parse(structured(call)) as T;
        return { value, usage: usage(call.user, JSON.stringify(value), options.costPerToken) };
      } finally {
        fake.inFlight--;
      }
    },
  };
  if (options.embeddings) {
    fake.embed = async (request) => {
      const call: FakeCall = {
        purpose: "embedding",
        model: "embed",
        temperature: 0,
        system: "",
        user: request.texts.join("\n"),
      };
      await enter(call, request.signal);
      fake.inFlight--;
      return {
        vectors: request.texts.map(hashVector),
        usage: usage(call.user, "", options.costPerToken),
      };
    };
  }

  async function enter(call: FakeCall, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw Object.assign(new Error("aborted"), { name: "AbortError" });
    const index = fake.calls.length;
    fake.calls.push(call);
    fake.inFlight++;
    fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
    try {
      await options.beforeCall?.(call, index);
      if (options.latencyMs) await sleep(options.latencyMs, signal);
    } catch (err) {
      fake.inFlight--;
      throw err;
    }
  }

  function structured(call: FakeCall): unknown {
    if (call.schemaName === "judge_verdict") {
      const rubric = tagBody(call.user, "rubric")
        .split("\n")
        .filter((l) => l.startsWith("- "))
        .map((l) => l.slice(2).trim());
      const reply = new Set(words(tagBody(call.user, "reply")));
      const missing = rubric.filter(
        (item) => !words(item).every((w) => w.length < 4 || STOP.has(w) || reply.has(w)),
      );
      const score = rubric.length ? (rubric.length - missing.length) / rubric.length : 1;
      return {
        score,
        feedback: missing.length ? `Missing: ${missing.join("; ")}` : "All rubric items satisfied.",
        rubric_items: rubric.map((item) => ({ item, met: !missing.includes(item) })),
      };
    }
    if (call.schemaName === "prompt_proposal") {
      const current = tagBody(call.user, "current_prompt");
      const counts = new Map<string, number>();
      for (const line of tagBody(call.user, "feedback").split("\n")) {
        if (!line.startsWith("Missing: ")) continue;
        for (const item of line
          .slice(9)
          .split(";")
          .map((s) => s.trim())
          .filter(Boolean)) {
          counts.set(item, (counts.get(item) ?? 0) + 1);
        }
      }
      const missing = [...counts.entries()]
        .filter(([item]) => !current.toLowerCase().includes(`always ${item.toLowerCase()}`))
        .sort((a, b) => b[1] - a[1])
        .map(([item]) => item);
      const temperatureText = tagBody(call.user, "temperature").trim();
      const currentTemperature = temperatureText ? Number(temperatureText) : undefined;
      if (options.reflect) {
        const out = options.reflect(current, missing, call);
        return { rationale: "custom", temperature: currentTemperature ?? 0.5, ...out };
      }
      const added = missing.slice(0, options.itemsPerProposal ?? 2).map((i) => `Always ${i}.`);
      return {
        prompt: [current, ...added].filter(Boolean).join("\n"),
        rationale: `added ${added.length}`,
        ...(currentTemperature === undefined ? {} : { temperature: currentTemperature }),
      };
    }
    if (call.schemaName === "delegation_plan") {
      const names = tagBody(`${call.system}\n${call.user}`, "workers")
        .split("\n")
        .filter((l) => l.startsWith("- "))
        .map((l) => l.slice(2).split(":")[0]?.trim() ?? "");
      return {
        delegations: names.filter(Boolean).map((worker) => ({ worker, task: "Handle it" })),
      };
    }
    throw new Error(`fake LLM: unknown schema ${call.schemaName}`);
  }

  return fake;
}

function hashVector(text: string): number[] {
  const v = new Array<number>(16).fill(0);
  for (const w of words(text)) {
    let h = 0x811c9dc5;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193) >>> 0;
    v[h % 16] = (v[h % 16] ?? 0) + (h >>> 31 ? -1 : 1);
  }
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(t);
      reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The pool of rubric items of `syntheticExamples`. */
export const SYNTHETIC_RUBRIC_ITEMS = [
  "ask for the order number",
  "apologise for the inconvenience",
  "offer a refund or replacement",
  "mention the tracking link",
  "confirm the account email",
  "explain the return window",
  "suggest resetting the password",
  "promise a follow-up within a day",
];

/** A synthetic dataset of `n` examples whose rubric items come from a fixed pool of phrases. */
export function syntheticExamples(n: number): DatasetExample[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `ex-${i}`,
    domain: ["billing", "shipping", "account"][i % 3],
    dialog: [{ type: "human" as const, content: `Question ${i}: please help me.` }],
    reference: "A helpful reference reply.",
    rubric: [
      SYNTHETIC_RUBRIC_ITEMS[i % SYNTHETIC_RUBRIC_ITEMS.length] as string,
      SYNTHETIC_RUBRIC_ITEMS[(i * 3 + 1) % SYNTHETIC_RUBRIC_ITEMS.length] as string,
    ],
  }));
}
