/**
 * How the rule worlds (rule-world.ts) word their text, and how they read it
 * back: the right phrases, the vague paraphrase, the plausible harmful rules,
 * filler and greeting; every wording of a kind's rule (`--generic-rules`,
 * `--reword`) and the layouts a prompt may be written in (`--lists`); and the
 * switch to French (`--language`). The world's model and its simulated
 * reflection (rule-agents.ts) share these, so a rule the reflection writes is
 * one the world recognises. The texts are live bindings: `useLanguage`
 * replaces them once, before any world is built.
 */
import { FRENCH, type WorldLanguage } from "./language";

/** Generic rules a reflection finds plausible; each hurts half of the kinds. */
export let GENERIC_HARMFUL = [
  "Keep every reply short.",
  "Always hand the case over to a person when unsure.",
  "Always explain your reasoning before the answer.",
];
/** Sentences that add length and state no checkable behaviour. */
export let FILLER = [
  "Be helpful, accurate and professional.",
  "Strive for quality in every reply.",
  "Take care to do your best work at all times.",
  "Your goal is to give great answers.",
  "Think about what the user really needs.",
];
/** The right phrases a kind's rule may state; each kind needs one of them (drawn per seed). */
export let KEY_PHRASES = [
  "quote the exact code",
  "give the code then its check digit",
  "give the code in capitals",
];
/** A rule's vague paraphrase: it omits the key fact and has only part of the effect. */
export let VAGUE = "mind the usual format";
/** Format worlds: how a slipped reply opens (the reflection recognises it). */
export let GREETING = "Hello, thanks for reaching out!";
/** Format worlds: how a slipped reply closes. */
export let SIGN_OFF = "Kind regards.";
/** The language the rule worlds are written in (`--language`): English unless set. */
export let worldLanguage: WorldLanguage | undefined;

/**
 * `--language fr`: every rule world's own text — its rules, paraphrases,
 * plausible harmful rules, filler, greeting, seed prompts and rubric — in
 * French, as a team that works in French writes its prompts; the kinds keep
 * their labels. Called once, before any world is built.
 */
export function useLanguage(lang: "en" | "fr"): void {
  if (lang === "en") return;
  worldLanguage = FRENCH;
  GENERIC_HARMFUL = FRENCH.harmful;
  FILLER = FRENCH.filler;
  KEY_PHRASES = FRENCH.phrases;
  VAGUE = FRENCH.vague;
  GREETING = FRENCH.greeting;
  SIGN_OFF = FRENCH.signOff;
  SECTION_HEADING = FRENCH.sectionHeading;
}

/**
 * How a kind's rule is worded. `--generic-rules` words every rule as a generic
 * instruction ("Always quote the exact code in express cases.") instead of one
 * that opens with its case: the engine's wording heuristics (conflicting
 * additions, pruning of generic additions) then see every fix as generic.
 */
export const rulePhrasing: { generic: boolean; reword: number; list: ListStyle } = {
  generic: false,
  reword: 0,
  list: "none",
};

/**
 * How the world's reflection lays out the prompts it writes. `--lists bullets`
 * or `--lists numbers`: the task's statement on its first line and every other
 * instruction on a line of its own, as a markdown bullet ("- For blood cases,
 * …") or a numbered item ("2. For blood cases, …"), as real models often write
 * system prompts. `--lists sections`: the task's statement, then a markdown
 * heading ("## Guidelines") over bullets, each kind's rule written as a bold
 * label ("- **Blood cases:** quote the exact code."). `--lists tags`: the
 * task's statement, then every other instruction on a line of its own between
 * `<rules>` and `</rules>` lines, as prompts written for some models are.
 * `--lists mixed`: each rewrite in one of those five layouts, drawn afresh,
 * as a model that keeps no house style writes. The world reads a prompt's
 * instructions the same in any layout.
 */
export type ListStyle = "none" | "bullets" | "numbers" | "sections" | "tags" | "mixed";

