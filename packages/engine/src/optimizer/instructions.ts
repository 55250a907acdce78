/**
 * A single-agent prompt as a list of instructions (sentences and lines), for
 * edits the reflection does not make well by itself: removing one
 * instruction (harmful or filler sentences otherwise stay forever) and
 * merging the instructions two lineages learnt separately. A prompt written
 * as a markdown list is read item by item (prompt-units.ts).
 */
import type { Prng } from "../util/prng";
import { isAnchored } from "./anchors";
import {
  isHeading,
  join,
  LIST_MARKER,
  normal,
  sameInstructions,
  type Unit,
  units,
} from "./prompt-units";

/** The instructions of a prompt, in order (sentences; each line at least one). */
export function instructionsOf(prompt: string): string[] {
  return units(prompt).map((u) => u.text);
}

/** The prompt without its `index`-th instruction, the rest of its layout kept. */
export function withoutInstruction(prompt: string, index: number): string {
  return join(units(prompt).filter((_, i) => i !== index));
}

/**
 * A removal edit: the prompt without one instruction drawn uniformly (never
 * a heading), and the instruction removed; null when the prompt has fewer
 * than two.
 */
export function drawRemoval(prompt: string, rng: Prng): { prompt: string; removed: string } | null {
  const list = units(prompt);
  const instructions = list.flatMap((u, i) => (isHeading(u.text) ? [] : [i]));
  if (instructions.length < 2) return null;
  return withoutOneOf(prompt, list, instructions, rng);
}

/** `prompt` (split into `list`) without one of the instructions at `indices`, drawn uniformly. */
function withoutOneOf(
  prompt: string,
  list: readonly Unit[],
  indices: readonly number[],
  rng: Prng,
): { prompt: string; removed: string } {
  const index = indices[rng.int(indices.length)] as number;
  return { prompt: withoutInstruction(prompt, index), removed: (list[index] as Unit).text };
}

/** Whether an instruction was already in `parent` (compared case- and space-insensitively). */
function keptFrom(parent: string): (u: Unit) => boolean {
  const inParent = new Set(instructionsOf(parent).map(normal));
  return (u) => inParent.has(normal(u.text));
}

/** Indices of the instructions of `list` that `parent` did not hold (what a proposal added; headings aside). */
function addedTo(parent: string, list: readonly Unit[]): number[] {
  const fromParent = keptFrom(parent);
  return list.flatMap((u, i) => (fromParent(u) || isHeading(u.text) ? [] : [i]));
}

/**
 * An opening that names a case ("For refunds, ...", "When the user asks ..., ..."),
 * in English or in French, Spanish, Portuguese, Italian or German ("Pour les
 * remboursements, ...", "Cuando ..., ...", "Wenn ..., ..."). Words that are
 * ambiguous across them stay out ("per", "se" as in "Se debe ...").
 */
