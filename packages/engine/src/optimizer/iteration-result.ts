/**
 * The result an optimisation reports for each iteration: the pool candidate
 * it presents, the iteration's usage, the recorded reasoning and evidence,
 * and a checkpoint the run can resume from.
 */
import type { ModeAdapter } from "./adapter";
import type { IterationEnv } from "./iteration-env";
import { type RunState, toCheckpoint } from "./state";
import type { IterationResult } from "./types";

/** What the run's recorder holds for the iteration that just finished. */
function recorded<C>(env: IterationEnv<C>): Pick<IterationResult<C>, "reasoning" | "evidence"> {
  const { proposals, evidence } = env.recorder?.drain() ?? { proposals: [], evidence: [] };
  return { reasoning: proposals, evidence };
}

/** Builds the reported result of an iteration for pool candidate `index`. */
export function iterationResult<C>(
  adapter: ModeAdapter<C>,
  state: RunState<C>,
  env: IterationEnv<C>,
  index: number,
  accepted: boolean,
  proposals: number,
  depth: number,
): IterationResult<C> {
  const c = state.candidates[index];
  if (!c) throw new Error(`no candidate ${index}`);
  return {
    iteration: state.iteration,
    config: c.config,
    accepted,
    candidateIteration: c.iteration,
    parent: c.parent,
    component: c.component,
    rationale: c.rationale,
    validationScore: c.score,
    validationScores: c.scores.slice(),
    evaluationPoint: { x: state.iteration, y: Math.round(c.score * 10_000) / 100 },
    embeddingPoint: c.embeddingPoint,
    proposals,
    budgetExhausted: state.budgetExhausted,
    usage: { ...env.meter.iteration },
    totalUsage: { ...env.meter.total },
    criticalPathCalls: depth,
    checkpoint: {
      ...toCheckpoint(adapter, state, env.meter),
      validationSize: env.split.validation.length,
      tuning: { minibatchSize: env.minibatchSize, reflectionExtra: env.reflectionExtra },
    },
    ...recorded(env),
  };
}
