/**
 * The end of a run: the best candidate by validation score (the top
 * candidates re-measured, see selection.ts), the list of per-iteration
 * candidates, and held-out test scores of the initial and the best candidate
 * (measured once each; null when the budget ran out) with the paired
 * bootstrap comparison of the two (`held-out.ts`).
 */
import type { DatasetExample } from "@promptune/contracts";
import { mapAll } from "../util/limit";
import type { ModeAdapter } from "./adapter";
import { observedCallsPerReply } from "./budget";
import { evaluateCandidate, meanScore } from "./evaluate";
import { noteTestedPoints } from "./frontier-evidence";
import { adapterOfPoint, type FrontierOutcome, measureFrontier } from "./frontier-phase";
import { compareHeldOut, type HeldOutComparison } from "./held-out";
import type { IterationEnv } from "./iteration-env";
import { BudgetExhaustedError } from "./meter";
import { explainPick } from "./pick";
import { toEvidence } from "./recorder";
import type { ReplyCostMeter } from "./reply-cost";
import { selectFinal } from "./selection";
import type { RunState } from "./state";
import type { SweepPlan } from "./sweep";
import { chooseTemperature, validationPass } from "./temperature";
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
    /** Validation examples after the search's prefix, where the top candidates are re-scored (search-validation.ts). */
    rest: readonly DatasetExample[];
    signal: AbortSignal;
    /** The model sweep (runs with candidate models), its reserve and the reply cost meter. */
    sweep?: { plan: SweepPlan<C>; reserve: number; replyCost: ReplyCostMeter; replies: number };
  },
): Promise<FinalResult<C>> {
  const searchEnv = env;
  const pick = await selectFinal(env, state, options.rescores, options.signal, options.rest);
  // once the finalists were re-scored on the rest of the set, the end's passes measure the pick there
  if (pick.rescored > 0 && options.rest.length > 0)
    env = { ...env, split: { ...env.split, validation: [...options.rest] } };
  const best = pick.index;
  let bestRecord = { ...(state.candidates[best] as CandidateRecord<C>), score: pick.score };
  let bestScores = pick.scores;
  // the answers behind `bestScores`, kept as the primary frontier point's evidence
  let bestEvidence = pick.evaluations
    ? toEvidence(env.split.validation, pick.evaluations)
    : env.recorder?.validationOf(bestRecord.iteration);
  /**
   * Measures the presented configuration on the validation set once more (from the calls above
   * the test reserve) and presents that pass: its measurement so far won a choice among several.
   * With `least`, when the calls pay for at least that many examples but not the whole set, the
   * pass covers the first examples they pay for: a smaller measurement no choice saw is noisier
   * but not biased upwards, which the winner of a choice is.
   */
  const presentFreshPass = async (least?: number) => {
    const perReply = observedCallsPerReply(env.replyStats, env.perRun);
    const all = env.split.validation;
    const paid = Math.floor((env.meter.remaining() - env.testReserve) / Math.max(perReply, 1e-9));
    const examples =
      least !== undefined && paid < all.length && paid >= least ? all.slice(0, paid) : all;
    const fresh = await validationPass(
      env,
      bestRecord.config,
      env.testReserve,
      perReply,
      options.signal,
      examples,
    );
    if (!fresh) return;
    bestRecord = { ...bestRecord, score: meanScore(fresh.map((e) => e.score)) };
    bestScores = fresh.map((e) => e.score);
    bestEvidence = toEvidence(examples, fresh);
  };
  const { temperatureOf, withTemperature } = env.adapter;
  const sweepReserve = options.sweep?.reserve ?? 0;
  const seedTemperature = temperatureOf
    ? temperatureOf((state.candidates[0] as CandidateRecord<C>).config)
    : 0;
  if ((env.temperatureByEvidence || env.centreProbeOnDrift) && temperatureOf && withTemperature) {
    const perReply = observedCallsPerReply(env.replyStats, env.perRun);
    // the probe leaves the fresh pass its half (`probeFreshPass`)
    const freshHalf = env.probeFreshPass
      ? Math.ceil(env.split.validation.length / 2) * perReply
      : 0;
    const chosen = await chooseTemperature(
      env,
      bestRecord.config,
      pick.scores,
      seedTemperature,
      { of: temperatureOf, with: withTemperature },
      env.testReserve + sweepReserve + freshHalf,
      perReply,
      options.signal,
    );
    bestRecord = { ...bestRecord, config: chosen.config, score: chosen.score };
    bestScores = chosen.scores;
    if (chosen.evaluations) bestEvidence = toEvidence(env.split.validation, chosen.evaluations);
    // with a model sweep the unspent calls go to its confirmation (confirm.ts) instead
    // with probes in halves, a fresh pass of half the set or more beats the chosen measurement
    // with `probeFreshPass` the presented measurement won a choice even when no probe ran
    if (env.freshPresentedScore && (chosen.probed > 0 || env.probeFreshPass) && !options.sweep)
      await presentFreshPass(
        env.sequentialProbes ? Math.ceil(env.split.validation.length / 2) : undefined,
      );
  }
  // the pick won among the search's candidates on these examples: present a pass not used to
  // choose it — whole with temperature edits, at least the part kept back in a multi-agent run
  // at a budget (`multiFreshPass`, `multiFreshPart`). A lone re-scored candidate's second pass
  // chose nothing and is presented; when two or more were re-scored, their second passes took part in the choice, so the pick's
  // is biased upwards as its first was (docs/optimiser.md, "Session 46")
  const searchPick =
    !options.sweep && best !== 0 && !env.adapter.deterministic?.(bestRecord.config);
  if (searchPick && !env.temperatureByEvidence && env.temperatureEdits && env.freshPresentedScore)
    await presentFreshPass();
  else if (searchPick && env.multiFreshPass && pick.rescored !== 1)
    await presentFreshPass(env.multiFreshCount);
  let frontier: FrontierOutcome<C> | null = null;
  if (options.sweep) {
    if (bestEvidence) {
      env.recorder?.points.note(
        { variant: 0, config: bestRecord.config },
        "validation",
        bestEvidence,
      );
    }
    frontier = await measureFrontier(
      env,
      options.sweep.plan,
      { config: bestRecord.config, scores: bestScores },
      {
        replyCost: options.sweep.replyCost,
        replies: env.replyStats.replies - options.sweep.replies,
        seedTemperature,
        promptOf: options.promptOf,
        reserved: env.testReserve,
        signal: options.signal,
      },
    );
    if (!frontier.complete) state.budgetExhausted = true;
    const r = frontier.recommended;
    bestRecord = { ...bestRecord, config: r.config, score: r.score };
  }
  const adapterOf = (variant: number): ModeAdapter<C> =>
    options.sweep ? adapterOfPoint(env.adapter, options.sweep.plan, { variant }) : env.adapter;
  const initialRecord = state.candidates[0] as CandidateRecord<C>;
  let testScore: number | null = null;
  let initialTestScore: number | null = null;
  let heldOut: HeldOutComparison | null = null;
  const testEvidence: FinalResult<C>["testEvidence"] = [];
  const test: readonly DatasetExample[] = env.split.test;
  if (options.evaluateTest && test.length > 0) {
    try {
      const unchanged =
        best === 0 && bestRecord.config === initialRecord.config && !frontier?.recommended.variant;
      const presentedVariant = frontier?.recommended.variant ?? 0;
      const targets = unchanged
        ? [{ config: initialRecord.config, variant: 0 }]
        : [
            { config: initialRecord.config, variant: 0 },
            { config: bestRecord.config, variant: presentedVariant },
          ];
      const bestScoring = frontier?.bestScoring;
      const extra = bestScoring && bestScoring !== frontier?.recommended ? bestScoring : null;
      const stages = await mapAll([...targets, ...(extra ? [extra] : [])], (c) =>
        evaluateCandidate(
          { ...env, adapter: adapterOf(c.variant) },
          c.config,
          test,
          options.signal,
        ),
      );
      const allScores = stages.map((s) => s.evaluations.map((e) => e.score));
      const perExample = allScores.slice(0, targets.length);
      const iterations = [initialRecord.iteration, bestRecord.iteration];
      perExample.forEach((_, k) => {
        const stage = stages[k];
        if (!stage) return;
        testEvidence.push({
          candidate: iterations[k] as number,
          split: "test",
          examples: toEvidence(test, stage.evaluations),
        });
      });
      if (frontier) {
        noteTestedPoints(env.recorder?.points, test, [
          {
            point: frontier.recommended,
            evaluations: stages[targets.length - 1]?.evaluations ?? [],
          },
          ...(extra
            ? [{ point: extra, evaluations: stages[stages.length - 1]?.evaluations ?? [] }]
            : []),
        ]);
        frontier.recommended.testScore = meanScore(perExample[perExample.length - 1] ?? []);
        if (extra) extra.testScore = meanScore(allScores[allScores.length - 1] ?? []);
      }
      heldOut = compareHeldOut(
        perExample[0] ?? [],
        perExample[perExample.length - 1] ?? [],
        state.seed,
      );
      // With examples left unscored, both test scores are means over the ones both were scored on.
      const paired = heldOut && heldOut.examples < test.length ? heldOut : null;
      const scores = perExample.map(meanScore);
      initialTestScore = paired?.initialScore ?? scores[0] ?? null;
      testScore = paired?.finalScore ?? scores[scores.length - 1] ?? null;
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
    costCapped: env.meter.costCapped,
    ...(frontier
      ? {
          frontier: frontier.frontier,
          presentedModelName: frontier.recommended.modelName,
          frontierEvidence: env.recorder?.points.resolve(frontier.frontier) ?? [],
        }
      : {}),
    usage: { ...env.meter.total },
    pick: explainPick(searchEnv, state, {
      index: best,
      validationMean: pick.score,
      measurements: pick.rescored > 0 ? 2 : 1,
    }),
    testEvidence,
  };
}
