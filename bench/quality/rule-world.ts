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
 *
 * This module holds the scoring model (`RuleWorld`); the spec's shape is in
 * rule-world-spec.ts, a seed's draw and the texts written from it in
 * rule-world-draw.ts, and the wording of rules in rule-wording.ts.
 */
import type { Prng } from "../../packages/engine/src/util/prng";
import {
  GENERIC_HARMFUL,
  GREETING,
  KEY_PHRASES,
  overreachText,
  ruleForms,
  SIGN_OFF,
  VAGUE,
  words,
} from "./rule-wording";
import { RuleWorldDraw } from "./rule-world-draw";
import type { Question } from "./world";

/** Success of a kind whose right rule the prompt states (undiluted, at the best temperature). */
export const HIGH = 0.92;
const WRONG = 0.1;
/** Factor on a kind's success for each generic rule that hurts it. */
export const HARM_SUBSET = 0.6;
/** Judge worlds: the second rubric item ("complete") is met with this probability. */
const COMPLETE = 0.85;
/** Judge worlds: the grader misreads one item with this probability. */
const GRADER_NOISE = 0.15;

/**
 * One seed's rule world: its draw (`RuleWorldDraw`) and the ground truth a run
 * is measured against — the expected score of any prompt at any temperature,
 * the best possible score, the assistant's replies and the judge's grades.
 */
export class RuleWorld extends RuleWorldDraw {
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
