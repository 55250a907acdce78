/**
 * The end of a run: the best candidate by validation score (the top
 * candidates re-measured, see selection.ts), the list of per-iteration
 * candidates, and held-out test scores of the initial and the best candidate
 * (measured once each; null when the budget ran out) with the paired
 * bootstrap comparison of the two (`held-out.ts`).
 */
import type { DatasetExample } from "@promptune/contracts";
import { evaluateCandidate, meanScore } from "./evaluate";
import { compareHeldOut, type HeldOutComparison } from "./held-out";
import type { IterationEnv } from "./iteration";
import { BudgetExhaustedError } from "./meter";
import { selectFinal } from "./selection";
import type { RunState } from "./state";
import type { CandidateRecord, FinalResult, ReportedCandidate } from "./types";

function reported<C>(c: CandidateRecord<C>): ReportedCandidate<C> {
  return {
    iteration: c.iteration,
    config: c.config,
    validationScore: c.score,
    evaluationPoint: { x: c.iteration, y: Math.round(c.score * 10_000) / 100 },
    embeddingPoint: c.embeddingPoint,
  };
}

/** Builds the final result, scoring the held-out test split when asked to. */
export async function finalise<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  options: {
    evaluateTest: boolean;
    promptOf: (c: C) => string;
    rescores: number;
    signal: AbortSignal;
  },
): Promise<FinalResult<C>> {
  const pick = await selectFinal(env, state, options.rescores, options.signal);
  const best = pick.index;
  const bestRecord = { ...(state.candidates[best] as CandidateRecord<C>), score: pick.score };
  const initialRecord = state.candidates[0] as CandidateRecord<C>;
  let testScore: number | null = null;
  let initialTestScore: number | null = null;
  let heldOut: HeldOutComparison | null = null;
  const test: readonly DatasetExample[] = env.split.test;
  if (options.evaluateTest && test.length > 0) {
    try {
      const targets = best === 0 ? [initialRecord] : [initialRecord, bestRecord];
      const stages = await Promise.all(
        targets.map((c) => evaluateCandidate(env, c.config, test, options.signal)),
      );
      const perExample = stages.map((s) => s.evaluations.map((e) => e.score));
      const scores = perExample.map(meanScore);
      initialTestScore = scores[0] ?? null;
      testScore = scores[scores.length - 1] ?? null;
      heldOut = compareHeldOut(
        perExample[0] ?? [],
        perExample[perExample.length - 1] ?? [],
        state.seed,
      );
    } catch (err) {
      if (!(err instanceof BudgetExhaustedError)) throw err;
      state.budgetExhausted = true;
    }
  }
  const iterations = state.reported.slice(1).map((index, k) => {
    const c = state.candidates[index] as CandidateRecord<C>;
    return {
      iteration: k + 1,
      config: c.config,
      accepted: state.acceptedFlags[k + 1] ?? false,
      validationScore: c.score,
    };
  });
  return {
    best: reported(bestRecord),
    initial: reported(initialRecord),
    iterations,
    prompts: iterations.map((i) => options.promptOf(i.config)),
    totalIterations: iterations.length,
    testScore,
    initialTestScore,
    testSize: test.length,
    heldOut,
    budgetExhausted: state.budgetExhausted,
    usage: { ...env.meter.total },
  };
}
