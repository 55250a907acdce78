/**
 * One optimisation iteration: up to R proposals, each drawing a parent from
 * the Pareto frontier and a train minibatch, reflecting on the parent's
 * minibatch results (and its other cached train failures) and testing the
 * proposal on the same minibatch. A proposal that strictly improves the
 * minibatch score is scored on the validation set (stopped early when
 * hopeless) and joins the pool, ending the iteration. Until then proposals
 * go on while the iteration's share of the call budget lasts.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { DatasetSplit } from "../datasets/split";
import { embedText } from "../embedding/embedder";
import { isAbortError, throwIfAborted } from "../util/abort";
import { allFinished } from "../util/limit";
import { screenOnMinibatch } from "./acceptance";
import { adaptiveMinibatchSize, mayPropose, observedCallsPerReply } from "./budget";
import { refineDrafts } from "./draft";
import {
  type EvaluationContext,
  type ExampleEvaluation,
  evaluateCandidate,
  isScored,
  meanScore,
} from "./evaluate";
import { reflectionMaterial } from "./material";
import { MAX_MERGES } from "./merge";
import { tryMerge } from "./merge-step";
import { BudgetExhaustedError, type RunMeter } from "./meter";
import { nearBestFrontier, paretoFrontier, selectParent } from "./pareto";
import type { RunRecorder } from "./recorder";
import { removalProposal, unanchoredRemovalProposal } from "./removal";
import { addTrainEvidence, cacheTrainEvaluation, type RunState, trainKey } from "./state";
import { parentMinibatch } from "./targeting";
import { temperatureProposal } from "./temperature-edit";
import type { CandidateRecord } from "./types";
import { scoreValidation } from "./validation";

const EPS = 1e-9;

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
  /** Calls kept back for the final re-scoring of the top candidates. */
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
  /** Present a fresh validation measurement of a temperature chosen among several. */
  freshPresentedScore: boolean;
  /** Multi-agent at a call budget: half a pass kept back to present the pick afresh (mechanisms.ts). */
  multiFreshPass: boolean;
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

