/**
 * Text helpers of the fixture LLM: the small, documented parsing rules its
 * deterministic answers are built from (docs/fixture-llm.md).
 */

/** One message as the fixture sees it after flattening content parts. */
export interface FixtureMessage {
  role: string;
  content: string;
}

/** Words of at least four letters that carry no meaning for the judge. */
export const STOP_WORDS = new Set([
  "about",
  "above",
  "after",
  "again",
  "also",
  "been",
  "before",
  "being",
  "below",
  "between",
  "both",
  "could",
  "does",
  "doing",
  "down",
  "during",
  "each",
  "from",
  "have",
  "having",
  "here",
  "into",
  "just",
  "more",
  "most",
  "must",
  "only",
  "other",
  "over",
  "same",
  "shall",
  "should",
  "some",
  "such",
  "than",
  "that",
  "their",
  "them",
  "then",
  "there",
  "these",
  "they",
  "this",
  "those",
  "through",
  "under",
  "until",
  "very",
  "were",
  "what",
  "when",
  "where",
  "which",
  "while",
  "will",
  "with",
  "would",
  "your",
  "yours",
]);

/** Lower-cased words (runs of letters and digits) of a text. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The fixture's token count: whitespace-separated pieces. */
export function countTokens(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** The body of the first `<tag>…</tag>` section found in any of the texts, or undefined. */
export function section(texts: string[], tag: string): string | undefined {
  const re = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`);
  for (const text of texts) {
    const m = re.exec(text);
    if (m) return m[1];
  }
  return undefined;
}

/** The text without any `<tag>…</tag>` sections, whitespace collapsed and trimmed. */
export function withoutSections(text: string): string {
  return text
    .replace(/<([a-z_]+)>[\s\S]*?<\/\1>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Lines of a section that start with `- `, without that marker. */
export function bulletLines(body: string | undefined): string[] {
  if (!body) return [];
  return body
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("- "))
    .map((l) => l.slice(2).trim())
    .filter(Boolean);
}

/** All system (and developer) messages joined by newlines. */
export function systemPromptOf(messages: FixtureMessage[]): string {
  return messages
    .filter((m) => m.role === "system" || m.role === "developer")
    .map((m) => m.content)
    .join("\n");
}

/** The content of the last user message ("" when there is none). */
export function lastUserMessage(messages: FixtureMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === "user") return m.content;
  }
  return "";
}

/**
 * Directives of a system prompt: sentences (split after . ! ? and at line
 * breaks) that start with the word `Always`; the word and the trailing
 * punctuation are dropped. Duplicates are kept once, in order.
 */
export function directivesOf(systemPrompt: string): string[] {
  const out: string[] = [];
  for (const raw of systemPrompt.split(/(?<=[.!?])\s+|\n+/)) {
    const m = /^Always\s+(.+)$/.exec(raw.trim());
    if (!m?.[1]) continue;
    const directive = m[1].replace(/[.!?]+$/, "").trim();
    if (directive && !out.includes(directive)) out.push(directive);
  }
  return out;
}

/** A 32-bit FNV-1a hash of a string. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
