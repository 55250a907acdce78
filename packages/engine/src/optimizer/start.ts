/**
 * A fresh run's first step: the seed configuration scored on the validation
 * set while its embedding is chosen, and the run's state built around it.
 * A resumed run skips this and rebuilds its state from the checkpoint.
 */
import { initialMinibatchState } from "../datasets/minibatch";
import { chooseEmbeddingSource } from "../embedding/embedder";
import { createProjector } from "../embedding/projection";
import { allFinished } from "../util/limit";
import { Prng } from "../util/prng";
import { evaluateCandidate, meanScore } from "./evaluate";
import type { IterationEnv } from "./iteration-env";
import type { RunState } from "./state";

/**
 * Scores the seed on the validation set and returns the run's initial state
 * with the calls on its critical path (the scoring's depth, or one embedding
 * call when the provider embeds).
 */
export async function startRun<C>(
  env: IterationEnv<C>,
  seedCandidate: C,
  identity: { seed: number; fingerprint: string },
  signal: AbortSignal,
): Promise<{ state: RunState<C>; depth: number }> {
  const { adapter, llm, split } = env;
  const [embedding, validation] = await allFinished([
    chooseEmbeddingSource(llm, adapter.embeddingText(seedCandidate), signal),
    evaluateCandidate(env, seedCandidate, split.validation, signal),
  ]);
  const projector = createProjector({ seed: identity.seed, origin: embedding.vector });
  const scores = validation.evaluations.map((e) => e.score);
  env.recorder?.evaluated(0, "validation", split.validation, validation.evaluations);
  const state: RunState<C> = {
    seed: identity.seed,
    fingerprint: identity.fingerprint,
    iteration: 0,
    candidates: [
      {
        iteration: 0,
        config: seedCandidate,
        parent: null,
        component: null,
        rationale: null,
        scores,
        score: meanScore(scores),
        embeddingPoint: projector.project(embedding.vector),
      },
    ],
    keys: new Set([adapter.key(seedCandidate)]),
    reported: [0],
    acceptedFlags: [true],
    rng: new Prng(identity.seed),
    minibatch: initialMinibatchState(),
    componentCursor: 0,
    merges: 0,
    mergeDue: false,
    replyStats: env.replyStats,
    budgetExhausted: false,
    embedding: { source: embedding.source, origin: embedding.vector },
    projector,
    trainCache: new Map(),
  };
  const depth = Math.max(validation.depth, embedding.source === "provider" ? 1 : 0);
  return { state, depth };
}
