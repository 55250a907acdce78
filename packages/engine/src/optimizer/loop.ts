/**
 * The shared search loop as an async generator: iteration 0 evaluates the
 * seed, iterations 1..N each yield exactly one result, and the return value
 * is the final result with held-out test scores. Cancellation aborts every
 * in-flight call; a checkpoint rides on each result.
 */
import { type DatasetSplit, splitDataset } from "../datasets/split";
import { createScorer, userScorer } from "../judge/scorer";
import { throwIfAborted } from "../util/abort";
import { Semaphore } from "../util/limit";
import type { ModeAdapter } from "./adapter";
import {
  affordableRescores,
  iterationShare,
  observedCallsPerReply,
  PROPOSAL_CAP_FACTOR,
} from "./budget";
import { dearestPrice } from "./cost-bound";
import { finalise } from "./finalise";
import { fillValidationGaps } from "./gaps";
import { runIteration } from "./iteration";
import type { IterationEnv } from "./iteration-env";
import { iterationResult } from "./iteration-result";
import { MECHANISM_DEFAULTS } from "./mechanisms";
import { meteredPort, RunMeter } from "./meter";
import { positiveInt } from "./option-values";
import { OutageDetector, outageGuardedPort } from "./outage";
import { bestByScores } from "./pareto";
import { RunRecorder } from "./recorder";
import { ReplyCostMeter } from "./reply-cost";
import { withResumedTuning } from "./resume-tuning";
import { BUDGET_DEFAULTS, planRunBudget } from "./run-budget";
import {
  restOfValidation,
  SEARCH_VALIDATION_FLOOR,
  searchValidationSize,
  withValidationSize,
} from "./search-validation";
import { startRun } from "./start";
import { fromCheckpoint, type RunState, runFingerprint } from "./state";
import { surveySeed } from "./survey";
import type { SweepPlan } from "./sweep";
import { taskContextOf } from "./task";
import { driftReserve } from "./temperature";
import type { OptimisationCheckpoint, OptimisationRun, OptimiseOptionsBase } from "./types";

/**
 * The split a run works on: the caller's, else the dataset's deterministic
 * one — in the order its checkpoint was split in when it resumes, so a run
 * checkpointed before splits were stratified resumes on its own examples.
 */
export function runSplit(
  options: Pick<OptimiseOptionsBase, "split" | "dataset"> & {
    resumeFrom?: Pick<OptimisationCheckpoint<unknown>, "splitOrder">;
  },
): DatasetSplit {
  const stratify = options.resumeFrom ? options.resumeFrom.splitOrder === "stratified" : true;
  return (
    options.split ?? splitDataset(options.dataset.name, options.dataset.examples, { stratify })
  );
}

/** Defaults of the tunable search settings. */
export const OPTIMISER_DEFAULTS = {
  seed: 1,
  minibatchSize: 3,
  proposalsPerIteration: 3,
  // A per-run ceiling; the gateway's adaptive per-provider limit decides how many calls really run.
  concurrency: 32,
  ...BUDGET_DEFAULTS,
  earlyStop: true,
  adaptiveMinibatch: true,
  merge: true,
  nearBestParents: true,
  pooledFinalPick: true,
  ...MECHANISM_DEFAULTS,
} as const;

/**
 * Runs an optimisation with `adapter` from `seedCandidate` (or from
 * `resumeFrom`, continuing after its last finished iteration).
 */
