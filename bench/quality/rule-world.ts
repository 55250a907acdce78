/**
 * Rule worlds of the quality benchmark: simulated single-agent tasks with the
 * phenomena of real ones, each knowing its best possible score and the
 * shortest prompt that reaches any score.
 *
 * Examples belong to kinds (some rare: 2–6 of 40 rows). A kind's answers get
 * better when the prompt states the kind's right instruction; a paraphrase of
 * it that omits the key fact has only part of the effect, a wrong one hurts.
 * Generic rules that sound helpful ("Keep replies short.") hurt a random half
 * of the kinds. Filler sentences state nothing checkable; where prompts
 * dilute, every extra word beyond the shortest best prompt weakens each
 * instruction. The sampling temperature matters (exact answers like it low).
 * Scoring is exact, or a rubric graded by an LLM judge with partial credit and
 * grader noise. A world may also need one instruction that names nothing of
 * the task (a format rule), and a fix stated without its condition ("Always
 * …") applies to every kind without a rule of its own. The reflection model
 * (rule-agents.ts) rewrites prompts with noise: it understands failing kinds
 * it sees often enough, sometimes writes the vague paraphrase, guesses wrong,
 * adds harmful rules or filler. The worlds themselves are in rule-specs.ts.
 */
import { Prng } from "../../packages/engine/src/util/prng";
import { FRENCH, type WorldLanguage } from "./language";
import type { Question } from "./world";

/** What shapes one rule world. */
export interface RuleWorldSpec {
  name: string;
  title: string;
  description: string;
  metric: "exact" | "judge";
  kinds: string[];
  /** How many kinds are rare (weight 0.25 against 0.6–1.4 of a common one). */
  rare: number;
  seedPrompt: string;
  /** The seed's one necessary instruction (without it every answer's success halves). */
  core: string;
  /** Share of the lift a vague paraphrase of the right instruction gives. */
  partial: number;
  /** Lift lost per word beyond the shortest best prompt (0: no dilution). */
  dilution: number;
  /** Factor on the answer's success for a temperature. */
  temperature: (t: number) => number;
  /** Whether examples carry their kind as the dataset's `domain` field. */
  domainField: boolean;
  /** The reflection's noise where it differs from the shared `RULE_NOISE` (rule-agents.ts). */
  reflection?: Partial<Record<ReflectionNoiseKey, number>>;
  /**
   * A helpful instruction that names nothing of the task (a format rule every kind needs):
   * without it, an answer whose code is right is wrapped in a greeting with probability `slip`,
   * which fails the exact match and the rubric's code item. `vague` is its paraphrase with the
   * world's `partial` effect.
   */
  format?: { rule: string; vague: string; slip: number };
  /**
   * A second label on every example, besides its kind (an unlabelled facet such as the channel a
   * request came by), with rules of its own worded as a kind's ("For overseas cases, …"): a right
   * answer also needs the facet's suffix on its code, which the reply carries with a probability
   * its facet's rule lifts from a drawn base to 1. An example then needs two instructions, and a
   * failure shows which part of its code was wrong.
   */
  facets?: { values: string[]; rare: number };
}

/** The knobs of the simulated reflection's noise (values in rule-agents.ts). */
export type ReflectionNoiseKey =
  | "miss"
  | "vague"
  | "guessWrong"
  | "harmful"
  | "filler"
  | "drop"
  | "cleanUp"
  | "generalise"
  | "overreach"
  | "temperature";

export const HIGH = 0.92;
const WRONG = 0.1;
/** A rare kind's weight in the mix (a common kind's is 0.6–1.4). */
const RARE_WEIGHT = 0.25;
/** Factor on a kind's success for each generic rule that hurts it. */
export const HARM_SUBSET = 0.6;
/** Judge worlds: the second rubric item ("complete") is met with this probability. */
const COMPLETE = 0.85;
/** Judge worlds: the grader misreads one item with this probability. */
const GRADER_NOISE = 0.15;

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
let KEY_PHRASES = [
  "quote the exact code",
  "give the code then its check digit",
  "give the code in capitals",
];
let VAGUE = "mind the usual format";
/** Format worlds: how a slipped reply opens and closes (the reflection recognises it). */
export let GREETING = "Hello, thanks for reaching out!";
let SIGN_OFF = "Kind regards.";
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

/**
 * The seed configuration of every rule world. `--seed-rare-rules` appends the
 * right rule of every rare kind to each world's seed prompt: with
 * `--generic-rules` those are generic instructions the seed needs for a few
 * examples only, the case a pruning of the seed's own instructions could
 * lose. `--seed-temperature` sets the temperature runs start at (and AxGEPA
 * keeps), 0.7 unless given.
 */
