/**
 * A merge proposal inside an iteration: draw two mergeable frontier members,
 * combine them (merge.ts), keep the result only if it scores at least as
 * well as the better of both on a train minibatch, then score it on the
 * validation set (with the early stop) like any other proposal.
 */
import type { DatasetExample } from "@promptune/contracts";
import { nextMinibatch } from "../datasets/minibatch";
import { embedText } from "../embedding/embedder";
import { allFinished } from "../util/limit";
import { evaluateCandidate, meanScore, pairedMeans } from "./evaluate";
import { canAffordValidation, evaluateTrain, type IterationEnv } from "./iteration-env";
import { pickMerge } from "./merge";
import { nearBestFrontier, paretoFrontier } from "./pareto";
import { cacheTrainEvaluation, type RunState } from "./state";
import { scoreValidation } from "./validation";

const EPS = 1e-9;

/** What a merge attempt did: null when no pair could be merged (nothing was spent). */
export interface MergeOutcome {
  accepted: number | null;
  depth: number;
}

/** Attempts one merge; mutates `state` like a proposal does. */
export async function tryMerge<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  minibatchSize: number,
  signal: AbortSignal,
): Promise<MergeOutcome | null> {
  const { adapter, split } = env;
  const pool = state.candidates.map((c) => c.scores);
  const frontier = (env.nearBestParents ? nearBestFrontier(pool) : paretoFrontier(pool)).map(
    (f) => f.candidate,
  );
  const plan = pickMerge(adapter, state.candidates, frontier, state.keys, state.rng);
  if (!plan) return null;
  state.merges++;
  state.keys.add(adapter.key(plan.config));
  const batch = nextMinibatch(state.minibatch, split.train.length, minibatchSize, state.rng);
  const note = env.recorder?.begin({
    kind: "merge",
    parent: (state.candidates[plan.better] as { iteration: number }).iteration,
    otherParent: (state.candidates[plan.other] as { iteration: number }).iteration,
    minibatch: batch.map((i) => (split.train[i] as DatasetExample).id),
    parentValidationScore: (state.candidates[plan.better] as { score: number }).score,
  });
  const [better, other] = await allFinished([
    evaluateTrain(env, state, plan.better, batch, signal),
    evaluateTrain(env, state, plan.other, batch, signal),
  ]);
  const examples = batch.map((i) => split.train[i] as DatasetExample);
  const merged = await evaluateCandidate(env, plan.config, examples, signal);
  let depth = Math.max(better.depth, other.depth) + merged.depth;
  // Compared with each parent on the examples both have scored (unscored ones are left out).
  const scoresOf = (xs: { score: number }[]) => xs.map((e) => e.score);
  const worseThan = (parent: { score: number }[]) => {
    const paired = pairedMeans(scoresOf(merged.evaluations), scoresOf(parent));
    return paired.n === 0 || paired.a < paired.b - EPS;
  };
  note?.parentScores(scoresOf(better.evaluations));
  if (note) note.record.proposalMinibatchScore = meanScore(scoresOf(merged.evaluations));
  if (worseThan(better.evaluations) || worseThan(other.evaluations)) {
    note?.finish("rejected_minibatch");
    return { accepted: null, depth };
  }
  if (!canAffordValidation(env)) {
    note?.finish("budget");
    state.budgetExhausted = true;
    return { accepted: null, depth };
  }
  const betterRecord = state.candidates[plan.better] as { scores: number[]; iteration: number };
  const otherRecord = state.candidates[plan.other] as { iteration: number };
  const [validation, vector] = await allFinished([
    scoreValidation(env, plan.config, betterRecord.scores, signal),
    embedText(env.llm, state.embedding.source, adapter.embeddingText(plan.config), signal),
  ]);
  depth += Math.max(validation.depth, state.embedding.source === "provider" ? 1 : 0);
  if (!validation.scores) {
    note?.finish("rejected_validation", {
      validationScore: meanScore(scoresOf(validation.evaluations ?? [])),
    });
    return { accepted: null, depth };
  }
  const index = state.candidates.length;
  note?.finish("accepted", {
    validationScore: meanScore(validation.scores),
    rationale: `Combined the components changed by iterations ${betterRecord.iteration} and ${otherRecord.iteration}.`,
  });
  env.recorder?.evaluated(
    state.iteration + 1,
    "validation",
    split.validation,
    validation.evaluations ?? [],
  );
  state.candidates.push({
    iteration: state.iteration + 1,
    config: plan.config,
    parent: betterRecord.iteration,
    component: `merge of iterations ${betterRecord.iteration} and ${otherRecord.iteration}`,
    rationale: `Combined the components changed by iterations ${betterRecord.iteration} and ${otherRecord.iteration}.`,
    scores: validation.scores,
    score: meanScore(validation.scores),
    embeddingPoint: state.projector.project(vector),
  });
  merged.evaluations.forEach((e, k) => {
    cacheTrainEvaluation(state, { candidate: index, example: batch[k] as number, ...e });
  });
  return { accepted: index, depth };
}
