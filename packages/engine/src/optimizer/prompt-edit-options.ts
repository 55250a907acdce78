/**
 * Options of the edits a single-agent run makes to its prompt beside the
 * reflection's rewrites: removal edits, the pruning of generic, seed and
 * unanchored instructions before a draft's refinement (pruning.ts), and the
 * instruction-level merge of two lineages (instructions.ts). Defaults are in
 * mechanisms.ts.
 */

/** Which prompt edits a single-agent run makes besides the reflection's. */
export interface PromptEditOptions {
  /**
   * Removal edits: some proposals drop one instruction of the parent instead of asking the
   * reflection, kept when they pass the minibatch and validation like any proposal. Default
   * false: in bench/quality.ts they did not help on average over the worlds (docs/optimiser.md).
   */
  removalEdits?: boolean;
  /**
   * A proposal that passed its minibatch having added a generic instruction (one that names no
   * case: "Keep every reply short.") beside other additions is first tried without it, in its
   * refinement round: the pruned prompt replaces it when it holds on the proposal's minibatch
   * and beats it on a fresh one (pruning.ts). Needs a refinement round (`draftSteps` ≥ 1).
   * Default true: measured in bench/quality.ts over seven worlds (docs/optimiser.md).
   */
  pruneGenericAdditions?: boolean;
  /**
   * The pruning may also drop one of the seed prompt's own generic instructions ("Be helpful
   * and professional.") when the proposal added something and holds at least two generic
   * instructions, and the seed itself holds two or more (a seed of one is the task's
   * statement): the seed's filler and plausible rules show their cost only once the prompt
   * holds the instructions they weaken or contradict, and no minibatch ever tested them.
   * Needs `pruneGenericAdditions`. Default false: in bench/quality.ts it helps where the seed
   * carries filler and loses the rules a seed holds for rare kinds of request (docs/optimiser.md,
   * "Session 26" and "Session 27").
   */
  pruneSeedGeneric?: boolean;
  /**
   * A draft that added two or more generic instructions beside a case's rule is tried without
   * all of them at once, not without one drawn: a filler sentence ties with its removal and
   * never passes alone, so drawing it spends the test while a harmful rule beside it stays.
   * Needs `pruneGenericAdditions`. Default true: measured in bench/quality.ts over seven worlds
   * on three fresh blocks of 50 seeds (docs/optimiser.md, "Session 28").
   */
  pruneGenericTogether?: boolean;
  /**
   * A draft that inherited an instruction naming nothing of the task (no content word of the
   * dataset's title, description, task text or train examples: "Be helpful, accurate and
   * professional.") and added one that does is first tried without every such instruction at
   * once: one filler sentence's dilution is too small for any minibatch, all of them together are
   * not, and a fix names its case, so it is never drawn. Needs `pruneGenericAdditions`. Default
   * true: measured in bench/quality.ts over seven worlds on fresh blocks (docs/optimiser.md,
   * "Session 30").
   */
  pruneUnanchored?: boolean;
  /**
   * An unanchored pruning that drops nothing but unanchored instructions takes one test: it must
   * beat the draft on a fresh minibatch. It is not also held to the draft's own minibatch, whose
   * scores won the draft its acceptance and so sit above what the draft really does (a pruning
   * rarely holds against them); the strict win on fresh examples still keeps an unanchored
   * instruction the replies need. Needs `pruneUnanchored`. Default true: measured in
   * bench/quality.ts over seven worlds on seeds 1–20 and fresh blocks (docs/optimiser.md,
   * "Session 31").
   */
  unanchoredOnFreshMinibatch?: boolean;
  /**
   * A pool candidate that holds instructions naming nothing of the task, and one that names it
   * which the seed did not, is proposed once without all of them, in place of a reflection (no
   * reflection call): it must beat the candidate on the minibatch, then pass validation like any
   * proposal. This reaches the filler a reflection wrote in an edit of its own, or beside a fix in
   * its refinement, which no pruning of a later draft ever drew. Default true: measured in
   * bench/quality.ts over seven worlds (docs/optimiser.md, "Session 31").
   */
  unanchoredRemovals?: boolean;
  /**
   * Merge two lineages' prompts instruction by instruction (set union over their common
   * ancestor, de-duplicated; conflicts are settled by evaluation). Needs `merge`. Default false:
   * neutral over eleven bench worlds at three budgets (docs/optimiser.md, "Session 50").
   */
  instructionMerge?: boolean;
}
