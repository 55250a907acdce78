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
import { embedText } from "../embedding/embedder";
import { isAbortError, throwIfAborted } from "../util/abort";
import { allFinished } from "../util/limit";
import { screenOnMinibatch } from "./acceptance";
import { adaptiveMinibatchSize, mayPropose, observedCallsPerReply } from "./budget";
import { refineDrafts } from "./draft";
import { isScored, meanScore } from "./evaluate";
import { canAffordValidation, evaluateTrain, type IterationEnv } from "./iteration-env";
import { reflectionMaterial } from "./material";
import { MAX_MERGES } from "./merge";
import { tryMerge } from "./merge-step";
import { BudgetExhaustedError } from "./meter";
import { nearBestFrontier, paretoFrontier, selectParent } from "./pareto";
import { removalProposal, unanchoredRemovalProposal } from "./removal";
import { cacheTrainEvaluation, type RunState } from "./state";
import { parentMinibatch } from "./targeting";
import { temperatureProposal } from "./temperature-edit";
import type { CandidateRecord } from "./types";
import { scoreValidation } from "./validation";

const EPS = 1e-9;

/** What an iteration did. */
export interface IterationOutcome {
  /** Pool index of the accepted candidate, or null. */
  accepted: number | null;
  proposals: number;
  /** Longest chain of dependent model calls. */
  depth: number;
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