/** What an iteration did. */
export interface IterationOutcome {
  /** Pool index of the accepted candidate, or null. */
  accepted: number | null;
  proposals: number;
  /** Longest chain of dependent model calls. */
  depth: number;
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

/**
 * Runs one iteration, mutating `state` (pool, PRNG, sampler, cursors, cache).
 * Proposals continue until one is accepted (it joins the pool and the
 * iteration ends, so every pool member is some iteration's result) or the
 * iteration has used its share of the budget (`share` calls) or the cap.
 */
export async function runIteration<C>(
  env: IterationEnv<C>,
  state: RunState<C>,
  signal: AbortSignal,
  share = Number.POSITIVE_INFINITY,
): Promise<IterationOutcome> {
  const { adapter, split } = env;
  let depth = 0;
  let proposals = 0;
  const startCalls = env.meter.issued;
  while (!state.budgetExhausted) {
    // Sized for the share, and for what is left above the reserves: a minibatch sized for the
    // whole share no longer fits once the iteration has spent a little (a perfect minibatch), and
    // the gate then ended the last iteration as "call budget reached" with its share unspent.
    const room = env.meter.remaining() - env.testReserve - env.finalReserve;
    const minibatchSize = env.adaptiveMinibatch
      ? adaptiveMinibatchSize(
          env.minibatchSize,
          Math.min(share, room),
          env.validationCost,
          env.perRun,
        )
      : env.minibatchSize;
    const perReply = observedCallsPerReply(env.replyStats, env.perRun);
    const gate = mayPropose({
      proposalsSoFar: proposals,
      spentThisIteration: env.meter.issued - startCalls,
      share,
      remaining: env.meter.remaining(),
      reserved: env.testReserve + env.finalReserve,
      minibatchCost: 2 * minibatchSize * perReply + 1,
      validationCost: env.split.validation.length * perReply,
      cap: env.proposalCap,
    });
    if (gate === "budget") {
      state.budgetExhausted = true;
      break;
    }
    if (gate === "share") break;
    throwIfAborted(signal);
    if (proposals === 0 && env.merge && state.mergeDue && state.merges < MAX_MERGES) {
      state.mergeDue = false;
      try {
        const merged = await tryMerge(env, state, minibatchSize, signal);
        if (merged) {
          proposals++;
          depth += merged.depth;
          if (merged.accepted !== null) return { accepted: merged.accepted, proposals, depth };
          continue;
        }
      } catch (err) {
        if (err instanceof BudgetExhaustedError) {
          state.budgetExhausted = true;
          break;
        }
        throw err;
      }
    }
    const pool = state.candidates.map((c) => c.scores);
    const parent = selectParent(
      env.nearBestParents ? nearBestFrontier(pool) : paretoFrontier(pool),
      state.rng,
    );
    const batch = parentMinibatch(env, state, parent, minibatchSize);
    const parentRecord = state.candidates[parent] as CandidateRecord<C>;
    const parentConfig = parentRecord.config;
    proposals++;
    let note = env.recorder?.begin({
      kind: "reflection",
      parent: parentRecord.iteration,
      minibatch: batch.map((i) => (split.train[i] as DatasetExample).id),
      parentValidationScore: parentRecord.score,
    });
    try {
      const before = await evaluateTrain(env, state, parent, batch, signal);
      depth += before.depth;
      note?.parentScores(before.evaluations.map((e) => e.score));
      const parentScored = before.evaluations.filter((e) => isScored(e.score));
      if (parentScored.every((e) => e.score >= 1 - EPS)) {
        note?.finish("parent_perfect");
        continue;
      }
      const examples = batch.map((i) => split.train[i] as DatasetExample);
      let proposal =
        unanchoredRemovalProposal(adapter, parentConfig, state.keys) ??
        removalProposal(adapter, env.removalEdits, parentConfig, state.rng) ??
        temperatureProposal(
          adapter,
          env.temperatureEdits,
          parentConfig,
          env.seedTemperature,
          state.keys,
          state.rng,
        );
      let component = 0;
      if (!proposal) {
        const material = reflectionMaterial(split.train, state, parent, batch, before.evaluations, {
          extra: env.reflectionExtra,
          inherited: env.inheritedFailures,
        });
        const picked = adapter.pickComponent
          ? adapter.pickComponent(parentConfig, state.componentCursor, material)
          : {
              index: state.componentCursor % adapter.components(parentConfig).length,
              cursor: state.componentCursor + 1,
            };
        component = picked.index;
        state.componentCursor = picked.cursor;
        if (note) {
          note.record.reflectedOn = material.map((m) => m.example.id);
          note.record.component = adapter.components(parentConfig)[component] ?? null;
        }
        depth += 1;
        try {
          proposal = await adapter.propose(env.llm, parentConfig, component, material, signal);
        } catch (err) {
          if (isAbortError(err) || err instanceof BudgetExhaustedError || signal.aborted) throw err;
          note?.finish("reflection_failed");
          continue; // an unusable reflection answer rejects this proposal, not the run
        }
      }
      if (!proposal) {
        note?.finish("reflection_failed");
        continue;
      }
      const trial = {
        tried: state.keys,
        examples,
        parent: before.evaluations,
        orEqual: env.removalHolds,
      };
      const screened = await screenOnMinibatch(env, proposal, trial, signal, note);
      // a removal is proposed once: a failed one is not tried again on the next draw of its parent
      if (proposal.removal) state.keys.add(adapter.key(proposal.config));
      depth += screened.depth;
      if (!screened.evaluations) continue;
      const refined = await refineDrafts(
        { env, state, parent, minibatchSize, signal },
        {
          config: proposal.config,
          batch,
          evaluations: screened.evaluations,
          rationale: proposal.rationale,
          component: proposal.component ?? adapter.components(parentConfig)[component] ?? null,
        },
        note,
      );
      const accepted = refined.draft;
      note = refined.note;
      depth += refined.depth;
      if (!canAffordValidation(env)) {
        note?.finish("budget");
        state.budgetExhausted = true;
        break;
      }
      const [validation, vector] = await allFinished([
        scoreValidation(env, accepted.config, parentRecord.scores, signal),
        embedText(env.llm, state.embedding.source, adapter.embeddingText(accepted.config), signal),
      ]);
      depth += Math.max(validation.depth, state.embedding.source === "provider" ? 1 : 0);
      state.keys.add(adapter.key(accepted.config));
      if (!validation.scores) {
        note?.finish("rejected_validation", {
          validationScore: meanScore((validation.evaluations ?? []).map((e) => e.score)),
        });
        continue; // hopeless on the first half of the validation set
      }
      const scores = validation.scores;
      const index = state.candidates.length;
      note?.finish("accepted", { validationScore: meanScore(scores) });
      env.recorder?.evaluated(
        state.iteration + 1,
        "validation",
        split.validation,
        validation.evaluations ?? [],
      );
      state.candidates.push({
        iteration: state.iteration + 1,
        config: accepted.config,
        parent: (state.candidates[parent] as { iteration: number }).iteration,
        component: accepted.component,
        rationale: accepted.rationale,
        scores,
        score: meanScore(scores),
        embeddingPoint: state.projector.project(vector),
      });
      accepted.evaluations.forEach((e, k) => {
        cacheTrainEvaluation(state, {
          candidate: index,
          example: accepted.batch[k] as number,
          ...e,
        });
      });
      state.mergeDue = true;
      return { accepted: index, proposals, depth };
    } catch (err) {
      if (err instanceof BudgetExhaustedError) {
        note?.finish("budget");
        state.budgetExhausted = true;
        break;
      }
      throw err;
    }
  }
  return { accepted: null, proposals, depth };
}
