/**
 * How the simulated reflection of the rule worlds (rule-agents.ts) reads and
 * writes a prompt: its sentences in any layout, the layout it writes a rewrite
 * in (`--lists`), and whether two sentences state the same rule in any of its
 * wordings (rule-wording.ts). Kept apart from the reflection's noise so the
 * text handling can be read on its own.
 */
import type { Prng } from "../../packages/engine/src/util/prng";
import {
  HEADING,
  LIST_MARKER,
  labelledRule,
  parseRule,
  rulePhrasing,
  SECTION_HEADING,
} from "./rule-wording";

/** The sentences of a prompt in any layout (list markers and headings dropped, as a reader skips them). */
export function sentences(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !HEADING.test(line))
    .map((line) => line.replace(LIST_MARKER, ""))
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The layouts `--lists mixed` draws from, one per rewrite. */
const LAYOUTS = ["none", "bullets", "numbers", "sections", "tags"] as const;

/** A rewritten prompt in the world's layout (`rulePhrasing.list`; `mixed`: one drawn with `rng`). */
export function laidOut(parts: readonly string[], rng: Prng): string {
  const style =
    rulePhrasing.list === "mixed" ? LAYOUTS[rng.int(LAYOUTS.length)] : rulePhrasing.list;
  if (style === "none") return parts.join(" ");
  const [first, ...rest] = parts;
  if (style === "sections") {
    const labelled = rest.map((p) => {
      const rule = rulePhrasing.generic ? undefined : parseRule(p);
      return `- ${rule ? labelledRule(rule.kind, rule.phrase) : p}`;
    });
    return labelled.length
      ? [first ?? "", "", SECTION_HEADING, ...labelled].join("\n")
      : (first ?? "");
  }
  if (style === "tags")
    return rest.length
      ? [first ?? "", "", "<rules>", ...rest, "</rules>"].join("\n")
      : (first ?? "");
  const items = rest.map((p, i) => (style === "bullets" ? `- ${p}` : `${i + 1}. ${p}`));
  return [first ?? "", ...items].join("\n");
}
/** The kind a rule is about, in either wording (`rulePhrasing`); undefined for other sentences. */
export function prefixOf(rule: string): string | undefined {
  return parseRule(rule)?.kind;
}

/** Whether two sentences are worded alike (case aside). */
export function sameWording(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Whether two sentences state the same rule (in any wording), or are the same sentence. */
export function sameSentence(a: string, b: string): boolean {
  if (sameWording(a, b)) return true;
  const x = parseRule(a);
  const y = parseRule(b);
  return x !== undefined && y !== undefined && x.kind === y.kind && x.phrase === y.phrase;
}
