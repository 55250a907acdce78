/**
 * The optimiser's mutable run state and its conversion to and from the JSON
 * checkpoint. Everything a later iteration depends on lives here, so a run
 * resumed from a checkpoint behaves exactly like the uninterrupted run.
 */
import type { MinibatchState } from "../datasets/minibatch";
import type { DatasetSplit } from "../datasets/split";
import type { EmbeddingSource } from "../embedding/embedder";
import { createProjector, type Projector } from "../embedding/projection";
import { fnv1a } from "../util/hash";
import { Prng } from "../util/prng";
import type { ModeAdapter } from "./adapter";
import type { RunMeter } from "./meter";
import type { CandidateRecord, OptimisationCheckpoint, TrainEvaluation } from "./types";

/** Most train evaluations kept for reuse (oldest dropped first). */
export const TRAIN_CACHE_LIMIT = 200;

/** Mutable state of a run between iterations. */
export interface RunState<C> {
  seed: number;
  fingerprint: string;
  iteration: number;
  candidates: CandidateRecord<C>[];
  keys: Set<string>;
  reported: number[];
  acceptedFlags: boolean[];
  rng: Prng;
  minibatch: MinibatchState;
  componentCursor: number;
  /** Merges attempted so far, and whether the last iteration found a candidate (a merge is due). */
  merges: number;
  mergeDue: boolean;
  /** Replies made so far and the calls they took (budget estimates). */
  replyStats: { replies: number; calls: number };
  budgetExhausted: boolean;
  embedding: { source: EmbeddingSource; origin: number[] };
  projector: Projector;
  trainCache: Map<string, TrainEvaluation>;
}

/** Hash of everything a checkpoint's validity depends on. */
export function runFingerprint<C>(
  adapter: ModeAdapter<C>,
  seedCandidate: C,
  split: DatasetSplit,
  extra: Record<string, unknown>,
): string {
  const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
  const text = JSON.stringify({
    mode: adapter.mode,
    seedCandidate: adapter.key(seedCandidate),
    adapter: adapter.fingerprintParts(),
    train: ids(split.train),
    validation: ids(split.validation),
    test: ids(split.test),
    ...extra,
  });
  return `${fnv1a(text).toString(16)}-${fnv1a(text, 0x1234567).toString(16)}`;
}

/** Key of a cached train evaluation. */
export function trainKey(candidate: number, example: number): string {
  return `${candidate}:${example}`;
}

/** Stores a train evaluation, dropping the oldest beyond the limit; unscored ones are not kept (tried again later). */
export function cacheTrainEvaluation<C>(state: RunState<C>, entry: TrainEvaluation): void {
  if (!Number.isFinite(entry.score)) return;
  const key = trainKey(entry.candidate, entry.example);
  state.trainCache.delete(key);
  state.trainCache.set(key, entry);
  while (state.trainCache.size > TRAIN_CACHE_LIMIT) {
    const oldest = state.trainCache.keys().next().value as string;
    state.trainCache.delete(oldest);
  }
}

/** Adds fresh parent-role train scores to a candidate's evidence. */
export function addTrainEvidence<C>(
  candidate: CandidateRecord<C> | undefined,
  scores: readonly number[],
): void {
  const scored = scores.filter((s) => Number.isFinite(s));
  if (!candidate || scored.length === 0) return;
  const evidence = candidate.trainEvidence ?? { sum: 0, count: 0 };
  for (const s of scored) evidence.sum += s;
  evidence.count += scored.length;
  candidate.trainEvidence = evidence;
}

/** A JSON snapshot of the state after a finished iteration. */
export function toCheckpoint<C>(
  adapter: ModeAdapter<C>,
  state: RunState<C>,
  meter: RunMeter,
): OptimisationCheckpoint<C> {
  const checkpoint: OptimisationCheckpoint<C> = {
    version: 2,
    mode: adapter.mode,
    seed: state.seed,
    fingerprint: state.fingerprint,
    iteration: state.iteration,
    candidates: state.candidates,
    reported: state.reported,
    acceptedFlags: state.acceptedFlags,
    rng: state.rng.state(),
    minibatch: state.minibatch,
    componentCursor: state.componentCursor,
    merges: state.merges,
    mergeDue: state.mergeDue,
    replyStats: state.replyStats,
    usage: meter.total,
    callsIssued: meter.issued,
    budgetExhausted: state.budgetExhausted,
    embedding: state.embedding,
    trainCache: [...state.trainCache.values()],
    splitOrder: "stratified",
  };
  return JSON.parse(JSON.stringify(checkpoint)) as OptimisationCheckpoint<C>;
}

/** Rebuilds run state from a checkpoint; throws when it belongs to a different run. */
export function fromCheckpoint<C>(
  adapter: ModeAdapter<C>,
  checkpoint: OptimisationCheckpoint<C>,
  fingerprint: string,
): RunState<C> {
  if (checkpoint.version !== 2)
    throw new Error(`unsupported checkpoint version ${String(checkpoint.version)}`);
  if (checkpoint.mode !== adapter.mode)
    throw new Error(`checkpoint is for a ${checkpoint.mode}-agent run`);
  if (checkpoint.fingerprint !== fingerprint) {
    throw new Error("checkpoint does not match this run's dataset, seed configuration or options");
  }
  const cp = JSON.parse(JSON.stringify(checkpoint)) as OptimisationCheckpoint<C>;
  // JSON stores an unscored example's NaN as null: restore it.
  for (const c of cp.candidates) {
    c.scores = c.scores.map((s) => (typeof s === "number" ? s : Number.NaN));
  }
  return {
    seed: cp.seed,
    fingerprint: cp.fingerprint,
    iteration: cp.iteration,
    candidates: cp.candidates,
    keys: new Set(cp.candidates.map((c) => adapter.key(c.config))),
    reported: cp.reported,
    acceptedFlags: cp.acceptedFlags,
    rng: new Prng(cp.rng),
    minibatch: cp.minibatch,
    componentCursor: cp.componentCursor,
    merges: cp.merges,
    mergeDue: cp.mergeDue,
    replyStats: cp.replyStats,
    budgetExhausted: cp.budgetExhausted,
    embedding: cp.embedding,
    projector: createProjector({ seed: cp.seed, origin: cp.embedding.origin }),
    trainCache: new Map(
      cp.trainCache
        .filter((e) => typeof e.score === "number")
        .map((e) => [trainKey(e.candidate, e.example), e]),
    ),
  };
}
