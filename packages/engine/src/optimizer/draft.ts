/**
 * Drafts: a proposal that passed its minibatch is improved once more before
 * it pays for a validation pass. A validation pass is a proposal's largest
 * cost (a judged reply costs two calls, twenty examples forty), and most of
 * what one reflection misses is learnt by the next; so the accepted proposal
 * answers a fresh minibatch, the reflection reads what it still gets wrong
 * there (and the failures it showed on its own minibatch, and its parent's
 * other failures as an earlier version's), and a child that beats it on that
 * minibatch is validated in its place. Otherwise the draft is validated as
 * it is. Two reflections for one validation pass. A draft that added a
 * generic instruction beside its fix is first tried without it (pruning.ts);
 * a mode without refinement rounds whose adapter prunes on the draft's own
 * minibatch (multi-agent worker prompts) takes that pruning alone.
 */
import type { DatasetExample } from "@promptune/contracts";
import { isAbortError } from "../util/abort";
import { screenOnMinibatch } from "./acceptance";
import { type ExampleEvaluation, evaluateCandidate, isScored } from "./evaluate";
import { canAffordValidation, type IterationEnv } from "./iteration-env";
import { reflectionMaterial } from "./material";
import { BudgetExhaustedError } from "./meter";
import { pruneDraft } from "./pruning";
import type { ProposalNote } from "./recorder";
import type { RunState } from "./state";
import { parentMinibatch } from "./targeting";

const EPS = 1e-9;

/** A proposal that passed its minibatch and is not validated yet. */
export interface Draft<C> {
  config: C;
  /** Train indices of the minibatch it passed, and its evaluations there. */
  batch: number[];
  evaluations: ExampleEvaluation[];
  rationale: string | null;
  component: string | null;
}

/** Where a draft came from: the iteration's environment and state, its pool parent, the minibatch size. */
export interface DraftRound<C> {
  env: IterationEnv<C>;
  state: RunState<C>;
  /** Pool index of the draft's parent. */
  parent: number;
  minibatchSize: number;
  signal: AbortSignal;
}

/**
 * One more reflection on `draft` (a descendant of pool candidate `round.parent`)
 * over a fresh minibatch; returns the improved draft when it beats `draft`
 * there, with its note in the iteration's reasoning still open (the caller
 * finishes it after the validation pass), else null (validate `draft` as it
 * is). Out of calls: null too.
 */
async function refineDraft<C>(
  round: DraftRound<C>,
  draft: Draft<C>,
): Promise<{ draft: Draft<C>; depth: number; note: ProposalNote | undefined } | null> {
  const { env, state, parent, minibatchSize, signal } = round;
  const { adapter, split } = env;
  const batch = parentMinibatch(env, state, parent, minibatchSize).filter(
    (i) => !draft.batch.includes(i),
  );
  if (batch.length === 0) return null;
  const examples = batch.map((i) => split.train[i] as DatasetExample);
  const parentRecord = state.candidates[parent];
  const note = env.recorder?.begin({
    kind: "refinement",
    parent: parentRecord?.iteration ?? 0,
    minibatch: examples.map((e) => e.id),
    parentValidationScore: parentRecord?.score ?? null,
  });
  try {
    const before = await evaluateCandidate(env, draft.config, examples, signal);
    note?.parentScores(before.evaluations.map((e) => e.score));
    const scored = before.evaluations.filter((e) => isScored(e.score));
    if (scored.every((e) => e.score >= 1 - EPS)) {
      note?.finish("parent_perfect");
      return null;
    }
    const material = reflectionMaterial(split.train, state, parent, batch, before.evaluations, {
      extra: env.reflectionExtra,
      inherited: env.inheritedFailures,
      draft,
    });
    const component = adapter.pickComponent
      ? adapter.pickComponent(draft.config, state.componentCursor, material).index
      : state.componentCursor % adapter.components(draft.config).length;
    if (note) {
      note.record.reflectedOn = material.map((m) => m.example.id);
      note.record.component = adapter.components(draft.config)[component] ?? null;
    }
    let proposal: Awaited<ReturnType<typeof adapter.propose>>;
    try {
      proposal = await adapter.propose(env.llm, draft.config, component, material, signal);
    } catch (err) {
      if (isAbortError(err) || err instanceof BudgetExhaustedError || signal.aborted) throw err;
      proposal = null;
    }
    if (!proposal) {
      note?.finish("reflection_failed");
      return null;
    }
    const trial = { tried: state.keys, examples, parent: before.evaluations };
    const screened = await screenOnMinibatch(env, proposal, trial, signal, note);
    if (!screened.evaluations) return null;
    const rationale = [draft.rationale, proposal.rationale].filter(Boolean).join(" ");
    return {
      note,
      draft: {
        config: proposal.config,
        batch,
        evaluations: screened.evaluations,
        rationale: rationale || null,
        component: draft.component,
      },
      depth: before.depth + 1 + screened.depth,
    };
  } catch (err) {
    if (err instanceof BudgetExhaustedError) {
      note?.finish("budget");
      return null;
    }
    throw err;
  }
}

/**
 * Up to `env.draftSteps` refinement rounds on `draft` while the calls pay for
 * them; returns the draft to validate and the note of the proposal that made
 * it (the one refined is finished as `refined`).
 */
export async function refineDrafts<C>(
  round: DraftRound<C>,
  draft: Draft<C>,
  note: ProposalNote | undefined,
): Promise<{ draft: Draft<C>; note: ProposalNote | undefined; depth: number }> {
  const { env, minibatchSize } = round;
  // a mode that prunes on the draft's own minibatch prunes once even without refinement rounds
  const pruneOnly = env.draftSteps === 0 && env.adapter.prunesOnOwnMinibatch === true;
  const steps = pruneOnly ? 1 : env.draftSteps;
  let current = { draft, note, depth: 0 };
  for (let step = 0; step < steps && canAffordValidation(env, minibatchSize); step++) {
    const pruning = await pruneDraft(round, current.draft);
    if (pruning?.draft) {
      current.note?.finish("refined");
      current = { draft: pruning.draft, note: pruning.note, depth: current.depth + pruning.depth };
      if (!canAffordValidation(env, minibatchSize)) break;
    } else if (pruning) current.depth += pruning.depth;
    if (pruneOnly) break;
    const refined = await refineDraft(round, current.draft);
    if (!refined) break;
    current.note?.finish("refined");
    current = { draft: refined.draft, note: refined.note, depth: current.depth + refined.depth };
  }
  return current;
}
