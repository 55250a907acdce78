/**
 * The shared search loop as an async generator: iteration 0 evaluates the
 * seed, iterations 1..N each yield exactly one result, and the return value
 * is the final result with held-out test scores. Cancellation aborts every
 * in-flight call; a checkpoint rides on each result.
 */
import { initialMinibatchState } from "../datasets/minibatch";
import { splitDataset } from "../datasets/split";
import { chooseEmbeddingSource } from "../embedding/embedder";
import { createProjector } from "../embedding/projection";
import { createScorer, scorerDepth } from "../judge/scorer";
import { throwIfAborted } from "../util/abort";
import { Semaphore } from "../util/limit";
import { Prng } from "../util/prng";
import type { ModeAdapter } from "./adapter";
import {
  affordableRescores,
  iterationShare,
  observedCallsPerReply,
  PROPOSAL_CAP_FACTOR,
} from "./budget";
import { evaluateCandidate, meanScore } from "./evaluate";
import { finalise } from "./finalise";
import { type IterationEnv, runIteration } from "./iteration";
import { meteredPort, RunMeter } from "./meter";
import { bestCandidate } from "./pareto";
import { fromCheckpoint, type RunState, runFingerprint, toCheckpoint } from "./state";
import type {
  IterationResult,
  OptimisationCheckpoint,
  OptimisationRun,
  OptimiseOptionsBase,
} from "./types";

/** Defaults of the tunable search settings. */
export const OPTIMISER_DEFAULTS = {
  seed: 1,
  minibatchSize: 3,
  proposalsPerIteration: 3,
  // A per-run ceiling; the gateway's adaptive per-provider limit decides how many calls really run.
  concurrency: 32,
  rescoreTop: 2,
  reflectionExtra: 4,
  earlyStop: true,
  adaptiveMinibatch: true,
  merge: true,
  nearBestParents: true,
  pooledFinalPick: true,
} as const;

function nonNegativeInt(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer`);
  return v;
}

function positiveInt(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer`);
  return v;
}

/** Builds the reported result of an iteration for pool candidate `index`. */
function iterationResult<C>(
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
    checkpoint: toCheckpoint(adapter, state, env.meter),
  };
}

/**
 * Runs an optimisation with `adapter` from `seedCandidate` (or from
 * `resumeFrom`, continuing after its last finished iteration).
 */
export async function* runOptimisation<C>(
  adapter: ModeAdapter<C>,
  seedCandidate: C,
  options: OptimiseOptionsBase & { resumeFrom?: OptimisationCheckpoint<C> },
): OptimisationRun<C> {
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
  const split = options.split ?? splitDataset(options.dataset.name, options.dataset.examples);
  if (split.validation.length === 0)
    throw new Error(`dataset ${options.dataset.name} has no validation examples`);
  if (split.train.length === 0)
    throw new Error(`dataset ${options.dataset.name} has no train examples`);

  const metric = options.dataset.metric;
  const judgeCalls = scorerDepth(metric);
  const perRun = adapter.callsPerRun(seedCandidate) + judgeCalls;
  const evaluateTest = options.evaluateTest ?? true;
  const testReserve = evaluateTest ? 2 * split.test.length * perRun : 0;
  const initialCost = split.validation.length * perRun + 1;
  const proposalCost = 2 * Math.min(minibatchSize, split.train.length) * perRun + 1 + initialCost;
  const rescoreTop = nonNegativeInt(
    options.rescoreTop,
    OPTIMISER_DEFAULTS.rescoreTop,
    "rescoreTop",
  );
  const validationCost = split.validation.length * perRun;
  const searchCalls = initialCost + iterations * proposalsPerIteration * proposalCost;
  const maxCalls =
    options.maxCalls ?? searchCalls + testReserve + Math.ceil(rescoreTop * validationCost);
  if (!options.resumeFrom && maxCalls < initialCost) {
    throw new RangeError(
      `a call budget of ${maxCalls} cannot even score the initial candidate (${initialCost} calls)`,
    );
  }

  const runController = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, runController.signal])
    : runController.signal;
  const meter = new RunMeter(maxCalls, options.resumeFrom?.usage, options.resumeFrom?.callsIssued);
  const llm = meteredPort(options.llm, meter, new Semaphore(concurrency));
  const all = [...split.train, ...split.validation, ...split.test];
  const scorer = createScorer({ metric, llm, judgeModel: options.models.judge, examples: all });
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
    finalReserve: options.maxCalls === undefined ? rescoreTop * validationCost : 0,
    proposalCap:
      options.maxCalls === undefined
        ? proposalsPerIteration
        : PROPOSAL_CAP_FACTOR * proposalsPerIteration,
    reflectionExtra: nonNegativeInt(
      options.reflectionExtra,
      OPTIMISER_DEFAULTS.reflectionExtra,
      "reflectionExtra",
    ),
    earlyStop: options.earlyStop ?? OPTIMISER_DEFAULTS.earlyStop,
    merge: options.merge ?? OPTIMISER_DEFAULTS.merge,
    nearBestParents: options.nearBestParents ?? OPTIMISER_DEFAULTS.nearBestParents,
    pooledFinalPick: options.pooledFinalPick ?? OPTIMISER_DEFAULTS.pooledFinalPick,
    adaptiveMinibatch:
      options.maxCalls !== undefined &&
      (options.adaptiveMinibatch ?? OPTIMISER_DEFAULTS.adaptiveMinibatch),
    validationCost,
    perRun,
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
    // only when off, so checkpoints written before the option existed still resume
    ...(env.nearBestParents ? {} : { nearBestParents: false }),
  });

  try {
    throwIfAborted(signal);
    let state: RunState<C>;
    if (options.resumeFrom) {
      state = fromCheckpoint(adapter, options.resumeFrom, fingerprint);
      Object.assign(env.replyStats, state.replyStats);
      state.replyStats = env.replyStats;
    } else {
      meter.startIteration();
      const [embedding, validation] = await Promise.all([
        chooseEmbeddingSource(llm, adapter.embeddingText(seedCandidate), signal),
        evaluateCandidate(env, seedCandidate, split.validation, signal),
      ]);
      const projector = createProjector({ seed, origin: embedding.vector });
      const scores = validation.evaluations.map((e) => e.score);
      state = {
        seed,
        fingerprint,
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
        rng: new Prng(seed),
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
      yield iterationResult(adapter, state, env, 0, true, 0, depth);
    }

    while (state.iteration < iterations) {
      throwIfAborted(signal);
      meter.startIteration();
      const share = iterationShare(
        meter.remaining(),
        env.testReserve + env.finalReserve,
        state.iteration + 1,
        iterations,
      );
      const outcome = await runIteration(env, state, signal, share);
      throwIfAborted(signal);
      state.iteration++;
      const index = outcome.accepted ?? bestCandidate(state.candidates.map((c) => c.score));
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
      rescores: affordableRescores(
        rescoreTop,
        meter.remaining(),
        env.testReserve,
        split.validation.length * observedCallsPerReply(env.replyStats, perRun),
      ),
      signal,
    });
  } finally {
    runController.abort();
  }
}