export const seedSetup = { rareRules: false, warm: false, temperature: 0.7 };

/** A fix stated for every case: "Always give the code in capitals." */
function overreachText(phrase: string): string {
  if (worldLanguage) return worldLanguage.overreach(phrase);
  return `Always ${phrase}.`;
}

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

/** Facet worlds: the suffix a facet value adds to a right code ("overseas" → "OV"). */
export function suffixOf(value: string): string {
  return value.slice(0, 2).toUpperCase();
}

/** One seed's rule world. */
export class RuleWorld {
  readonly right: number[];
  readonly base: number[];
  readonly weights: number[];
  /** harms[r][k]: generic rule r hurts kind k. */
  readonly harms: boolean[][];
  /** The kinds, then the facet values (facet worlds): every label a rule can be written for. */
  readonly labels: string[];
  /** Facet worlds: each facet value's weight and its suffix's base probability. */
  readonly facetWeights: number[] = [];
  private readonly facetBase: number[] = [];

  constructor(
    readonly spec: RuleWorldSpec,
    readonly seed: number,
  ) {
    const rng = new Prng(seed * 7919 + spec.name.length * 101 + 3);
    const K = spec.kinds.length;
    this.right = spec.kinds.map(() => rng.int(KEY_PHRASES.length));
    this.base = spec.kinds.map(() => 0.15 + 0.35 * rng.next());
    const rare = new Set(rng.shuffle(Array.from({ length: K }, (_, k) => k)).slice(0, spec.rare));
    this.weights = spec.kinds.map((_, k) => (rare.has(k) ? RARE_WEIGHT : 0.6 + 0.8 * rng.next()));
    this.harms = GENERIC_HARMFUL.map(() => {
      const hit = new Set(
        rng.shuffle(Array.from({ length: K }, (_, k) => k)).slice(0, Math.ceil(K / 2)),
      );
      return spec.kinds.map((_, k) => hit.has(k));
    });
    this.labels = [...spec.kinds, ...(spec.facets?.values ?? [])];
    if (spec.facets) {
      // drawn from a stream of their own, so the kinds are drawn as in any other world
      const frng = new Prng(seed * 6151 + spec.name.length * 37 + 11);
      const F = spec.facets.values.length;
      const rareFacets = new Set(
        frng.shuffle(Array.from({ length: F }, (_, f) => f)).slice(0, spec.facets.rare),
      );
      for (let f = 0; f < F; f++) {
        this.right.push(frng.int(KEY_PHRASES.length));
        this.facetBase.push(0.45 + 0.3 * frng.next());
        this.facetWeights.push(rareFacets.has(f) ? RARE_WEIGHT : 0.6 + 0.8 * frng.next());
      }
    }
  }

  get name(): string {
    return this.spec.name;
  }

  /** The run's seed prompt: the world's, with its rare kinds' rules under `seedSetup.rareRules`. */
  get seedPrompt(): string {
    if (seedSetup.warm) return this.warmSeed();
    if (!seedSetup.rareRules) return this.spec.seedPrompt;
    const rare = this.weights.flatMap((w, k) => (w === RARE_WEIGHT ? [this.rightRule(k)] : []));
    return [this.spec.seedPrompt, ...rare].join(" ");
  }

  /**
   * `--warm-start`: a prompt already in use, as a team brings one to be tuned — the world's seed
   * with the right rules of half of the kinds (rounded down) and an outdated, wrong rule for one
   * other kind, drawn from their own stream so the world itself is the same as without it.
   */
  private warmSeed(): string {
    const rng = new Prng(this.seed * 104_729 + this.spec.name.length * 13 + 7);
    const order = rng.shuffle(Array.from({ length: this.spec.kinds.length }, (_, k) => k));
    const known = order.slice(0, Math.floor(order.length / 2)).sort((a, b) => a - b);
    const outdated = order[known.length] as number;
    const rules = known.map((k) => this.rightRule(k));
    rules.push(this.wrongRule(outdated, rng));
    return [this.spec.seedPrompt, ...rules].join(" ");
  }

  /** `count` examples with the world's kind frequencies. */
  questions(count: number, tag: string, rng: Prng): Question[] {
    return Array.from({ length: count }, (_, i) => {
      const type = rng.weighted(this.weights);
      const id = `${tag}${i}`;
      const code = `K${Math.floor(rng.next() * 9000 + 1000)}`;
      const kind = this.spec.kinds[type] as string;
      if (this.spec.facets) {
        const facet = this.spec.kinds.length + rng.weighted(this.facetWeights);
        const value = this.labels[facet] as string;
        const text = `[${id}] A ${kind} case, ${value}: what is the code of case ${id}?`;
        return { id, type, facet, answer: `${code}-${suffixOf(value)}`, text };
      }
      const text = worldLanguage
        ? worldLanguage.question(id, kind)
        : `[${id}] A ${kind} case: what is the code of case ${id}?`;
      return { id, type, answer: code, text };
    });
  }

