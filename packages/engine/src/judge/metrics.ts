/**
 * Cheap deterministic metrics for datasets with exact answers: no model call,
 * identical scores every time. Each returns feedback the reflection can use.
 */
import type { DatasetExample, Metric } from "@promptune/contracts";
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

/** Parses `expected` as `/pattern/flags` or a bare pattern (case-insensitive). */
export function parseExpectedRegex(expected: string): RegExp {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(expected);
  if (m) return new RegExp(m[1] as string, m[2]?.includes("i") ? m[2] : `${m[2] ?? ""}i`);
  return new RegExp(expected, "i");
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
  const pattern = parseExpectedRegex(expected);
  return pattern.test(reply)
    ? { score: 1, feedback: "The reply matches the required pattern." }
    : { score: 0, feedback: `The reply does not match the required pattern ${pattern}` };
}
