/**
 * The fixture LLM's answers: deterministic functions of the request, exactly
 * as docs/fixture-llm.md describes them, so tests can predict every reply and
 * an optimisation can measurably improve a prompt against this "model".
 */
import {
  bulletLines,
  directivesOf,
  type FixtureMessage,
  fnv1a,
  lastUserMessage,
  STOP_WORDS,
  section,
  systemPromptOf,
  withoutSections,
  wordsOf,
} from "./text";

/** Schema names with a documented behaviour. */
export const KNOWN_SCHEMAS = ["judge_verdict", "prompt_proposal", "delegation_plan"] as const;

/** Dimension of the fixture's embedding vectors. */
export const EMBEDDING_DIMENSIONS = 16;

/** Temperature a reflection proposal carries when the request names none. */
export const DEFAULT_PROPOSAL_TEMPERATURE = 0.7;

type JsonSchema = Record<string, unknown>;

/**
 * Assistant reply: `Answer: ` + the last user message (tag sections removed,
 * whitespace collapsed) cut to 60 characters, then each directive of the
 * system prompt on its own line, then (composer calls) the directive lines
 * carried by a `<worker_reports>` section of the last user message.
 */
export function assistantReply(messages: FixtureMessage[]): string {
  const last = lastUserMessage(messages);
  const lines = [`Answer: ${withoutSections(last).slice(0, 60)}`];
  for (const d of directivesOf(systemPromptOf(messages))) if (!lines.includes(d)) lines.push(d);
  for (const d of reportLines(section([last], "worker_reports")))
    if (!lines.includes(d)) lines.push(d);
  return lines.join("\n");
}

/** Lines of worker reports that are neither blank, `### ` headers nor `Answer:` lines. */
function reportLines(body: string | undefined): string[] {
  if (!body) return [];
  return body
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("### ") && !l.startsWith("Answer:"));
}

/** Words of a rubric item that the reply must contain: 4+ letters, no stop words. */
export function significantWords(item: string): string[] {
  return wordsOf(item).filter((w) => w.length >= 4 && !STOP_WORDS.has(w));
}

/** The fixture judge's answer; `rubric_items` only when the request's schema asks for it. */
export interface FixtureVerdict {
  score: number;
  feedback: string;
  rubric_items?: { item: string; met: boolean }[];
}

/**
 * The judge: share of `<rubric>` items whose significant words all occur in
 * `<reply>`, and (when the schema has `rubric_items`) each item marked met or not.
 */
export function judgeVerdict(messages: FixtureMessage[], schema?: JsonSchema): FixtureVerdict {
  const texts = messages.map((m) => m.content);
  const rubric = bulletLines(section(texts, "rubric"));
  const replyWords = new Set(wordsOf(section(texts, "reply") ?? ""));
  const missing = rubric.filter((item) => !significantWords(item).every((w) => replyWords.has(w)));
  const score = rubric.length === 0 ? 1 : (rubric.length - missing.length) / rubric.length;
  const feedback =
    missing.length === 0 ? "All rubric items satisfied." : `Missing: ${missing.join("; ")}`;
  if (!hasProperty(schema, "rubric_items")) return { score, feedback };
  return {
    score,
    feedback,
    rubric_items: rubric.map((item) => ({ item, met: !missing.includes(item) })),
  };
}

/**
 * Reflection: the `<current_prompt>` plus `Always <item>.` for the two most
 * frequent items of the `Missing:` lines in `<feedback>` that the prompt does
 * not already cover (ties: first seen first).
 */
