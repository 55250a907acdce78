/**
 * The models of a rule world (rule-world.ts): the assistant, the LLM judge
 * of rubric worlds and the reflection for Promptune's and AxGEPA's requests.
 * The reflection is the same noisy writer for every optimiser: it
 * understands a failing kind with probability 1 − MISS^n for n failures of
 * it seen, then writes the right instruction or (sometimes) a vague
 * paraphrase of it; otherwise it may guess a wrong one; it adds plausible
 * harmful rules and filler, drops working rules now and then, and proposes
 * temperatures with noise. rule-dispatch.ts routes each call to them;
 * rule-layout.ts reads and lays out the prompts the reflection rewrites.
 */
import { fnv1a } from "../../packages/engine/src/util/hash";
import { Prng } from "../../packages/engine/src/util/prng";
import { atSkill } from "./reflection-skill";
import { laidOut, prefixOf, sameSentence, sameWording, sentences } from "./rule-layout";
import {
  FILLER,
  GENERIC_HARMFUL,
  GREETING,
  parseRule,
  ruleForms,
  rulePhrasing,
} from "./rule-wording";
import type { RuleWorld } from "./rule-world";
import { type Question, recorded } from "./world";

/** Reflection noise in rule worlds (the same for every optimiser). */
export const RULE_NOISE = {
  miss: 0.5,
  /** An understood kind is written as the vague paraphrase with this probability. */
  vague: 0.35,
  guessWrong: 0.35,
  harmful: 0.25,
  filler: 0.3,
  drop: 0.1,
  cleanUp: 0.35,
  /**
   * Having understood a kind, the reflection also writes the right rule of each other kind that
   * needs the same fix with this probability (generalising from the examples it saw; 0: never).
   */
  generalise: 0,
  /**
   * Having understood a kind, the reflection states its fix without the condition ("Always …")
   * instead of the kind's own rule with this probability (0: never).
   */
  overreach: 0,
  /** The reflection proposes another temperature (±0.2) with this probability. */
  temperature: 0.3,
};

const idRe = /\[([a-z]+\d+)\]/;

/** The state of one run in a rule world: answers and content-keyed randomness. */
export class RuleAgents {
  readonly book = new Map<string, Question>();
  /** Every instruction the world's reflection wrote (and the seed): AxGEPA's system text embeds one. */
  readonly known = new Set<string>();
  private rng: Prng;
  private readonly seen = new Map<string, number>();

  constructor(
    readonly world: RuleWorld,
    readonly seed: number,
  ) {
    this.rng = new Prng(seed);
  }

  /** The reflection's noise in this world (the shared one unless the world says otherwise). */
  get noise(): typeof RULE_NOISE {
    return atSkill({ ...RULE_NOISE, ...this.world.spec.reflection });
  }

  /** Re-seeds the randomness from a call's content and its repeat count. */
  keyed(text: string): Prng {
    const n = (this.seen.get(text) ?? 0) + 1;
    this.seen.set(text, n);
    this.rng = new Prng((fnv1a(text, this.seed * 2_654_435_761) ^ (n * 0x9e3779b1)) >>> 0);
    return this.rng;
  }

  question(text: string): Question | undefined {
    const id = idRe.exec(text)?.[1];
    return id ? this.book.get(id) : undefined;
  }

