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
 *
 * A world has a shape (`WorldShape`): `types` is the first world, two workers
 * that own alternate types; `team` is a check world for multi-agent mode,
 * added in session 42 and never used to choose a mechanism — three workers,
 * nine types of which two are rare, owners drawn per seed, and one worker's
 * seed prompt holding a harmful generic rule; `crew` is a second multi-agent
 * check world, added in session 53 after the multi-agent defaults were chosen
 * — four workers, eight types (two rare), every type owned by two workers, so
 * a route pays only when the owner it names states the type's rule.
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
/** Multi-agent: the share of questions a coordinator sends where a stated route says. */
export const ROUTED = 0.97;
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

/** The structure of a world: its types, its workers and how the types are spread over them. */
export interface WorldShape {
  name: string;
  types: string[];
  workers: string[];
  /** How many types are rare (weight 0.25 against 0.5–1.5 of a common one). */
  rare: number;
  /** Owners drawn per seed (each worker owns as many types as the others, ±1), not alternating. */
  drawnOwners: boolean;
  /** Whether one worker's seed prompt (drawn per seed) also states a harmful generic rule. */
  harmfulSeedWorker: boolean;
  /**
   * How many workers own each type (drawn per seed, loads balanced; 1 when absent). With two, a
   * question is answered well by either owner whose prompt states the type's rule, so a route
   * and the rule it needs must land on the same worker.
   */
  sharedOwners?: number;
}

/** The first world: six types, two workers owning alternate types. */
export const TYPES_SHAPE: WorldShape = {
  name: "types",
  types: TYPES,
  workers: ["Atlas", "Borealis"],
  rare: 0,
  drawnOwners: false,
  harmfulSeedWorker: false,
};

/** The multi-agent check world (session 42): three workers, nine types, two of them rare. */
export const TEAM_SHAPE: WorldShape = {
  name: "team",
  types: [...TYPES, "percent", "phones", "addresses"],
  workers: ["Atlas", "Borealis", "Cygnus"],
  rare: 2,
  drawnOwners: true,
  harmfulSeedWorker: true,
};

/**
 * The second multi-agent check world (session 53): four workers, eight types of which two are
 * rare, every type owned by two workers drawn per seed, a harmful rule in one worker's seed.
 */
export const CREW_SHAPE: WorldShape = {
  name: "crew",
  types: [...TYPES, "percent", "phones"],
  workers: ["Atlas", "Borealis", "Cygnus", "Draco"],
  rare: 2,
  drawnOwners: true,
  harmfulSeedWorker: true,
  sharedOwners: 2,
};

/** The shapes `--world` can name besides the rule worlds. */
export const WORLD_SHAPES: WorldShape[] = [TYPES_SHAPE, TEAM_SHAPE, CREW_SHAPE];

/**
 * The shape every run of `runners.ts` builds its world with (`--world types`, `team` or
 * `crew`), set by the bench for each world it runs.
 */
export const worldShape = { current: TYPES_SHAPE };

export interface Question {
  id: string;
  type: number;
  text: string;
  answer: string;
  /** Facet worlds: the index (among the world's labels, after its kinds) of the question's facet. */
  facet?: number;
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
  readonly types: string[];
  readonly workers: string[];
  /** The worker that owns each type (the first of its owners when types are shared). */
  readonly owners: number[];
  /** Every worker that owns each type (one unless the shape shares types). */
  readonly ownerSets: number[][];
  /** The worker whose seed prompt states a harmful rule (`harmfulSeedWorker`), or −1. */
  readonly harmedWorker: number;
  /** How many workers own each type (`sharedOwners`, else 1). */
  readonly ownersPerType: number;

  constructor(
    readonly seed: number,
    readonly shape: WorldShape = TYPES_SHAPE,
  ) {
    const rng = new Prng(seed * 7919 + 17);
    this.types = shape.types;
    this.workers = shape.workers;
    this.right = this.types.map(() => rng.int(PHRASES.length));
    this.base = this.types.map(() => 0.15 + 0.35 * rng.next());
    this.weights = this.types.map(() => 0.5 + rng.next());
    // the first world draws nothing more, so its seeds are what they always were
    if (shape.rare > 0)
      for (const k of rng.shuffle([...this.types.keys()]).slice(0, shape.rare))
        this.weights[k] = 0.25;
    this.owners = this.types.map((_, k) => k % this.workers.length);
    if (shape.drawnOwners)
      rng.shuffle([...this.types.keys()]).forEach((k, i) => {
        this.owners[k] = i % this.workers.length;
      });
    this.harmedWorker = shape.harmfulSeedWorker ? rng.int(this.workers.length) : -1;
    this.ownerSets = this.owners.map((w) => [w]);
    this.ownersPerType = shape.sharedOwners ?? 1;
    // drawn after everything above, so the worlds that share nothing keep their seeds
    if (this.shared) this.drawSharedOwners(this.ownersPerType, rng);
  }