const CONDITION =
  /^(?:(?:for|when|whenever|if|unless|pour|lorsque|quand|si|s['’]ils?|sauf|para|cuando|salvo|quando|caso|für|bei|wenn|falls|sofern)(?=[\s,:])|lorsqu['’])[^,:;.]{1,80}[,:]/i;
/** The preposition (and article) that opens a case's name ("For the", "Pour les", "Für"). */
const CASE_PREPOSITION =
  /^(?:for|pour|para|für|bei)\s+(?:(?:the|a|an|les|le|la|un|une|des|los|las|el|os|as|o|die|der|das|den|dem)\s+|l['’])?/;
/**
 * A label opening an instruction, bold ("**Refund requests:** …") or plain
 * and short ("Refunds: …"): the case or topic the instruction covers.
 */
const LABEL =
  /^(?:(?:\*\*|__)([^*_:.!?\n]{1,60}?)(?::(?:\*\*|__)|(?:\*\*|__):)|([^\s*_:.!?,;][^*_:.!?,;\n]{0,30}?):)\s+\S/;
/** Labels that stress an instruction rather than name its case ("Note: …", "**Important:** …"). */
const STRESS =
  /^(?:note|nb|important|remember|reminder|tip|warning|caution|example|e\.g|remarque|rappel|attention|astuce|exemple|nota|importante|recuerda|aviso|ejemplo|exemplo|lembrete|hinweis|wichtig|achtung|beispiel|tipp)$/i;
/** Openings that cover every case ("For every reply, ...", "Pour toute demande, ...") state no case of their own. */
const UNIVERSAL =
  /(?<![\p{L}'])(?:every|all|each|any|always|tout|toute|tous|toutes|chaque|toujours|todo|toda|todos|todas|cada|siempre|cualquier|sempre|qualquer|ogni|tutti|tutte|jede|jeder|jedes|jedem|jeden|alle|allen|immer)(?![\p{L}'])/iu;

/** The label an instruction opens with, when it is short enough to name a case. */
function labelOf(instruction: string): string | null {
  const m = LABEL.exec(instruction);
  const label = (m?.[1] ?? m?.[2])?.trim();
  const most = m?.[1] ? 6 : 3;
  if (!label || STRESS.test(label) || label.split(/\s+/).length > most) return null;
  return label;
}

/**
 * The case an instruction opens with, normalised ("refund requests" from
 * "For refund requests, …" or "**Refund requests:** …"; a list item's
 * marker aside), or null when it names none (no conditional opening or
 * label, or one that covers every case): two instructions for one case say
 * what to do in the same situation, so keeping both would give the
 * assistant two answers.
 */
export function conditionOf(instruction: string): string | null {
  const text = instruction.trim().replace(LIST_MARKER, "");
  const opening = CONDITION.exec(text)?.[0].slice(0, -1) ?? labelOf(text);
  if (!opening || UNIVERSAL.test(opening)) return null;
  return normal(opening).replace(CASE_PREPOSITION, "");
}

/**
 * A pruning of a proposal: the proposal without one of the generic
 * instructions (no case of their own, `conditionOf`) it added to its parent
 * next to other additions, and the instruction dropped; null when it added
 * none, or nothing else (then the minibatch already tested it alone). A
 * plausible generic rule written beside the fix a failure needed is credited
 * with the fix's gain. Given the run's `seed` prompt, a proposal that added
 * anything and holds two or more generic instructions may instead lose one
 * of the seed's own (`fromSeed`) when the seed holds two or more (a seed of
 * one is the task's statement, never pruned): the seed's filler dilutes the
 * instructions and its plausible rules may contradict them, which costs
 * nothing until the prompt holds those instructions, and no minibatch ever
 * tested the seed's sentences. Instructions an accepted edit brought in are
 * left alone: their edit won a minibatch and a validation pass. With
 * `together`, a proposal that added two or more generic instructions beside
 * a case's rule loses all of them at once: a filler sentence ties with its
 * own removal and never passes alone, so drawing it would spend the test
 * while a harmful rule beside it stays.
 */
export function drawGenericPruning(
  parent: string,
  proposal: string,
  rng: Prng,
  { seed, together = false }: { seed?: string; together?: boolean } = {},
): { prompt: string; removed: string; fromSeed: boolean } | null {
  const list = units(proposal);
  const added = addedTo(parent, list);
  const isGeneric = (i: number) =>
    conditionOf((list[i] as Unit).text) === null && !isHeading((list[i] as Unit).text);
  const everyGeneric = list.flatMap((_, i) => (isGeneric(i) ? [i] : []));
  // a seed of one generic instruction is the task's statement: dropping it leaves no task
  const inSeed =
    seed !== undefined &&
    units(seed).filter((u) => conditionOf(u.text) === null && !isHeading(u.text)).length >= 2
      ? keptFrom(seed)
      : () => false;
  const seedGeneric = everyGeneric.filter((i) => !added.includes(i) && inSeed(list[i] as Unit));
  const addedGeneric = added.length >= 2 ? added.filter(isGeneric) : [];
  const pool = [
    ...addedGeneric,
    ...(added.length > 0 && everyGeneric.length >= 2 ? seedGeneric : []),
  ];
  if (pool.length === 0) return null;
  if (together && addedGeneric.length >= 2 && addedGeneric.length < added.length) {
    const dropped = new Set(addedGeneric);
    return {
      prompt: join(list.filter((_, i) => !dropped.has(i))),
      removed: addedGeneric.map((i) => (list[i] as Unit).text).join(" "),
      fromSeed: false,
    };
  }
  const drawn = withoutOneOf(proposal, list, pool, rng);
  return { ...drawn, fromSeed: !added.some((i) => (list[i] as Unit).text === drawn.removed) };
}

/**
 * An unanchored pruning: `proposal` without every instruction that names
 * nothing of the task (`isAnchored` against `vocabulary`), all at once, and
 * the instructions dropped; null unless it inherited one from `parent` and
 * added something anchored (the prompt grew by what filler dilutes). One
 * filler sentence's cost is a few words' dilution, which no minibatch
 * resolves; all of them together are the difference between a diluted
 * prompt and a plain one. A fix names its case, so it is anchored and never
 * drawn, however it is worded. When the proposal added a case's rule, the
 * generic instructions it added beside it are dropped too, as
 * `drawGenericPruning` would have tried.
 */
export function drawUnanchoredPruning(
  parent: string,
  proposal: string,
  vocabulary: ReadonlySet<string>,
): { prompt: string; removed: string; withGenericAdditions: boolean } | null {
  const list = units(proposal);
  const added = addedTo(parent, list);
  // a heading is layout, kept while its section holds an instruction (`join`)
  const anchored = list.map((u) => isHeading(u.text) || isAnchored(u.text, vocabulary));
  const unanchored = list.flatMap((_, i) => (anchored[i] ? [] : [i]));
  const inherited = unanchored.some((i) => !added.includes(i));
  const addedAnchored = added.some((i) => anchored[i]);
  if (!inherited || !addedAnchored) return null;
  const dropped = new Set(unanchored);
  // the generic instructions added beside a case's rule go too: the pruning this one replaces
  // would have tested them (`drawGenericPruning`)
  if (added.some((i) => conditionOf((list[i] as Unit).text) !== null))
    for (const i of added) if (conditionOf((list[i] as Unit).text) === null) dropped.add(i);
  return {
    withGenericAdditions: dropped.size > unanchored.length,
    prompt: join(list.filter((_, i) => !dropped.has(i))),
    removed: [...dropped]
      .sort((a, b) => a - b)
      .map((i) => (list[i] as Unit).text)
      .join(" "),
  };
}

/** The cases these instructions open with (`conditionOf`). */
function casesOf(list: readonly Unit[]): Set<string> {
  return new Set(list.flatMap((u) => conditionOf(u.text) ?? []));
}

/**
 * Three-way instruction-level merge: `better`'s instructions, minus those
 * `other`'s lineage removed from their common ancestor, plus those it added
 * (duplicates, compared case- and space-insensitively, kept once). An added
 * instruction that opens with the same condition as one `better` keeps
 * ("For refunds, ..." twice) would conflict, so `better`'s stays and the
 * other's is left out unless `keepConflicts`; any other conflict is left to
 * evaluation. Null when the merge equals either side.
 */
export function mergeInstructions(
  better: string,
  other: string,
  common: string,
  keepConflicts = false,
): string | null {
  const base = new Set(instructionsOf(common).map(normal));
  const otherList = instructionsOf(other);
  const otherSet = new Set(otherList.map(normal));
  const removedByOther = new Set([...base].filter((t) => !otherSet.has(t)));
  const kept = units(better).filter(
    (u) => isHeading(u.text) || !removedByOther.has(normal(u.text)),
  );
  const have = new Set(kept.map((u) => normal(u.text)));
  const conditions = casesOf(kept);
  const multiline = better.includes("\n");
  for (const text of otherList) {
    const n = normal(text);
    if (base.has(n) || have.has(n) || isHeading(text)) continue;
    const condition = conditionOf(text);
    if (condition && conditions.has(condition) && !keepConflicts) continue;
    have.add(n);
    if (condition) conditions.add(condition);
    const last = kept[kept.length - 1];
    // `join` puts a list item on a line of its own whatever the separator before it
    if (last && !last.sep) last.sep = multiline ? "\n" : " ";
    kept.push({ text, sep: "" });
  }
  const merged = join(kept);
  if (sameInstructions(merged, better) || sameInstructions(merged, other)) return null;
  return merged;
}

/**
 * The proposal without the instructions it added that open with the same
 * condition as a parent instruction it kept: a rewrite holding both "For
 * refunds, do X." (validated with the parent) and a new "For refunds, do Y."
 * tells the assistant two things for one case, so the validated one stays.
 * A reflection that means to change X rewrites it, and that change passes.
 */
export function withoutConflictingAdditions(parent: string, proposal: string): string {
  const list = units(proposal);
  const fromParent = keptFrom(parent);
  const parentCases = casesOf(list.filter(fromParent));
  const kept = list.filter((u) => {
    const c = conditionOf(u.text);
    return fromParent(u) || !c || !parentCases.has(c);
  });
  return kept.length === list.length ? proposal : join(kept);
}

/**
 * `prompt` without every instruction that names nothing of the task, once it
 * holds an anchored instruction `seed` does not (it has learnt something the
 * unanchored ones may dilute); null when there is none to drop or nothing learnt.
 */
export function withoutUnanchored(
  prompt: string,
  seed: string | undefined,
  vocabulary: ReadonlySet<string>,
): { prompt: string; removed: string } | null {
  const list = units(prompt);
  const anchored = list.map((u) => isHeading(u.text) || isAnchored(u.text, vocabulary));
  const learnt = addedTo(seed ?? "", list).some((i) => anchored[i]);
  if (!learnt || anchored.every(Boolean)) return null;
  return {
    prompt: join(list.filter((_, i) => anchored[i])),
    removed: list
      .filter((_, i) => !anchored[i])
      .map((u) => u.text)
      .join(" "),
  };
}
