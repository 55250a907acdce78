/**
 * What every iteration of a run reads — the split, the meter, the settings
 * of the engine's mechanisms — and the two helpers the steps around an
 * iteration share: whether a validation pass is still affordable, and a pool
 * candidate's train answers with their cache.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { DatasetSplit } from "../datasets/split";
import { observedCallsPerReply } from "./budget";
import { type EvaluationContext, type ExampleEvaluation, evaluateCandidate } from "./evaluate";
import type { RunMeter } from "./meter";
import type { RunRecorder } from "./recorder";
import { addTrainEvidence, cacheTrainEvaluation, type RunState, trainKey } from "./state";

/** Fixed inputs of every iteration of a run. */
export interface IterationEnv<C> extends EvaluationContext<C> {
  split: DatasetSplit;
  meter: RunMeter;
  minibatchSize: number;
  proposalsPerIteration: number;
  /** Replies made so far and the calls they took (shared with the run state). */
  replyStats: { replies: number; calls: number };
  /** Calls kept back for the final held-out test evaluation. */
  testReserve: number;
  /**
   * Calls kept back for the end of the run (the re-scoring of the top candidates, the probes and
   * passes kept back); with `centreProbeOnDrift` it follows the leader's temperature (loop.ts).
   */
  finalReserve: number;
  /** Most proposals one iteration may try. */
  proposalCap: number;
  /** Train failures shown to the reflection beyond the minibatch (the parent's, then its ancestors'). */
  reflectionExtra: number;
  /** Fill the slots the parent's own cached failures leave with its ancestors' (material.ts). */
  inheritedFailures: boolean;
  /** Stop scoring a proposal that is hopeless on the first half of the validation set. */
  earlyStop: boolean;
  /** Try merging two lineages after an iteration that found a new candidate. */
  merge: boolean;
  /** Rank the final candidates by validation pooled with their parent-role train scores. */
  pooledFinalPick: boolean;
  /** Draw parents only among frontier members within one standard error of the best mean. */
  nearBestParents: boolean;
  /** Grow the minibatch with the iteration's share of an explicit budget. */
  adaptiveMinibatch: boolean;
  /** Score the final pick at other temperatures (temperature.ts); calls kept back for it. */
  temperatureByEvidence: boolean;
  temperatureReserve: number;
  /** Probes answer half the validation set first (temperature.ts, `sequentialProbes`). */
  sequentialProbes: boolean;
  /** With the cold prior, a probe colder than the pick is never stopped on half the set (temperature.ts). */
  coldProbeWhole: boolean;
  /** A lower temperature within one paired standard error of the best wins (temperature.ts). */
  temperatureTiesToLower: boolean;
  /** The end's probe measures the middle of the range instead of 0 and the start (temperature.ts). */
  centreProbe: boolean;
  /** A judged run that started mid-range probes the middle after a drift to an end (temperature.ts). */
  centreProbeOnDrift: boolean;
  /** Present a fresh validation measurement of a temperature chosen among several. */
  freshPresentedScore: boolean;
  /** Multi-agent at a call budget: part of a pass kept back to present the pick afresh (mechanisms.ts). */
  multiFreshPass: boolean;
  /** The validation examples kept back for that fresh pass (0 without it). */
  multiFreshCount: number;
  /** Single-agent under the cold prior: half a pass kept back to present afresh after the probe. */
  probeFreshPass: boolean;
  /** Draw minibatches toward the parent's failures and uncovered strata (targeting.ts). */
  targetedMinibatch: boolean;
  /** Temperature edits (temperature-edit.ts) and the run's starting temperature. */
  temperatureEdits: boolean;
  seedTemperature: number;
  /** Removal edits (removal.ts); whether one passes the minibatch on a tie. */
  removalEdits: boolean;
  removalHolds: boolean;
  /** Further reflections on a proposal that passed its minibatch before it is validated (draft.ts). */
  draftSteps: number;
  /** Calls of one whole validation pass. */
  validationCost: number;
  /** Calls one reply and its scoring take. */
  perRun: number;
  /** Where proposals and per-example evidence are recorded (read by the iteration results). */
  recorder?: RunRecorder;
}

/**
 * Whether the calls left above the reserves pay for a validation pass at the
 * observed cost per reply — after a minibatch round of `minibatch` examples
 * (both sides' answers and a reflection) when one comes first (a draft's
 * refinement, draft.ts).
 */
export function canAffordValidation<C>(env: IterationEnv<C>, minibatch = 0): boolean {
  const perReply = observedCallsPerReply(env.replyStats, env.perRun);
  const round = minibatch > 0 ? 2 * minibatch * perReply + 1 : 0;
  return (
    env.meter.remaining() - env.testReserve - env.finalReserve >=
    round + env.split.validation.length * perReply
  );
}

/**
 * Evaluates a pool candidate on train examples, reusing cached evaluations.
 * The fresh scores count as the candidate's train evidence: it answers them
 * as a parent, before anything is learnt from them.
 */
export async function evaluateTrain<C>(
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
  addTrainEvidence(
    state.candidates[candidate],
    fresh.evaluations.map((e) => e.score),
  );
  const evaluations = batch.map((i) => {
    // Unscored evaluations are not cached (they are tried again next time): take the fresh one.
    const { score, feedback, reply, trace, consulted } =
      state.trainCache.get(trainKey(candidate, i)) ??
      (fresh.evaluations[missing.indexOf(i)] as ExampleEvaluation);
    return { score, feedback, reply, trace, consulted };
  });
  return { evaluations, depth: missing.length ? fresh.depth : 0 };
}