  /** Gives every type `count` distinct owners, each pick the least-loaded worker (ties drawn). */
  private drawSharedOwners(count: number, rng: Prng): void {
    const load = this.workers.map(() => 0);
    for (const k of rng.shuffle([...this.types.keys()])) {
      const picked: number[] = [];
      for (let i = 0; i < count; i++) {
        const free = this.workers.map((_, w) => w).filter((w) => !picked.includes(w));
        const least = Math.min(...free.map((w) => load[w] as number));
        const ties = free.filter((w) => load[w] === least);
        const w = ties[rng.int(ties.length)] as number;
        picked.push(w);
        load[w] = (load[w] as number) + 1;
      }
      this.ownerSets[k] = picked;
      this.owners[k] = picked[0] as number;
    }
  }

  /** Whether worker `w` answers type-`type` questions well when its prompt states the rule. */
  owns(w: number, type: number): boolean {
    return (this.ownerSets[type] as number[]).includes(w);
  }

  /** Whether the world's types have more than one owner each. */
  get shared(): boolean {
    return this.ownersPerType > 1;
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
        text: `[${id}] A ${this.types[type]} question: what is the code of case ${id}?`,
      };
    });
  }

  /** Which rules a text states: per type right/wrong, and the count of harmful rules. */
  rulesIn(text: string): { right: boolean[]; wrong: boolean[]; harmful: number } {
    const t = text.toLowerCase();
    const right = this.types.map((type, k) =>
      t.includes(ruleText(type, PHRASES[this.right[k] as number] as string).toLowerCase()),
    );
    const wrong = this.types.map((type, k) =>
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
    const name = this.types[type] as string;
    const owner = this.owners[type] as number;
    const t = coordinator.toLowerCase();
    const names = (w: number) =>
      t.includes(routeText(name, this.workers[w] as string).toLowerCase());
    const others = this.nonOwners(type);
    const right = names(owner);
    const wrong = others.some(names);
    if (right && !wrong) return ROUTED;
    if (wrong && !right) return 0.05;
    const claims = (w: number) => descriptions[w]?.toLowerCase().includes(name) ?? false;
    if (claims(owner) && !others.some(claims)) return 0.85;
    return 1 / this.workers.length;
  }

  /**
   * The share of type-`type` questions a coordinator sends to each worker. With one owner per
   * type, `pRoute` to the owner and the rest spread evenly. With shared types the coordinator
   * follows the routes it states (0.97 over the workers they name), else the descriptions that
   * claim the type (0.85 over them), else it picks at random.
   */
  routeShares(coordinator: string, descriptions: string[], type: number): number[] {
    const n = this.workers.length;
    if (!this.shared) {
      const p = this.pRoute(coordinator, descriptions, type);
      return this.workers.map((_, w) => (w === this.owners[type] ? p : (1 - p) / (n - 1)));
    }
    const name = this.types[type] as string;
    const t = coordinator.toLowerCase();
    const all = this.workers.map((_, w) => w);
    const named = all.filter((w) =>
      t.includes(routeText(name, this.workers[w] as string).toLowerCase()),
    );
    const claims = all.filter((w) => descriptions[w]?.toLowerCase().includes(name) ?? false);
    const spread = (set: number[], p: number) =>
      all.map((w) => (set.includes(w) ? p / set.length : (1 - p) / (n - set.length)));
    if (named.length > 0 && named.length < n) return spread(named, ROUTED);
    if (claims.length > 0 && claims.length < n) return spread(claims, 0.85);
    return all.map(() => 1 / n);
  }

  /** The workers that do not own `type`. */
  nonOwners(type: number): number[] {
    return this.workers.map((_, w) => w).filter((w) => !this.owns(w, type));
  }

  /** Expected accuracy of a single-agent prompt on questions with the world's type mix. */
  expectedSingle(prompt: string): number {
    return this.mix((k) => this.pCorrect(prompt, k));
  }

  /** Expected accuracy of a multi-agent configuration (coordinator, worker prompts and descriptions). */
  expectedMulti(c: MultiWorldConfig): number {
    const relay = c.coordinator.toLowerCase().includes(RELAY_RULE.toLowerCase()) ? 1 : 1 - GARBLE;
    return this.mix((k) => {
      const shares = this.routeShares(c.coordinator, c.descriptions, k);
      const answered = shares.reduce(
        (s, share, w) => s + share * (this.owns(w, k) ? this.pCorrect(c.workers[w] ?? "", k) : 0.1),
        0,
      );
      return relay * answered;
    });
  }

  /** The best possible single-agent prompt's accuracy. */
  bestSingle(): number {
    return this.mix(() => HIGH);
  }

  /**
   * The best possible multi-agent accuracy: each type routed to one owner, every owner stating its
   * rule (the few questions a route misses then still reach another owner when types are shared).
   */
  bestMulti(): number {
    const n = this.workers.length;
    const owners = this.ownersPerType;
    const astray = (1 - ROUTED) / (n - 1);
    return this.mix(() => (ROUTED + astray * (owners - 1)) * HIGH + astray * (n - owners) * 0.1);
  }

  /** The right rule of a type (used by the reflection when it understands a failure). */
  rightRule(type: number): string {
    return ruleText(this.types[type] as string, PHRASES[this.right[type] as number] as string);
  }

  /** A wrong rule of a type. */
  wrongRule(type: number, rng: Prng): string {
    const others = PHRASES.filter((_, j) => j !== this.right[type]);
    return ruleText(this.types[type] as string, others[rng.int(others.length)] as string);
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
