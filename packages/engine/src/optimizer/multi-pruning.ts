/**
 * Worker prompts pruned (multi-agent mode's form of pruning.ts). A joint edit
 * that writes a worker the rule its failures need often adds a plausible
 * generic rule beside it ("Always explain your reasoning first."), and the
 * minibatch credits the whole edit with the fix. The same holds for a
 * worker's inherited instructions that name nothing of the task. So an
 * accepted multi-agent proposal is tried once more without them in every
 * worker prompt it changed, on its own minibatch, before its validation
 * pass: the pruned configuration takes the proposal's place when it does at
 * least as well there. Only the workers' prompts are pruned: a coordinator's
 * generic rule (relay the worker's answer verbatim) is how replies are put
 * together, and descriptions are read by the coordinator, not followed.
 */
import type { MultiAgentConfig } from "@promptune/contracts";
import type { Prng } from "../util/prng";
import { drawGenericPruning, drawUnanchoredPruning } from "./instructions";

/**
 * `proposal` without, in each worker prompt it changed from `parent`, every
 * instruction naming nothing of the task (when it inherited one and added one
 * that does) or else the generic instructions it added beside a case's rule;
 * the dropped text, or null when no worker prompt has any.
 */
export function prunedWorkerPrompts(
  proposal: MultiAgentConfig,
  parent: MultiAgentConfig,
  rng: Prng,
  vocabulary: ReadonlySet<string> | undefined,
): { config: MultiAgentConfig; removed: string; fromSeed: false } | null {
  const removed: string[] = [];
  const workers = proposal["worker-agents"].map((worker, k) => {
    const before = parent["worker-agents"][k]?.prompt;
    if (before === undefined || before === worker.prompt) return worker;
    const pruned =
      (vocabulary ? drawUnanchoredPruning(before, worker.prompt, vocabulary) : null) ??
      drawGenericPruning(before, worker.prompt, rng, { together: true });
    if (!pruned?.prompt.trim()) return worker;
    removed.push(pruned.removed);
    return { ...worker, prompt: pruned.prompt };
  });
  if (removed.length === 0) return null;
  return {
    config: { ...proposal, "worker-agents": workers },
    removed: removed.join(" "),
    fromSeed: false,
  };
}
