/**
 * One optimisation iteration: up to R proposals, each drawing a parent from
 * the Pareto frontier and a train minibatch, reflecting on the parent's
 * minibatch results and testing the proposal on the same minibatch. The first
 * proposal that strictly improves the minibatch score is scored on the whole
 * validation set and joins the pool; the iteration ends there.
 */
import type { DatasetExample } from "@promptune/contracts";
import { nextMinibatch } from "../datasets/minibatch";
import type { DatasetSplit } from "../datasets/split";
import { embedText } from "../embedding/embedder";
import { isAbortError, throwIfAborted } from "../util/abort";
import {
  type EvaluationContext,
  type ExampleEvaluation,
  evaluateCandidate,
  meanScore,
} from "./evaluate";
import { BudgetExhaustedError, type RunMeter } from "./meter";
import { paretoFrontier, selectParent } from "./pareto";
import { cacheTrainEvaluation, type RunState, trainKey } from "./state";
import type { ReflectionExample } from "./types";

const EPS = 1e-9;

/** Fixed inputs of every iteration of a run. */
export interface IterationEnv<C> extends EvaluationContext<C> {
  split: DatasetSplit;
  meter: RunMeter;
  minibatchSize: number;
  proposalsPerIteration: number;
  /** Calls one proposal may take in the worst case. */
  proposalCost: number;
  /** Calls kept back for the final held-out test evaluation. */
  testReserve: number;
}

/** What an iteration did. */
export interface IterationOutcome {
  /** Pool index of the accepted candidate, or null. */
  accepted: number | null;
  proposals: number;
  /** Longest chain of dependent model calls. */
  depth: number;
}

/** Evaluates a pool candidate on train examples, reusing cached evaluations. */
async function evaluateTrain<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  candidate: number,
  batch: readonly number[],
  signal: AbortSignal,
): Promise<{ evaluations: ExampleEvaluation[]; depth: number }> {
  const missing = batch.filter((i) => !state.trainCache.has(trainKey(candidate, i)));
  const config = (state.candidates[candidate] as { config: C }).config;
  const fresh = await evaluateCandidate(
    env,
    config,
    missing.map((i) => env.split.train[i] as DatasetExample),
    signal,
  );
  missing.forEach((example, k) => {
    const e = fresh.evaluations[k] as ExampleEvaluation;
    cacheTrainEvaluation(state, { candidate, example, ...e });
  });
  const evaluations = batch.map((i) => {
    const { score, feedback, reply, trace, consulted } = state.trainCache.get(
      trainKey(candidate, i),
    ) as ExampleEvaluation;
    return { score, feedback, reply, trace, consulted };
  });
  return { evaluations, depth: missing.length ? fresh.depth : 0 };
}

/** Runs one iteration, mutating `state` (pool, PRNG, sampler, cursors, cache). */
export async function runIteration<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  signal: AbortSignal,
): Promise<IterationOutcome> {
  const { adapter, split } = env;
  let depth = 0;
  let proposals = 0;
  for (let r = 0; r < env.proposalsPerIteration && !state.budgetExhausted; r++) {
    if (env.meter.remaining() < env.proposalCost + env.testReserve) {
      state.budgetExhausted = true;
      break;
    }
    throwIfAborted(signal);
    const parent = selectParent(paretoFrontier(state.candidates.map((c) => c.scores)), state.rng);
    const batch = nextMinibatch(state.minibatch, split.train.length, env.minibatchSize, state.rng);
    const parentConfig = (state.candidates[parent] as { config: C }).config;
    proposals++;
    try {
      const before = await evaluateTrain(env, state, parent, batch, signal);
      depth += before.depth;
      if (before.evaluations.every((e) => e.score >= 1 - EPS)) continue;
      const examples = batch.map((i) => split.train[i] as DatasetExample);
      const material: ReflectionExample[] = before.evaluations.map((e, k) => ({
        example: examples[k] as DatasetExample,
        ...e,
      }));
      const picked = adapter.pickComponent
        ? adapter.pickComponent(parentConfig, state.componentCursor, material)
        : {
            index: state.componentCursor % adapter.components(parentConfig).length,
            cursor: state.componentCursor + 1,
          };
      const component = picked.index;
      state.componentCursor = picked.cursor;
      depth += 1;
      let proposal: Awaited<ReturnType<typeof adapter.propose>>;
      try {
        proposal = await adapter.propose(env.llm, parentConfig, component, material, signal);
      } catch (err) {
        if (isAbortError(err) || err instanceof BudgetExhaustedError || signal.aborted) throw err;
        continue; // an unusable reflection answer rejects this proposal, not the run
      }
      if (!proposal || state.keys.has(adapter.key(proposal.config))) continue;
      const after = await evaluateCandidate(env, proposal.config, examples, signal);
      depth += after.depth;
      const gain =
        meanScore(after.evaluations.map((e) => e.score)) -
        meanScore(before.evaluations.map((e) => e.score));
      if (!(gain > EPS)) continue;
      const [validation, vector] = await Promise.all([
        evaluateCandidate(env, proposal.config, split.validation, signal),
        embedText(env.llm, state.embedding.source, adapter.embeddingText(proposal.config), signal),
      ]);
      depth += Math.max(validation.depth, state.embedding.source === "provider" ? 1 : 0);
      const scores = validation.evaluations.map((e) => e.score);
      const index = state.candidates.length;
      state.candidates.push({
        iteration: state.iteration + 1,
        config: proposal.config,
        parent: (state.candidates[parent] as { iteration: number }).iteration,
        component: adapter.components(parentConfig)[component] ?? null,
        rationale: proposal.rationale,
        scores,
        score: meanScore(scores),
        embeddingPoint: state.projector.project(vector),
      });
      state.keys.add(adapter.key(proposal.config));
      after.evaluations.forEach((e, k) => {
        cacheTrainEvaluation(state, { candidate: index, example: batch[k] as number, ...e });
      });
      return { accepted: index, proposals, depth };
    } catch (err) {
      if (err instanceof BudgetExhaustedError) {
        state.budgetExhausted = true;
        break;
      }
      throw err;
    }
  }
  return { accepted: null, proposals, depth };
}