  /** Label k's right rule (a kind's, or in facet worlds a facet value's). */
  rightRule(k: number): string {
    return ruleText(this.labels[k] as string, KEY_PHRASES[this.right[k] as number] as string);
  }
  vagueRule(k: number): string {
    return ruleText(this.labels[k] as string, VAGUE);
  }
  wrongRule(k: number, rng: Prng): string {
    const others = KEY_PHRASES.filter((_, j) => j !== this.right[k]);
    return ruleText(this.labels[k] as string, others[rng.int(others.length)] as string);
  }

  /** The shortest prompt with the best score: the seed's instruction and every right rule. */
  shortestBest(): string {
    const format = this.spec.format ? [this.spec.format.rule] : [];
    const rule = (k: number) =>
      labelsWritten()
        ? labelledRule(this.labels[k] as string, KEY_PHRASES[this.right[k] as number] as string)
        : this.rightRule(k);
    return [this.spec.core, ...format, ...this.labels.map((_, k) => rule(k))].join(" ");
  }

  /** Format worlds: the lift of the format rule in a prompt (1 stated, `partial` vague, 0 none). */
  private formatLift(t: string): number {
    const f = this.spec.format;
    if (!f) return 0;
    if (t.includes(f.rule.toLowerCase())) return 1;
    return t.includes(f.vague.toLowerCase()) ? this.spec.partial : 0;
  }

  /** Probability that a right answer is wrapped in a greeting (0 outside format worlds). */
  pSlip(prompt: string): number {
    const f = this.spec.format;
    if (!f) return 0;
    return f.slip * (1 - this.formatLift(prompt.toLowerCase()) * this.diluted(prompt));
  }

  /** Lift of instruction k in a prompt: 1 right, `partial` vague, -1 wrong, 0 none. */
  private lift(t: string, k: number): number {
    const kind = this.labels[k] as string;
    const has = (phrase: string) =>
      ruleForms(kind, phrase).some((f) => t.includes(f.toLowerCase()));
    const wrong = KEY_PHRASES.some((p, j) => j !== this.right[k] && has(p));
    if (wrong) return -1;
    if (has(KEY_PHRASES[this.right[k] as number] as string)) return 1;
    if (has(VAGUE)) return this.spec.partial;
    return this.overreachLift(t, k);
  }

  /**
   * Lift of unconditioned instructions ("Always give the code in capitals.") on a kind the prompt
   * has no rule of its own for: a kind's own rule wins over them, but without one each applies —
   * right for the kinds that need that fix, wrong for the others.
   */
  private overreachLift(t: string, k: number): number {
    if (k >= this.spec.kinds.length) return 0;
    const stated = KEY_PHRASES.map((p) => t.includes(overreachText(p).toLowerCase()));
    if (stated.some((on, j) => on && j !== this.right[k])) return -1;
    return stated[this.right[k] as number] ? 1 : 0;
  }

  /** Kind k's fix stated without its condition, as if every case needed it. */
  overreachRule(k: number): string {
    return overreachText(KEY_PHRASES[this.right[k] as number] as string);
  }

  /** The factor dilution leaves of every instruction's effect. */
  diluted(prompt: string): number {
    const extra = Math.max(0, words(prompt) - words(this.shortestBest()));
    return 1 / (1 + this.spec.dilution * extra);
  }

  /** Probability that the core of a kind-k answer is right. */
  pCore(prompt: string, temperature: number, k: number): number {
    const t = prompt.toLowerCase();
    const l = this.lift(t, k) * this.diluted(prompt);
    const base = this.base[k] as number;
    let p = l >= 0 ? base + (HIGH - base) * l : base + (base - WRONG) * l;
    for (const [r, rule] of GENERIC_HARMFUL.entries())
      if (this.harms[r]?.[k] && t.includes(rule.toLowerCase())) p *= HARM_SUBSET;
    if (!t.includes(this.spec.core.toLowerCase())) p *= 0.5;
    return Math.max(0, p * this.spec.temperature(temperature));
  }

