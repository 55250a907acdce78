/**
 * Cheap deterministic metrics for datasets with exact answers: no model call,
 * identical scores every time. Each returns feedback the reflection can use.
 */
import type { DatasetExample, Metric } from "@promptune/contracts";
import { RE2JS } from "re2js";
import type { Verdict } from "./llm-judge";

/** Lower-cases, folds whitespace and strips surrounding punctuation and quotes. */
export function normalizeAnswer(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[\s"'`«»“”‘’([{]+|[\s"'`«»“”‘’)\]}.,;:!?]+$/g, "");
}

/** A user pattern compiled for linear-time matching. */
export interface ExpectedPattern {
  /** True when the pattern matches somewhere in `text`. */
  test(text: string): boolean;
  /** The pattern as the dataset wrote it (for feedback). */
  readonly source: string;
}

/** JavaScript flags a pattern may carry and the RE2 flag each maps to (0: no effect on a test). */
const FLAGS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  u: 0,
  g: 0,
  y: 0,
  d: 0,
  v: 0,
};

const compiled = new Map<string, ExpectedPattern>();
const CACHE_LIMIT = 2_000;

/**
 * Parses `expected` as `/pattern/flags` or a bare pattern (always
 * case-insensitive) and compiles it with RE2 (the `re2js` port), whose
 * matching time is linear in the reply's length: a user's pattern such as
 * `(a+)+$` cannot stall the process the way a backtracking RegExp does.
 * Throws an Error saying why for syntax RE2 does not support
 * (backreferences, lookahead) or an invalid pattern.
 */
export function compileExpectedPattern(expected: string): ExpectedPattern {
  const cached = compiled.get(expected);
  if (cached) return cached;
  const m = /^\/(.*)\/([a-z]*)$/s.exec(expected);
  const body = m ? (m[1] as string) : expected;
  let flags = RE2JS.CASE_INSENSITIVE | RE2JS.LOOKBEHINDS;
  for (const flag of m?.[2] ?? "") {
    const bit = FLAGS[flag];
    if (bit === undefined) throw new Error(`unknown regex flag "${flag}"`);
    flags |= bit;
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(body, flags);
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : "";
    throw new Error(`unsupported or invalid pattern: ${why || String(error)}`);
  }
  const pattern: ExpectedPattern = { test: (text) => re.test(text), source: expected };
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(expected, pattern);
  return pattern;
}

function clip(text: string, n = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > n ? `${flat.slice(0, n)}…` : flat;
}

/**
 * Whether `reply` contains `expected` (both normalised) as a whole token
 * sequence: "168" is found in "the answer is 168." but not in "1680".
 */
export function containsAnswer(reply: string, expected: string): boolean {
  const want = normalizeAnswer(expected);
  if (!want) return true;
  const escaped = want.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const before = /^[\p{L}\p{N}]/u.test(want) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = /[\p{L}\p{N}]$/u.test(want) ? "(?![\\p{L}\\p{N}])" : "";
  return new RegExp(`${before}${escaped}${after}`, "u").test(normalizeAnswer(reply));
}

/** The answer an exact/contains/regex metric compares against: `expected`, else the reference. */
export function expectedAnswer(example: DatasetExample): string {
  return example.expected ?? example.reference;
}

/** Scores `reply` with a deterministic metric (`metric` must not be "judge"). */
export function scoreDeterministic(
  metric: Exclude<Metric, "judge">,
  example: DatasetExample,
  reply: string,
): Verdict {
  const expected = expectedAnswer(example);
  if (metric === "exact") {
    const ok = normalizeAnswer(reply) === normalizeAnswer(expected);
    return ok
      ? { score: 1, feedback: "Exact match." }
      : {
          score: 0,
          feedback: `Expected exactly: "${clip(expected)}"; the reply was: "${clip(reply)}"`,
        };
  }
  if (metric === "contains") {
    const ok = containsAnswer(reply, expected);
    return ok
      ? { score: 1, feedback: "The reply contains the expected answer." }
      : { score: 0, feedback: `Expected the reply to contain: "${clip(expected)}"` };
  }
  const pattern = compileExpectedPattern(expected);
  return pattern.test(reply)
    ? { score: 1, feedback: "The reply matches the required pattern." }
    : {
        score: 0,
        feedback: `The reply does not match the required pattern ${clip(pattern.source)}`,
      };
}