export async function* runOptimisation<C>(
  adapter: ModeAdapter<C>,
  seedCandidate: C,
  given: OptimiseOptionsBase & { resumeFrom?: OptimisationCheckpoint<C> },
  /** Candidate models the presented configuration is also scored on at the end (sweep.ts). */
  sweep?: SweepPlan<C>,
): OptimisationRun<C> {
  const options = withResumedTuning(given);
  const seed = options.resumeFrom?.seed ?? options.seed ?? OPTIMISER_DEFAULTS.seed;
  const minibatchSize = positiveInt(
    options.minibatchSize,
    OPTIMISER_DEFAULTS.minibatchSize,
    "minibatchSize",
  );
  const proposalsPerIteration = positiveInt(
    options.proposalsPerIteration,
    OPTIMISER_DEFAULTS.proposalsPerIteration,
    "proposalsPerIteration",
  );
  const concurrency = positiveInt(
    options.concurrency,
    OPTIMISER_DEFAULTS.concurrency,
    "concurrency",
  );
  const iterations = Math.max(0, Math.floor(options.iterations));
  const fullSplit = runSplit(options);
  if (fullSplit.validation.length === 0)
    throw new Error(`dataset ${options.dataset.name} has no validation examples`);
  if (fullSplit.train.length === 0)
    throw new Error(`dataset ${options.dataset.name} has no train examples`);

  const metric = options.dataset.metric;
  const shape = { minibatchSize, proposalsPerIteration, iterations };
  const fullBudget = planRunBudget(adapter, seedCandidate, options, fullSplit, shape, sweep);
  // under a cap below the search's needs, a prefix of the validation set (search-validation.ts);
  // a resumed run keeps the size it started with
  const validationSize = options.resumeFrom
    ? (options.resumeFrom.validationSize ?? fullSplit.validation.length)
    : searchValidationSize(
        fullSplit.validation.length,
        options.maxCalls,
        {
          iterations,
          minibatch: Math.min(minibatchSize, fullSplit.train.length),
          perRun: fullBudget.perRun,
          survey: fullBudget.survey,
          testReserve: fullBudget.testReserve,
        },
        options.searchValidationFloor ?? SEARCH_VALIDATION_FLOOR[adapter.mode],
      );
  const split = withValidationSize(fullSplit, validationSize);
  // the final choice re-scores the top candidates on the examples after a small prefix
  const restOff = !(options.restFinalChoice ?? OPTIMISER_DEFAULTS.restFinalChoice);
  const afterPrefix = restOfValidation(fullSplit, validationSize);
  const rest = restOff ? [] : afterPrefix;
  const budget =
    split === fullSplit
      ? fullBudget
      : planRunBudget(adapter, seedCandidate, options, split, shape, sweep);
  const { perRun, judgeCalls, testReserve, validationCost, rescoreTop, sweepCalls, plan } = budget;
  const { mechanisms, maxCalls, survey, seedSurvey, reflectionExtra, evaluateTest } = budget;
  const { heldBack } = mechanisms;
  if (!options.resumeFrom && maxCalls < budget.initialCost) {
    throw new RangeError(
      `a call budget of ${maxCalls} cannot even score the initial candidate (${budget.initialCost} calls)`,
    );
  }

  const runController = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, runController.signal])
    : runController.signal;
  const meter = new RunMeter(
    maxCalls,
    options.resumeFrom?.usage,
    options.resumeFrom?.callsIssued,
    options.maxCostUsd,
    dearestPrice(options.price),
  );
  // Most calls of a sliding window failing: the provider is down; stop the run's calls at once.
  const outage = new OutageDetector();
  const watched = outageGuardedPort(options.llm, outage, (e) => runController.abort(e));
  // Agent calls are added up for the cost of replies on the frontier.
  const replyCost = new ReplyCostMeter(options.price);
  const llm = replyCost.port(meteredPort(watched, meter, new Semaphore(concurrency), signal));
  const all = [...split.train, ...split.validation, ...split.test];
  const scorer = options.scorer
    ? userScorer(options.scorer)
    : createScorer({
        metric,
        llm,
        judgeModel: options.models.judge,
        examples: all,
        task: taskContextOf(options.dataset, adapter.promptOf(seedCandidate)),
      });
  const env: IterationEnv<C> = {
    replyStats: { replies: 0, calls: 0 },
    adapter,
    llm,
    scorer,
    scorerDepth: judgeCalls,
    split,
    meter,
    minibatchSize,
    proposalsPerIteration,
    testReserve,
    finalReserve:
      (options.maxCalls === undefined ? rescoreTop * validationCost : 0) +
      rescoreTop * rest.length * perRun +
      heldBack +
      sweepCalls,
    ...mechanisms.settings,
    proposalCap:
      options.maxCalls === undefined
        ? proposalsPerIteration
        : PROPOSAL_CAP_FACTOR * proposalsPerIteration,
    reflectionExtra,
    earlyStop: options.earlyStop ?? OPTIMISER_DEFAULTS.earlyStop,
    merge: options.merge ?? OPTIMISER_DEFAULTS.merge,
    nearBestParents: options.nearBestParents ?? OPTIMISER_DEFAULTS.nearBestParents,
    pooledFinalPick: options.pooledFinalPick ?? OPTIMISER_DEFAULTS.pooledFinalPick,
    adaptiveMinibatch:
      options.maxCalls !== undefined &&
      (options.adaptiveMinibatch ?? OPTIMISER_DEFAULTS.adaptiveMinibatch),
    validationCost,
    perRun,
    recorder: new RunRecorder(),
  };
  const fingerprint = runFingerprint(adapter, seedCandidate, split, {
    seed,
    metric,
    judge: options.models.judge,
    minibatchSize,
    proposalsPerIteration,
    rescoreTop,
    reflectionExtra: env.reflectionExtra,
    earlyStop: env.earlyStop,
    adaptiveMinibatch: env.adaptiveMinibatch,
    merge: env.merge,
    ...mechanisms.fingerprint,
    // only when off, so checkpoints written before the survey existed still resume (past iteration 0)
    ...(seedSurvey ? {} : { seedSurvey: false }),
    // only when off, so checkpoints written before the option existed still resume
    ...(env.nearBestParents ? {} : { nearBestParents: false }),
    // only when off where it applies (a prefix below 20), so earlier checkpoints still resume
    ...(restOff && afterPrefix.length > 0 ? { restFinalChoice: false } : {}),
  });

  // Replies before this (re)start were not metered by `replyCost`.
  let repliesBeforeStart = 0;
  try {
    throwIfAborted(signal);
    let state: RunState<C>;
    if (options.resumeFrom) {
      state = fromCheckpoint(adapter, options.resumeFrom, fingerprint);
      Object.assign(env.replyStats, state.replyStats);
      state.replyStats = env.replyStats;
      repliesBeforeStart = env.replyStats.replies;
    } else {
      meter.startIteration();
      const started = await startRun(env, seedCandidate, { seed, fingerprint }, signal);
      state = started.state;
      const surveyDepth = iterations > 0 ? await surveySeed(env, state, survey, signal) : 0;
      await fillValidationGaps(env, state, signal);
      yield iterationResult(adapter, state, env, 0, true, 0, started.depth + surveyDepth);
    }

    const searchFinalReserve = env.finalReserve;
    // the end's examples: the rest of the set after a judged prefix, else the validation set
    const endPass = (rest.length || split.validation.length) * perRun;
    // the centre probe's pass while the search's leader lies at an end (`centreProbeOnDrift`)
    const keptForDrift = () => driftReserve(env, state.candidates, endPass);
    while (state.iteration < iterations) {
      throwIfAborted(signal);
      meter.startIteration();
      env.finalReserve = searchFinalReserve + keptForDrift();
      const share = iterationShare(
        meter.remaining(),
        env.testReserve + env.finalReserve,
        state.iteration + 1,
        iterations,
      );
      const outcome = await runIteration(env, state, signal, share);
      await fillValidationGaps(env, state, signal);
      throwIfAborted(signal);
      state.iteration++;
      const index = outcome.accepted ?? bestByScores(state.candidates.map((c) => c.scores));
      state.reported.push(index);
      state.acceptedFlags.push(outcome.accepted !== null);
      yield iterationResult(
        adapter,
        state,
        env,
        index,
        outcome.accepted !== null,
        outcome.proposals,
        outcome.depth,
      );
    }

    throwIfAborted(signal);
    return await finalise(env, state, {
      evaluateTest,
      promptOf: adapter.promptOf,
      // the re-scoring leaves the presented fresh pass its part (finalise.ts), and the centre
      // probe its pass when the leader drifted to an end
      rescores: affordableRescores(
        rescoreTop,
        meter.remaining(),
        env.testReserve +
          env.temperatureReserve +
          keptForDrift() +
          sweepCalls +
          (env.multiFreshCount +
            (env.probeFreshPass ? Math.ceil(split.validation.length / 2) : 0)) *
            observedCallsPerReply(env.replyStats, perRun),
        (rest.length || split.validation.length) * observedCallsPerReply(env.replyStats, perRun),
      ),
      rest,
      signal,
      ...(plan
        ? { sweep: { plan, reserve: sweepCalls, replyCost, replies: repliesBeforeStart } }
        : {}),
    });
  } catch (err) {
    // An outage aborted the run's calls: report the outage, not the aborts it caused.
    throw outage.tripped ?? err;
  } finally {
    runController.abort();
  }
}
