/**
 * A prompt as units of instruction (sentences and lines) with the layout
 * between them, so that edits keep the layout. Models often write a prompt
 * as a markdown list: an item's marker ("- ", "3. ") belongs to its
 * instruction and is ignored when instructions are compared, and a numbered
 * list is renumbered after an edit. A heading over a section ("## Rules") is
 * layout too: it is kept while its section holds an instruction.
 */

/** One instruction and the whitespace that follows it in the prompt. */
export interface Unit {
  text: string;
  sep: string;
}

/** A list item's marker opening an instruction: a bullet ("- ", "* ", "• ") or a number ("3. ", "3) "). */
export const LIST_MARKER = /^(?:[-*•+]|\d{1,3}[.)])[ \t]+/;
/**
 * A heading line: a markdown heading ("## Guidelines"), a bold line
 * ("**Refunds**") or a short label alone on its line ("Refunds:"). It
 * states nothing, so edits neither remove nor add one.
 */
const HEADING =
  /^(?:#{1,6}\s+\S.*|(?:\*\*|__)[^*_\n]{1,60}(?:\*\*|__):?|[^\s.!?:#*][^.!?:\n]{0,40}:)$/;

/** Whether a unit is a heading over a section rather than an instruction. */
export function isHeading(text: string): boolean {
  return HEADING.test(text.trim());
}

/** A numbered item's marker: its number and the character after it. */
const NUMBERED = /^(\d{1,3})([.)])[ \t]+/;

/**
 * Abbreviations whose full stop introduces what follows rather than ending a
 * sentence ("e.g. K1234", "Dr. Lee"). "etc." often ends one (endsSentence).
 */
const ABBREVIATIONS = new Set([
  "e.g",
  "i.e",
  "cf",
  "vs",
  "viz",
  "approx",
  "incl",
  "esp",
  "dr",
  "mr",
  "mrs",
  "ms",
  "prof",
]);

/**
 * Whether the full stop at `i` of `line` (followed by whitespace) ends a
 * sentence. It does not after a listed abbreviation or an initialism ("U.S.",
 * "a.m."), nor after "etc." when the next word starts in lower case. A
 * lower-case word after any other full stop still starts a sentence: users'
 * own prompts are often written without capitals.
 */
function endsSentence(line: string, i: number): boolean {
  const word = /[^\s(["']*$/.exec(line.slice(0, i))?.[0].toLowerCase() ?? "";
  if (ABBREVIATIONS.has(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word)) return false;
  const next = /\S/.exec(line.slice(i + 1))?.[0];
  return !(word === "etc" && next !== undefined && /\p{Ll}/u.test(next));
}

/**
 * The first sentence of a line (no newline in it), the whole line when it has
 * one: up to a ".", "!" or "?" followed by whitespace, an abbreviation's full
 * stop aside — a fragment cut at "e.g." would be pruned, merged or removed as
 * an instruction of its own.
 */
function firstSentence(line: string): string {
  const stop = /[.!?](?=\s|$)/g;
  for (let m = stop.exec(line); m; m = stop.exec(line)) {
    if (m[0] !== "." || endsSentence(line, m.index)) return line.slice(0, m.index + 1);
  }
  return line;
}

/** The instructions of a prompt with the whitespace after each (sentences; each line at least one). */
export function units(prompt: string): Unit[] {
  const out: Unit[] = [];
  let rest = prompt.trim();
  while (rest.length > 0) {
    // a list marker opens its item's instruction: "3." is not a sentence of its own
    const marker = LIST_MARKER.exec(rest)?.[0] ?? "";
    const line = /^[^\n]*/.exec(rest.slice(marker.length))?.[0] ?? "";
    const body = firstSentence(line);
    const text = marker + body;
    const after = rest.slice(text.length);
    const sep = /^\s*/.exec(after)?.[0] ?? "";
    if (text.trim()) out.push({ text: text.trim(), sep });
    else if (out.length) (out[out.length - 1] as Unit).sep += sep;
    rest = after.slice(sep.length);
    if (!text && !sep) break;
  }
  return out;
}

/** An instruction as compared: its words, case and spacing aside, without a list marker. */
export function normal(text: string): string {
  return text.trim().replace(LIST_MARKER, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** A heading's level: its number of "#", and below every markdown level for a bold or label line. */
function level(heading: string): number {
  return /^#+/.exec(heading.trim())?.[0].length ?? 7;
}

/** The units without the headings whose section holds no instruction (an edit emptied it). */
function withoutEmptySections(list: readonly Unit[]): Unit[] {
  return list.filter((u, i) => {
    if (!isHeading(u.text)) return true;
    for (const after of list.slice(i + 1)) {
      if (!isHeading(after.text)) return true;
      if (level(after.text) <= level(u.text)) return false;
    }
    return false;
  });
}

/**
 * The units as one prompt. A list item starts its own line, and numbered
 * items are renumbered in order (an item numbered 1 starts a list afresh),
 * so a removal or a merge leaves neither a run-on item nor a gap; a heading
 * whose section an edit emptied goes with it.
 */
export function join(units: readonly Unit[]): string {
  const list = withoutEmptySections(units);
  let next = 1;
  const texts = list.map((u) => {
    const m = NUMBERED.exec(u.text);
    if (!m) return u.text;
    const number = Number(m[1]) === 1 ? 1 : next;
    next = number + 1;
    return `${number}${m[2]} ${u.text.slice(m[0].length)}`;
  });
  return texts
    .map((t, i) => {
      if (i === texts.length - 1) return t;
      const sep = (list[i] as Unit).sep || " ";
      const item = LIST_MARKER.test(texts[i + 1] as string);
      return t + (item && !sep.includes("\n") ? "\n" : sep);
    })
    .join("")
    .trim();
}

/** Whether two prompts hold the same instructions in the same order (`normal`). */
export function sameInstructions(a: string, b: string): boolean {
  const x = units(a).map((u) => normal(u.text));
  const y = units(b).map((u) => normal(u.text));
  return x.length === y.length && x.every((t, i) => t === y[i]);
}