  /**
   * Facet worlds: probability the reply carries facet f's suffix (f a label index): from the
   * facet's base to 1 with its rule, halved by a wrong one; 1 outside facet worlds.
   */
  pFacet(prompt: string, f: number | undefined): number {
    if (f === undefined) return 1;
    const l = this.lift(prompt.toLowerCase(), f) * this.diluted(prompt);
    const base = this.facetBase[f - this.spec.kinds.length] as number;
    return l >= 0 ? base + (1 - base) * l : base * (1 + 0.5 * l);
  }

  /** Judge worlds: probability the reply is complete (the rubric's second item). */
  pComplete(prompt: string, temperature: number, k: number): number {
    const t = prompt.toLowerCase();
    let p = COMPLETE;
    for (const [r, rule] of GENERIC_HARMFUL.entries())
      if (this.harms[r]?.[k] && t.includes(rule.toLowerCase())) p *= HARM_SUBSET;
    return p * this.spec.temperature(temperature);
  }

  /** Expected score of a prompt at a temperature (exact: accuracy; judge: rubric share). */
  expected(prompt: string, temperature: number): number {
    return (
      this.facetMix(prompt) *
      this.mix((k) =>
        this.spec.metric === "exact"
          ? this.pCore(prompt, temperature, k)
          : (this.pCore(prompt, temperature, k) + this.pComplete(prompt, temperature, k)) / 2,
      )
    );
  }

  /** The best temperature on a 0.01 grid and the best possible score. */
  best(): number {
    let tf = 0;
    for (let i = 0; i <= 100; i++) tf = Math.max(tf, this.spec.temperature(i / 100));
    return this.mix(() =>
      this.spec.metric === "exact" ? HIGH * tf : ((HIGH + COMPLETE) * tf) / 2,
    );
  }

  /**
   * Words of the shortest prompt that reaches the score of `prompt` at its
   * temperature: the seed's instruction plus the right rule of every kind the
   * prompt helps (stating those rules exactly, with nothing else, scores at
   * least as well).
   */
  shortestWordsFor(prompt: string): number {
    const t = prompt.toLowerCase();
    const helped = this.labels.map((_, k) => k).filter((k) => this.lift(t, k) > 0);
    const format = this.spec.format && this.formatLift(t) > 0 ? [this.spec.format.rule] : [];
    return words([this.spec.core, ...format, ...helped.map((k) => this.rightRule(k))].join(" "));
  }

  /** The assistant's reply: the code (right with pCore), and for judge worlds whether it is complete. */
  reply(prompt: string, temperature: number, q: Question, rng: Prng): string {
    const ok = rng.next() < this.pCore(prompt, temperature, q.type);
    const [right = q.answer, suffix] = q.answer.split("-");
    let code = ok ? right : `K${Math.floor(rng.next() * 9000 + 1000)}X`;
    if (suffix && rng.next() < this.pFacet(prompt, q.facet)) code = `${code}-${suffix}`;
    if (this.spec.format && ok && rng.next() < this.pSlip(prompt))
      code = `${GREETING} ${code}. ${SIGN_OFF}`;
    if (this.spec.metric === "exact") return code;
    const complete = rng.next() < this.pComplete(prompt, temperature, q.type);
    return `${code} (${complete ? "complete" : "incomplete"})`;
  }

  /** The judge's verdict: half a point per rubric item, sometimes misread. */
  grade(q: Question, reply: string, rng: Prng): { score: number; feedback: string } {
    const core = reply.trim().startsWith(q.answer) && !reply.includes(`${q.answer}X`);
    const complete = /\(complete\)/.test(reply);
    let score = (core ? 0.5 : 0) + (complete ? 0.5 : 0);
    if (rng.next() < GRADER_NOISE)
      score = Math.min(1, Math.max(0, score + (rng.next() < 0.5 ? -0.5 : 0.5)));
    const missing = [
      ...(core ? [] : ["gives the right case code"]),
      ...(complete ? [] : ["covers every step the case needs"]),
    ];
    return {
      score,
      feedback:
        score >= 1
          ? "All rubric items satisfied."
          : `Missing: ${missing.join("; ") || "nothing clear"}`,
    };
  }

  /** Facet worlds: the expected chance that a reply carries its facet's suffix (1 elsewhere). */
  private facetMix(prompt: string): number {
    const w = this.facetWeights;
    if (!w.length) return 1;
    const total = w.reduce((a, b) => a + b, 0);
    const K = this.spec.kinds.length;
    return w.reduce((s, x, f) => s + x * this.pFacet(prompt, K + f), 0) / total;
  }

  private mix(f: (k: number) => number): number {
    const total = this.weights.reduce((a, b) => a + b, 0);
    return this.weights.reduce((s, w, k) => s + w * f(k), 0) / total;
  }
}
