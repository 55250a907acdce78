/**
 * Which instructions of a prompt are anchored in the task: an instruction
 * that names something the task's own material names (the dataset's title,
 * description, the user's task text, the train examples' conversations,
 * references, rubric items and kinds) states a behaviour about this task.
 * One that names nothing of it ("Be helpful, accurate and professional.",
 * "Take care to do your best work at all times.") is the likeliest filler or
 * over-general rule, and only an evaluation can say whether it does any
 * good; `drawUnanchoredPruning` (instructions.ts) tests removing all of them
 * at once.
 */
import type { DatasetExample } from "@promptune/contracts";
import * as stopword from "stopword";
import type { TaskContext } from "./task";

/**
 * English function words: they anchor nothing. A task in another language
 * loses its own language's function words from its vocabulary instead
 * (`taskVocabulary`).
 */
const FUNCTION_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing done down during each either every few for
  from further had has have having he her here hers him his how i if in into is it its itself just
  may me might more most must my no nor not now of off on once only or other ought our ours out over
  own same shall she should so some such than that the their theirs them then there these they this
  those through to too under until up upon us very was we were what when where whether which while
  who whom whose why will with within without would yet you your yours`.split(/\s+/),
);

/** A word's crude stem, so "codes" anchors "code" and "replies" anchors "reply". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The content words of a text, stemmed (letters only, three or more, no function words). */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])
    .filter((w) => !FUNCTION_WORDS.has(w))
    .map(stem);
}

/** The library's stopword lists by language code, and for each word the languages that list it. */
let stopwordIndex: { lists: Map<string, string[]>; languagesOf: Map<string, string[]> } | undefined;
function stopwords(): NonNullable<typeof stopwordIndex> {
  if (stopwordIndex) return stopwordIndex;
  const lists = new Map<string, string[]>();
  const languagesOf = new Map<string, string[]>();
  for (const [code, list] of Object.entries(stopword)) {
    if (!Array.isArray(list) || !/^[a-z]{3}/.test(code)) continue;
    const words = [...new Set(list.map((w: string) => w.toLowerCase()))];
    lists.set(code, words);
    for (const w of words) languagesOf.set(w, [...(languagesOf.get(w) ?? []), code]);
  }
  stopwordIndex = { lists, languagesOf };
  return stopwordIndex;
}

/**
 * The language `texts` are written in, as the stopword list holding most of
 * their words (ties to English); "eng" when no list holds any. Function words
 * are the most frequent words of any text, so a few sentences tell.
 */
export function textLanguage(texts: readonly string[]): string {
  const { languagesOf } = stopwords();
  const counts = new Map<string, number>();
  for (const text of texts)
    for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? [])
      for (const code of languagesOf.get(word) ?? []) counts.set(code, (counts.get(code) ?? 0) + 1);
  let best = "eng";
  for (const [code, n] of counts) if (n > (counts.get(best) ?? 0)) best = code;
  return best;
}

/**
 * The task's vocabulary: the content words of its description and of the
 * train examples (never validation or test: they only judge). The initial
 * prompt is left out, so its own sentences do not anchor themselves. A task
 * written in another language than English (`textLanguage`) has that
 * language's function words taken out: "les" or "und" names nothing of it.
 */
export function taskVocabulary(
  task: TaskContext | undefined,
  train: readonly DatasetExample[],
): Set<string> {
  const texts = [task?.title, task?.description, task?.task];
  for (const e of train) {
    texts.push(e.reference, e.expected, e.domain, ...e.rubric);
    for (const turn of e.dialog) texts.push(turn.content);
  }
  const present = texts.filter((t): t is string => Boolean(t));
  const vocabulary = new Set(present.flatMap((t) => contentWords(t)));
  const language = textLanguage([...present, task?.initialPrompt ?? ""]);
  if (language !== "eng")
    for (const word of stopwords().lists.get(language) ?? [])
      for (const w of contentWords(word)) vocabulary.delete(w);
  return vocabulary;
}

/** Whether an instruction names a content word of the task's vocabulary. */
export function isAnchored(instruction: string, vocabulary: ReadonlySet<string>): boolean {
  return contentWords(instruction).some((w) => vocabulary.has(w));
}
