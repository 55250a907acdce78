/**
 * A small, fast, seedable pseudo-random generator (sfc32) whose whole state is
 * four unsigned 32-bit integers, so a run can checkpoint it as JSON and resume
 * with exactly the same sequence of draws.
 */

/** Serialisable PRNG state: four uint32 words. */
export type PrngState = [number, number, number, number];

/** Derives a well-mixed initial state from any integer seed (splitmix32). */
export function seedState(seed: number): PrngState {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  return [next(), next(), next(), next()];
}

/** A seeded generator; `state()` snapshots it, `new Prng(state)` restores it. */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seedOrState: number | PrngState) {
    const st = typeof seedOrState === "number" ? seedState(seedOrState) : seedOrState;
    [this.a, this.b, this.c, this.d] = st.map((x) => x >>> 0) as PrngState;
  }

  /** The current state, to store in a checkpoint. */
  state(): PrngState {
    return [this.a, this.b, this.c, this.d];
  }

  /** Next uint32. */
  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal draw (Box–Muller). */
  gaussian(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A shuffled copy of `items` (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** Index drawn with probability proportional to `weights` (all ≥ 0, not all 0). */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((s, w) => s + w, 0);
    if (!(total > 0)) return this.int(weights.length);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