export function promptProposal(
  messages: FixtureMessage[],
  schema?: JsonSchema,
): { prompt: string; rationale: string; temperature?: number } {
  const texts = messages.map((m) => m.content);
  const current = (section(texts, "current_prompt") ?? "").trim();
  const counts = new Map<string, number>();
  for (const line of (section(texts, "feedback") ?? "").split("\n")) {
    const at = line.indexOf("Missing:");
    if (at < 0) continue;
    for (const raw of line.slice(at + "Missing:".length).split(";")) {
      const item = raw.trim();
      if (item) counts.set(item, (counts.get(item) ?? 0) + 1);
    }
  }
  const lowerPrompt = current.toLowerCase();
  const chosen = [...counts.entries()]
    .filter(([item]) => !lowerPrompt.includes(`always ${item.toLowerCase()}`))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([item]) => item);
  const prompt = chosen.length
    ? [current, ...chosen.map((i) => `Always ${i}.`)].filter(Boolean).join("\n")
    : current;
  const rationale = chosen.length
    ? `Added directives for the most frequent missing items: ${chosen.join("; ")}.`
    : "No missing items; the prompt is unchanged.";
  const proposal: { prompt: string; rationale: string; temperature?: number } = {
    prompt,
    rationale,
  };
  if (hasProperty(schema, "temperature")) {
    const t = Number.parseFloat(section(texts, "temperature") ?? "");
    proposal.temperature = Number.isFinite(t) ? t : DEFAULT_PROPOSAL_TEMPERATURE;
  }
  return proposal;
}

/** Coordinator: delegates to every `<workers>` entry with `Handle: <question, 40 chars>`. */
export function delegationPlan(messages: FixtureMessage[]): {
  delegations: { worker: string; task: string }[];
} {
  const texts = messages.map((m) => m.content);
  const names = bulletLines(section(texts, "workers"))
    .map((line) => line.split(":")[0]?.trim() ?? "")
    .filter(Boolean);
  const task = `Handle: ${withoutSections(lastUserMessage(messages)).slice(0, 40)}`;
  return { delegations: names.map((worker) => ({ worker, task })) };
}

function hasProperty(schema: JsonSchema | undefined, name: string): boolean {
  const props = schema?.properties;
  return typeof props === "object" && props !== null && name in props;
}

/**
 * A minimal value that satisfies a JSON schema (first enum/const/alternative,
 * empty strings, minimums, minItems copies), for schema names without a
 * documented behaviour.
 */
export function exampleFor(schema: unknown, root: unknown = schema, depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 20) return null;
  const s = schema as JsonSchema;
  if (typeof s.$ref === "string") return exampleFor(resolveRef(root, s.$ref), root, depth + 1);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0] ?? null;
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return exampleFor(alternatives[0], root, depth + 1);
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== "null") ?? "null") : s.type;
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) out[k] = exampleFor(v, root, depth + 1);
      return out;
    }
    case "array": {
      const n = typeof s.minItems === "number" ? s.minItems : 0;
      return Array.from({ length: n }, () => exampleFor(s.items, root, depth + 1));
    }
    case "string":
      return "x".repeat(typeof s.minLength === "number" ? s.minLength : 0);
    case "number":
    case "integer":
      return typeof s.minimum === "number" ? s.minimum : 0;
    case "boolean":
      return false;
    default:
      return null;
  }
}

function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return null;
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** The structured answer for a schema name (documented kinds, else a schema example). */
export function structuredAnswer(
  schemaName: string,
  messages: FixtureMessage[],
  schema?: JsonSchema,
): unknown {
  switch (schemaName) {
    case "judge_verdict":
      return judgeVerdict(messages, schema);
    case "prompt_proposal":
      return promptProposal(messages, schema);
    case "delegation_plan":
      return delegationPlan(messages);
    default:
      return exampleFor(schema ?? {});
  }
}

/**
 * A 16-dimensional unit vector from hashing the text's words: each word adds
 * ±1 on one axis (axis and sign from its FNV-1a hash). Same text, same
 * vector; shared words, similar direction. A text without words maps to e0.
 */
export function embedText(text: string): number[] {
  const v = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  for (const w of wordsOf(text)) {
    const h = fnv1a(w);
    const axis = h % EMBEDDING_DIMENSIONS;
    v[axis] = (v[axis] ?? 0) + (h >>> 31 === 1 ? -1 : 1);
  }
  const norm = Math.hypot(...v);
  if (norm === 0) return v.map((_, i) => (i === 0 ? 1 : 0));
  return v.map((x) => x / norm);
}
