/**
 * The simulated task world of the quality benchmark, with known ground truth.
 *
 * Questions belong to one of several types. The assistant answers a question
 * of type t correctly with a probability that depends only on which rules its
 * system prompt states: the right rule for t lifts it to HIGH, a wrong rule
 * for t pushes it to WRONG, and every generic harmful rule multiplies it by
 * HARM. The expected accuracy of any prompt is therefore computable exactly,
 * and so is the best possible one (every right rule, nothing harmful).
 * Which of the candidate phrasings is the right rule, the base accuracy of
 * each type and the type frequencies are drawn per seed.
 */
import { Prng } from "../../packages/engine/src/util/prng";

export const TYPES = ["units", "dates", "currency", "rounding", "names", "lists"];
/** Candidate rule phrasings of every type; one of them is right per seed. */
const PHRASES = ["the long form", "the short form", "the reversed form"];
export const HIGH = 0.92;
export const WRONG = 0.08;
export const HARM = 0.75;
/** Generic rules that sound helpful and hurt exact answers. */
export const HARMFUL_RULES = [
  "Always explain your reasoning before the answer.",
  "Answer in a full, friendly sentence.",
  "When unsure, list every plausible answer.",
];
/** Multi-agent: the coordinator must relay the worker's answer verbatim. */
export const RELAY_RULE = "Relay the worker's answer verbatim as the final reply.";
/** Multi-agent: without the relay rule the composer garbles this share of answers. */
export const GARBLE = 0.3;

export function ruleText(type: string, phrase: string): string {
  return `For ${type} questions, give ${phrase}.`;
}
export function routeText(type: string, worker: string): string {
  return `Send ${type} questions to ${worker}.`;
}

export interface Question {
  id: string;
  type: number;
  text: string;
  answer: string;
  /**
   * The code the dataset records for it, when that is not the right one (`--label-noise`): a
   * scorer compares replies with the record, the world's truth with `answer`.
   */
  label?: string;
}

/** The code a dataset records for a question: its label when one was mis-recorded. */
export function recorded(q: Question): string {
  return q.label ?? q.answer;
}

/** One seed's world. */
export class World {
  readonly right: number[];
  readonly base: number[];
  readonly weights: number[];
  readonly workers = ["Atlas", "Borealis"];

  constructor(readonly seed: number) {
    const rng = new Prng(seed * 7919 + 17);
    this.right = TYPES.map(() => rng.int(PHRASES.length));
    this.base = TYPES.map(() => 0.15 + 0.35 * rng.next());
    this.weights = TYPES.map(() => 0.5 + rng.next());
  }

  /** `count` questions drawn with the world's type frequencies (`tag` keeps ids unique). */
  questions(count: number, tag: string, rng: Prng): Question[] {
    return Array.from({ length: count }, (_, i) => {
      const type = rng.weighted(this.weights);
      const id = `${tag}${i}`;
      const answer = `K${Math.floor(rng.next() * 9000 + 1000)}`;
      return {
        id,
        type,
        answer,
        text: `[${id}] A ${TYPES[type]} question: what is the code of case ${id}?`,
      };
    });
  }

  /** Which rules a text states: per type right/wrong, and the count of harmful rules. */
  rulesIn(text: string): { right: boolean[]; wrong: boolean[]; harmful: number } {
    const t = text.toLowerCase();
    const right = TYPES.map((type, k) =>
      t.includes(ruleText(type, PHRASES[this.right[k] as number] as string).toLowerCase()),
    );
    const wrong = TYPES.map((type, k) =>
      PHRASES.some((p, j) => j !== this.right[k] && t.includes(ruleText(type, p).toLowerCase())),
    );
    const harmful = HARMFUL_RULES.filter((r) => t.includes(r.toLowerCase())).length;
    return { right, wrong, harmful };
  }

  /** Probability that an agent with this prompt answers a type-`type` question right. */
  pCorrect(prompt: string, type: number): number {
    const r = this.rulesIn(prompt);
    let p = this.base[type] as number;
    if (r.wrong[type]) p = r.right[type] ? (this.base[type] as number) / 2 : WRONG;
    else if (r.right[type]) p = HIGH;
    return p * HARM ** r.harmful;
  }

  /** Probability that a coordinator routes a type-`type` question to its owner worker. */
  pRoute(coordinator: string, descriptions: string[], type: number): number {
    const name = TYPES[type] as string;
    const owner = this.workers[type % 2] as string;
    const other = this.workers[1 - (type % 2)] as string;
    const t = coordinator.toLowerCase();
    const right = t.includes(routeText(name, owner).toLowerCase());
    const wrong = t.includes(routeText(name, other).toLowerCase());
    if (right && !wrong) return 0.97;
    if (wrong && !right) return 0.05;
    const described = descriptions[type % 2]?.toLowerCase().includes(name) ?? false;
    const misdescribed = descriptions[1 - (type % 2)]?.toLowerCase().includes(name) ?? false;
    if (described && !misdescribed) return 0.85;
    return 0.5;
  }

  /** Expected accuracy of a single-agent prompt on questions with the world's type mix. */
  expectedSingle(prompt: string): number {
    return this.mix((k) => this.pCorrect(prompt, k));
  }

  /** Expected accuracy of a multi-agent configuration (coordinator, worker prompts and descriptions). */
  expectedMulti(c: MultiWorldConfig): number {
    const relay = c.coordinator.toLowerCase().includes(RELAY_RULE.toLowerCase()) ? 1 : 1 - GARBLE;
    return this.mix((k) => {
      const route = this.pRoute(c.coordinator, c.descriptions, k);
      const owner = this.pCorrect(c.workers[k % 2] ?? "", k);
      return relay * (route * owner + (1 - route) * 0.1);
    });
  }

  /** The best possible single-agent prompt's accuracy. */
  bestSingle(): number {
    return this.mix(() => HIGH);
  }

  /** The best possible multi-agent accuracy. */
  bestMulti(): number {
    return this.mix(() => 0.97 * HIGH + 0.03 * 0.1);
  }

  /** The right rule of a type (used by the reflection when it understands a failure). */
  rightRule(type: number): string {
    return ruleText(TYPES[type] as string, PHRASES[this.right[type] as number] as string);
  }

  /** A wrong rule of a type. */
  wrongRule(type: number, rng: Prng): string {
    const others = PHRASES.filter((_, j) => j !== this.right[type]);
    return ruleText(TYPES[type] as string, others[rng.int(others.length)] as string);
  }

  private mix(f: (type: number) => number): number {
    const total = this.weights.reduce((a, b) => a + b, 0);
    return this.weights.reduce((s, w, k) => s + w * f(k), 0) / total;
  }
}

export interface MultiWorldConfig {
  coordinator: string;
  workers: string[];
  descriptions: string[];
}

/** The question type a text mentions, per question id found in it. */
export function typesMentioned(text: string): number[] {
  const found: number[] = [];
  const re = /\[([a-z]+\d+)\] A ([a-z]+) question/g;
  const seen = new Set<string>();
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (seen.has(m[1] as string)) continue;
    seen.add(m[1] as string);
    const k = TYPES.indexOf(m[2] as string);
    if (k >= 0) found.push(k);
  }
  return found;
}
