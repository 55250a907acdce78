/**
 * One seed's draw of a rule world (rule-world.ts) and the texts written from
 * it: which phrase is each label's right one, the kinds' base rates and
 * weights, which kinds each generic rule hurts, the facets' bases and
 * weights; the run's seed prompt (`--seed-rare-rules`, `--warm-start`), the
 * questions, each label's right, vague, wrong and overreaching rule and the
 * shortest best prompt. `RuleWorld` extends it with the scoring model; the
 * draw is kept apart so its random-draw order is in one place.
 */
import { Prng } from "../../packages/engine/src/util/prng";
import {
  GENERIC_HARMFUL,
  KEY_PHRASES,
  labelledRule,
  labelsWritten,
  overreachText,
  ruleText,
  VAGUE,
  worldLanguage,
} from "./rule-wording";
import type { RuleWorldSpec } from "./rule-world-spec";
import type { Question } from "./world";

/** A rare kind's weight in the mix (a common kind's is 0.6–1.4). */
const RARE_WEIGHT = 0.25;

/**
 * The seed configuration of every rule world. `--seed-rare-rules` appends the
 * right rule of every rare kind to each world's seed prompt: with
 * `--generic-rules` those are generic instructions the seed needs for a few
 * examples only, the case a pruning of the seed's own instructions could
 * lose. `--seed-temperature` sets the temperature runs start at (and AxGEPA
 * keeps), 0.7 unless given.
 */
export const seedSetup = { rareRules: false, warm: false, temperature: 0.7 };

/** Facet worlds: the suffix a facet value adds to a right code ("overseas" → "OV"). */
export function suffixOf(value: string): string {
  return value.slice(0, 2).toUpperCase();
}

/**
 * One seed's rule world as drawn, with the texts written from it (the
 * scoring is `RuleWorld`'s, in rule-world.ts).
 */
export class RuleWorldDraw {
  readonly right: number[];
  readonly base: number[];
  readonly weights: number[];
  /** harms[r][k]: generic rule r hurts kind k. */
  readonly harms: boolean[][];
  /** The kinds, then the facet values (facet worlds): every label a rule can be written for. */
  readonly labels: string[];
  /** Facet worlds: each facet value's weight and its suffix's base probability. */
  readonly facetWeights: number[] = [];
  protected readonly facetBase: number[] = [];

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

  /** Kind k's fix stated without its condition, as if every case needed it. */
  overreachRule(k: number): string {
    return overreachText(KEY_PHRASES[this.right[k] as number] as string);
  }
}
