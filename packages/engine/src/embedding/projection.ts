/**
 * 2-D projection on axes fixed at run start. The origin is the seed
 * candidate's embedding and the two axes are an orthonormal pair drawn from a
 * generator seeded by the run seed, so every later point is a pure function of
 * its own embedding: earlier points never move, and a resumed run projects
 * exactly as the original would have.
 */
import type { Point } from "@promptune/contracts";
import { Prng } from "../util/prng";

/** What a checkpoint must keep to rebuild the projection. */
export interface ProjectionState {
  seed: number;
  origin: number[];
}

/** Projects embeddings of the run's space to 2-D. */
export interface Projector {
  readonly state: ProjectionState;
  project(vector: readonly number[]): Point;
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
}

/** Two orthonormal axes in `dim` dimensions derived only from `seed`. */
export function projectionAxes(seed: number, dim: number): [number[], number[]] {
  const rng = new Prng((seed ^ 0x2d2e_7a1b) >>> 0);
  const a = Array.from({ length: dim }, () => rng.gaussian());
  const b = Array.from({ length: dim }, () => rng.gaussian());
  const na = Math.sqrt(dot(a, a)) || 1;
  const u = a.map((x) => x / na);
  const proj = dot(b, u);
  const w = b.map((x, i) => x - proj * (u[i] ?? 0));
  const nw = Math.sqrt(dot(w, w)) || 1;
  return [u, w.map((x) => x / nw)];
}

/**
 * Builds the projector. Coordinates are scaled by √(dim/2) so that the 2-D
 * distance between two candidates is, on average, their embedding distance.
 */
export function createProjector(state: ProjectionState): Projector {
  const dim = state.origin.length;
  const [ax, ay] = projectionAxes(state.seed, dim);
  const scale = Math.sqrt(dim / 2);
  const round = (x: number): number => Math.round(x * 1e4) / 1e4 || 0;
  return {
    state,
    project(vector) {
      if (vector.length !== dim)
        throw new Error(`embedding has ${vector.length} dimensions, expected ${dim}`);
      const d = vector.map((x, i) => x - (state.origin[i] ?? 0));
      return { x: round(dot(d, ax) * scale), y: round(dot(d, ay) * scale) };
    },
  };
}