/** Whether the world's reflection may word a kind's rule as a bold label. */
export function labelsWritten(): boolean {
  return (
    (rulePhrasing.list === "sections" || rulePhrasing.list === "mixed") && !rulePhrasing.generic
  );
}

/** A list item's marker at the start of a line ("- ", "* ", "3. ", "3) "). */
export const LIST_MARKER = /^\s*(?:[-*•+]|\d{1,3}[.)])\s+/;
/** A markdown heading line ("## Guidelines") or a tag line ("<rules>"): layout, not an instruction. */
export const HEADING = /^\s*(?:#{1,6}\s|<\/?[a-z]+>\s*$)/;
/** The heading the `sections` layout puts over its list. */
export let SECTION_HEADING = "## Guidelines";

/** A kind's rule as a bold label ("**Blood cases:** quote the exact code."), the `sections` wording. */
export function labelledRule(kind: string, phrase: string): string {
  if (worldLanguage) return worldLanguage.labelled(kind, phrase);
  return `**${kind.charAt(0).toUpperCase()}${kind.slice(1)} cases:** ${phrase}.`;
}

/**
 * Every wording of a kind's rule with the same effect. `--reword P`: the
 * world's reflection rewords each rule it keeps into another of them with
 * probability P per rewrite, as a model that restates a prompt in its own
 * words does; the engine's sentence-level mechanisms (merge, pruning,
 * conflicting additions) then see the same rule in a new wording.
 */
export function ruleForms(kind: string, phrase: string): string[] {
  if (rulePhrasing.generic) return [ruleText(kind, phrase)];
  if (worldLanguage)
    return [
      ...worldLanguage.forms(kind, phrase),
      ...(labelsWritten() ? [labelledRule(kind, phrase)] : []),
    ];
  return [
    ruleText(kind, phrase),
    `In ${kind} cases, ${phrase}.`,
    `When the case is a ${kind} case, ${phrase}.`,
    ...(labelsWritten() ? [labelledRule(kind, phrase)] : []),
  ];
}

/** The kind and phrase of a rule in any of its wordings; undefined for other sentences. */
export function parseRule(sentence: string): { kind: string; phrase: string } | undefined {
  if (worldLanguage) return worldLanguage.parse(sentence);
  const m =
    /^for ([a-z]+) cases, (.+)\.$/i.exec(sentence) ??
    /^in ([a-z]+) cases, (.+)\.$/i.exec(sentence) ??
    /^when the case is a ([a-z]+) case, (.+)\.$/i.exec(sentence) ??
    /^\*\*([a-z]+) cases:\*\* (.+)\.$/i.exec(sentence);
  if (m) return { kind: (m[1] as string).toLowerCase(), phrase: (m[2] as string).toLowerCase() };
  const g = /^always (.+) in ([a-z]+) cases\.$/i.exec(sentence);
  return g
    ? { kind: (g[2] as string).toLowerCase(), phrase: (g[1] as string).toLowerCase() }
    : undefined;
}

/** A fix stated for every case: "Always give the code in capitals." */
export function overreachText(phrase: string): string {
  if (worldLanguage) return worldLanguage.overreach(phrase);
  return `Always ${phrase}.`;
}

/**
 * A kind's rule in its first wording: "For blood cases, …", or under `--generic-rules`
 * "Always … in blood cases.".
 */
export function ruleText(kind: string, phrase: string): string {
  if (worldLanguage) return worldLanguage.forms(kind, phrase)[0] as string;
  return rulePhrasing.generic
    ? `Always ${phrase} in ${kind} cases.`
    : `For ${kind} cases, ${phrase}.`;
}

/** Words of a prompt; list markers and headings are layout, not words. */
export function words(text: string): number {
  return text
    .split("\n")
    .filter((line) => !HEADING.test(line))
    .flatMap((line) => line.replace(LIST_MARKER, "").split(/\s+/))
    .filter(Boolean).length;
}