  /**
   * The noisy rewrite of `current` after seeing failures of these kinds, `wrapped` of them
   * replies wrapped in a greeting (format worlds: each such failure shown is a chance to
   * understand the world's format rule).
   */
  rewrite(current: string, failures: number[], wrapped = 0): string {
    const rng = this.rng;
    const w = this.world;
    const noise = this.noise;
    let parts = sentences(current);
    if (rulePhrasing.reword > 0 && rng.next() < rulePhrasing.reword)
      parts = parts.map((p) => {
        const rule = parseRule(p);
        if (!rule) return p;
        const others = ruleForms(rule.kind, rule.phrase).filter((f) => !sameWording(f, p));
        return others.length ? (others[rng.int(others.length)] as string) : p;
      });
    const has = (s: string) => parts.some((p) => sameSentence(p, s));
    const counts = new Map<number, number>();
    for (const t of failures) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [k, n] of [...counts].sort((a, b) => a[0] - b[0])) {
      const right = w.rightRule(k);
      if (rng.next() < 1 - noise.miss ** n) {
        const kept = parts.find((p) => sameSentence(p, right));
        let written = kept ?? (rng.next() >= noise.vague ? right : w.vagueRule(k));
        if (!kept && written === right && noise.overreach > 0 && rng.next() < noise.overreach)
          written = w.overreachRule(k);
        const prefix = prefixOf(right);
        parts = parts.filter((p) => prefixOf(p) !== prefix || p === written);
        if (!has(written)) parts.push(written);
        if (written === right && noise.generalise > 0) parts = this.generalised(parts, k, rng);
      } else if (rng.next() < noise.guessWrong) {
        const wrong = w.wrongRule(k, rng);
        if (!has(wrong)) parts.push(wrong);
      }
    }
    const format = w.spec.format;
    if (format && wrapped > 0 && !has(format.rule) && rng.next() < 1 - noise.miss ** wrapped) {
      const written = rng.next() >= noise.vague ? format.rule : format.vague;
      parts = parts.filter((p) => !sameWording(p, format.vague) || p === written);
      if (!has(written)) parts.push(written);
    }
    if (failures.length > 0) {
      const harmful = parts.filter((p) => GENERIC_HARMFUL.includes(p));
      if (harmful.length && rng.next() < noise.cleanUp) {
        const gone = harmful[rng.int(harmful.length)];
        parts = parts.filter((p) => p !== gone);
      }
    }
    if (rng.next() < noise.harmful) {
      const rule = GENERIC_HARMFUL[rng.int(GENERIC_HARMFUL.length)] as string;
      if (!has(rule)) parts.push(rule);
    }
    if (rng.next() < noise.filler) {
      const f = FILLER[rng.int(FILLER.length)] as string;
      if (!has(f)) parts.push(f);
    }
    const rules = parts.filter((p) => prefixOf(p) !== undefined);
    if (rules.length && rng.next() < noise.drop) {
      const gone = rules[rng.int(rules.length)];
      parts = parts.filter((p) => p !== gone);
    }
    const out = laidOut(parts, rng);
    this.known.add(out);
    return out;
  }

  /** `parts` with the right rule of every kind sharing kind k's fix, each with probability `generalise`. */
  private generalised(parts: string[], k: number, rng: Prng): string[] {
    const w = this.world;
    let out = parts;
    w.spec.kinds.forEach((_, j) => {
      if (j === k || w.right[j] !== w.right[k] || rng.next() >= this.noise.generalise) return;
      const rule = w.rightRule(j);
      const prefix = prefixOf(rule);
      out = out.filter((p) => prefixOf(p) !== prefix);
      out.push(rule);
    });
    return out;
  }

  /** The instruction inside AxGEPA's framed system text: the longest known one it contains. */
  instructionIn(system: string): string {
    let best = "";
    for (const k of this.known) if (k.length > best.length && system.includes(k)) best = k;
    return best || system;
  }

  /** A proposed temperature: usually the current one, sometimes 0.2 lower or higher. */
  proposeTemperature(current: number): number {
    if (this.rng.next() >= this.noise.temperature) return current;
    const next = current + (this.rng.next() < 0.5 ? -0.2 : 0.2);
    return Math.round(Math.min(1, Math.max(0, next)) * 100) / 100;
  }

  /** The example blocks of a Promptune reflection request whose `<feedback>` score is below 1. */
  private promptuneFailingBlocks(text: string): string[] {
    const examples = text.split("### Example ").slice(1);
    const feedback = /<feedback>([\s\S]*?)<\/feedback>/.exec(text)?.[1] ?? "";
    const scores = [...feedback.matchAll(/Example (\d+) \(score ([\d.]+)\)/g)].map((m) =>
      Number(m[2]),
    );
    return examples.filter((_, i) => (scores[i] ?? 0) < 1);
  }

  /**
   * The labels a failing reply shows wrong: its kind; in facet worlds its kind when the code is
   * wrong and its facet when the code lacks the facet's suffix, as a reader comparing the reply
   * with the reference sees.
   */
  failedLabels(q: Question, reply: string): number[] {
    if (q.facet === undefined) return [q.type];
    const [code = "", suffix = ""] = recorded(q).split("-");
    const out: number[] = [];
    if (!reply.includes(code)) out.push(q.type);
    if (!reply.includes(`-${suffix}`)) out.push(q.facet);
    return out.length ? out : [q.type];
  }

  /** Failing kinds of a Promptune reflection request (examples and `<feedback>` scores). */
  promptuneFailures(text: string): number[] {
    return this.promptuneFailingBlocks(text).flatMap((block) => {
      const q = this.question(block);
      const reply = /Reply that was sent:\n([\s\S]*?)\n\nReference reply/.exec(block)?.[1] ?? "";
      return q ? this.failedLabels(q, reply) : [];
    });
  }

  /** How many failing examples of a Promptune reflection request show a reply wrapped in a greeting. */
  promptuneWrapped(text: string): number {
    return this.promptuneFailingBlocks(text).filter((block) => block.includes(GREETING)).length;
  }

  /** Rows of an AxGEPA reflection request (its `Minibatch` JSON). */
  private axRows(
    text: string,
  ): { input: { question: string }; prediction?: unknown; score: number }[] {
    const json = /Minibatch: (\[[\s\S]*?\n\])/.exec(text)?.[1];
    return json ? JSON.parse(json) : [];
  }

  /** Failing kinds of an AxGEPA reflection request. */
  axFailures(text: string): number[] {
    return this.axRows(text).flatMap((r) => {
      const q = this.question(r.input.question);
      return q && r.score < 1 ? this.failedLabels(q, JSON.stringify(r.prediction ?? "")) : [];
    });
  }

  /** How many failing rows of an AxGEPA reflection request show a reply wrapped in a greeting. */
  axWrapped(text: string): number {
    return this.axRows(text).filter(
      (r) => r.score < 1 && JSON.stringify(r.prediction ?? "").includes(GREETING),
    ).length;
  }
}
