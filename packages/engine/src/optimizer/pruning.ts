/**
 * Pruning of generic additions. A reflection that writes the fix a failure
 * needs often writes a plausible generic rule beside it ("Keep every reply
 * short.", "Always hand the case over to a person when unsure."), and the
 * minibatch credits the whole edit with the fix's gain, so the rule rides
 * along into the pool and, where it hurts some kinds of request, into the
 * presented prompt (the issue-22 outside measurement found such rules in
 * 10–15 % of final prompts). So before its refinement reflection, a draft
 * that added a generic instruction (one that names no case of its own)
 * next to other additions is tried without it: the pruned prompt must hold
 * on the draft's own minibatch, where the fix showed, and beat the draft on
 * a fresh minibatch; then it takes the draft's place. An instruction that
 * helps does not beat its own removal, so it stays; a filler sentence that
 * changes nothing stays too (a tie does not pass). With
 * `pruneGenericTogether` (default) a draft that added two or more generic
 * instructions beside a case's rule is tried without all of them at once,
 * so a filler sentence does not take the test a harmful rule beside it
 * needed. With `pruneUnanchored` (default) a draft that inherited an
 * instruction naming nothing of the task (anchors.ts) and added one that
 * does is first tried without every unanchored instruction at once: filler
 * dilutes what the prompt has learnt, and only all of it together costs
 * enough to show on a minibatch. Such a pruning, when it drops nothing but
 * unanchored instructions, takes one test only (`unanchoredOnFreshMinibatch`,
 * default): it must beat the draft on a fresh minibatch. It is not held to
 * the draft's own minibatch, whose scores won the draft its acceptance and
 * so sit above what the draft really does; the strict win on fresh examples
 * still keeps any unanchored instruction the replies need. With
 * `pruneSeedGeneric` (off by default) one of the seed prompt's own generic
 * instructions may be the one tried:
 * the seed's filler or plausible rule shows its cost only once the prompt
 * holds what it dilutes or contradicts.
 * A mode whose adapter prunes on the draft's own minibatch (multi-agent
 * worker prompts, multi-pruning.ts) takes that one test only, with ties
 * passing, and prunes even without refinement rounds: a multi-agent reply
 * costs several calls, so a fresh minibatch would cost most of a
 * validation pass.
 */
import type { DatasetExample } from "@promptune/contracts";
import { acceptOnMinibatch } from "./acceptance";
import type { Draft, DraftRound } from "./draft";
import { evaluateCandidate } from "./evaluate";
import { instructionsOf } from "./instructions";
import { BudgetExhaustedError } from "./meter";
import type { ProposalNote } from "./recorder";
import { parentMinibatch } from "./targeting";

/**
 * The pruning step of a refinement round: `draft` without one generic
 * instruction it added to its pool parent beside other additions (the
 * adapter's `prunedOf`). Undefined when there is nothing to prune; a null
 * draft when the pruned prompt failed either test (the caller goes on with
 * `draft`), else the pruned draft with its note still open.
 */
export async function pruneDraft<C>(
  round: DraftRound<C>,
  draft: Draft<C>,
): Promise<{ draft: Draft<C> | null; depth: number; note: ProposalNote | undefined } | undefined> {
  const { env, state, parent, minibatchSize, signal } = round;
  const { adapter, split } = env;
  const parentRecord = state.candidates[parent];
  if (!adapter.prunedOf || !parentRecord) return undefined;
  const pruned = adapter.prunedOf(draft.config, parentRecord.config, state.rng);
  if (!pruned || state.keys.has(adapter.key(pruned.config))) return undefined;
  const ownOnly = adapter.prunesOnOwnMinibatch === true;
  const batch = ownOnly
    ? draft.batch
    : parentMinibatch(env, state, parent, minibatchSize).filter((i) => !draft.batch.includes(i));
  if (batch.length === 0) return undefined;
  const examples = batch.map((i) => split.train[i] as DatasetExample);
  const note = env.recorder?.begin({
    kind: "pruning",
    parent: parentRecord.iteration,
    minibatch: examples.map((e) => e.id),
    parentValidationScore: parentRecord.score,
  });
  const them = instructionsOf(pruned.removed).length > 1 ? "them" : "it";
  // an unanchored pruning alone is not held to the draft's own, selection-biased scores
  const freshOnly = pruned.unanchored === "alone" && adapter.unanchoredOnFresh === true;
  const rationale = pruned.unanchored
    ? pruned.unanchored === "alone"
      ? `Dropped "${pruned.removed}": ${them === "them" ? "they name" : "it names"} nothing of the task, and the draft did better without ${them}.`
      : `Dropped "${pruned.removed}": the instructions that name nothing of the task and the generic rules added beside the fix; the draft did better without them.`
    : pruned.fromSeed
      ? `Dropped "${pruned.removed}", from the initial prompt: the draft did better without it.`
      : `Dropped "${pruned.removed}": the edit's gain held without ${them}.`;
  if (note) note.record.rationale = rationale;
  /** The pruned prompt against the draft on `on` (ties pass with `orEqual`), shown on the note. */
  const compare = async (
    on: readonly DatasetExample[],
    draftScores: readonly number[],
    orEqual: boolean,
  ) => {
    const outcome = await acceptOnMinibatch(env, pruned.config, on, draftScores, signal, orEqual);
    if (note) {
      note.record.minibatch = on.map((e) => e.id);
      note.parentScores(draftScores);
      note.record.proposalMinibatchScore = (note.record.parentMinibatchScore ?? 0) + outcome.gain;
    }
    return outcome;
  };
  try {
    const own = ownOnly ? examples : draft.batch.map((i) => split.train[i] as DatasetExample);
    const held: { accepted: boolean; depth: number; evaluations?: Draft<C>["evaluations"] | null } =
      freshOnly
        ? { accepted: true, depth: 0 }
        : await compare(
            own,
            draft.evaluations.map((e) => e.score),
            true,
          );
    if (!held.accepted) {
      note?.finish("rejected_minibatch");
      return { draft: null, depth: held.depth, note };
    }
    if (ownOnly) {
      if (!held.evaluations) {
        note?.finish("rejected_minibatch");
        return { draft: null, depth: held.depth, note };
      }
      return {
        note,
        depth: held.depth,
        draft: {
          ...draft,
          config: pruned.config,
          evaluations: held.evaluations,
          rationale: [draft.rationale, rationale].filter(Boolean).join(" "),
        },
      };
    }
    const before = await evaluateCandidate(env, draft.config, examples, signal);
    const after = await compare(
      examples,
      before.evaluations.map((e) => e.score),
      false,
    );
    const depth = held.depth + before.depth + after.depth;
    if (!after.accepted || !after.evaluations) {
      note?.finish("rejected_minibatch");
      return { draft: null, depth, note };
    }
    return {
      note,
      depth,
      draft: {
        config: pruned.config,
        batch,
        evaluations: after.evaluations,
        rationale: [draft.rationale, rationale].filter(Boolean).join(" "),
        component: draft.component,
      },
    };
  } catch (err) {
    if (err instanceof BudgetExhaustedError) {
      note?.finish("budget");
      return { draft: null, depth: 0, note };
    }
    throw err;
  }
}
