/**
 * Evaluating a candidate on a set of examples: every example runs at once
 * (the port's semaphore limits model calls in flight) and each reply is
 * scored. An example whose calls fail after the port's retries (a transient
 * provider failure) is tried once more after the others; if it fails again
 * it stays unscored (score NaN): it is left out of every comparison, never
 * counted as 0. Any other failure aborts the rest of the stage.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { RubricItemVerdict } from "../judge/llm-judge";
import type { Scorer } from "../judge/scorer";
import { isTransientLlmFailure, type LlmPort } from "../ports";
import { mapAll } from "../util/limit";
import type { ModeAdapter } from "./adapter";
import { ProviderOutageError } from "./outage";

/** The evaluation of one candidate on one example (score NaN: unscored, see isScored). */
export interface ExampleEvaluation {
  score: number;
  feedback: string;
  /** The judge's verdict per rubric item (LLM judge only; absent when unknown). */
  rubricItems?: RubricItemVerdict[];
  reply: string;
  trace: string;
  consulted: number[];
}

/** Everything an evaluation stage needs. */
export interface EvaluationContext<C> {
  adapter: ModeAdapter<C>;
  llm: LlmPort;
  scorer: Scorer;
  /** Model calls the scorer adds to each example's chain (1 for the LLM judge, 0 otherwise). */
  scorerDepth: number;
  /** Replies made and the calls they and their scoring took (for budget estimates). */
  replyStats?: { replies: number; calls: number };
}

/** A stage's results in example order and its longest chain of dependent calls. */
export interface StageResult {
  evaluations: ExampleEvaluation[];
  depth: number;
}

/** Whether an example's score was measured (an unscored example has NaN). */
export function isScored(score: number | null | undefined): score is number {
  return typeof score === "number" && Number.isFinite(score);
}

/** The evaluation of an example whose calls failed: unscored. */
function unscored(): ExampleEvaluation {
  return { score: Number.NaN, feedback: "", reply: "", trace: "", consulted: [] };
}

/**
 * Evaluates `candidate` on `examples` in parallel. Examples that fail
 * transiently are retried once after the others and otherwise left unscored;
 * when not one example could be scored the provider is taken to be down
 * (ProviderOutageError). Rejects on any other failure after aborting the rest.
 */
export async function evaluateCandidate<C>(
  ctx: EvaluationContext<C>,
  candidate: C,
  examples: readonly DatasetExample[],
  signal: AbortSignal,
): Promise<StageResult> {
  const stage = new AbortController();
  const stageSignal = AbortSignal.any([signal, stage.signal]);
  let depth = 0;
  let lastFailure: unknown;
  const one = async (example: DatasetExample): Promise<ExampleEvaluation> => {
    try {
      const run = await ctx.adapter.run(ctx.llm, candidate, example, stageSignal);
      const verdict = await ctx.scorer(example, run.reply, stageSignal);
      depth = Math.max(depth, run.depth + ctx.scorerDepth);
      if (ctx.replyStats) {
        ctx.replyStats.replies++;
        ctx.replyStats.calls += run.calls + ctx.scorerDepth;
      }
      return {
        score: verdict.score,
        feedback: verdict.feedback,
        ...(verdict.rubricItems ? { rubricItems: verdict.rubricItems } : {}),
        reply: run.reply,
        trace: run.trace,
        consulted: run.consulted,
      };
    } catch (err) {
      if (stageSignal.aborted || !isTransientLlmFailure(err)) throw err;
      lastFailure = err;
      return unscored();
    }
  };
  const evaluations = await mapAll(examples, one, (err) => stage.abort(err));
  const failed = evaluations.flatMap((e, i) => (isScored(e.score) ? [] : [i]));
  if (failed.length > 0) {
    const again = await mapAll(
      failed.map((i) => examples[i] as DatasetExample),
      one,
      (err) => stage.abort(err),
    );
    failed.forEach((i, k) => {
      evaluations[i] = again[k] as ExampleEvaluation;
    });
  }
  if (examples.length > 0 && !evaluations.some((e) => isScored(e.score))) {
    throw new ProviderOutageError(
      `not one of ${examples.length} examples could be scored`,
      examples.length,
      examples.length,
      { cause: lastFailure },
    );
  }
  return { evaluations, depth };
}

/** Mean of the scored examples' scores (0 for none); unscored (NaN) ones are left out. */
export function meanScore(scores: readonly number[]): number {
  let sum = 0;
  let n = 0;
  for (const s of scores) {
    if (!isScored(s)) continue;
    sum += s;
    n++;
  }
  return n ? sum / n : 0;
}

/**
 * Means of two score vectors (same examples, same order) over the examples
 * both have scored, and how many those are: the fair comparison of two
 * candidates when some examples are unscored for one of them.
 */
export function pairedMeans(
  a: readonly number[],
  b: readonly number[],
): { a: number; b: number; n: number } {
  let sa = 0;
  let sb = 0;
  let n = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (!isScored(x) || !isScored(y)) continue;
    sa += x;
    sb += y;
    n++;
  }
  return n ? { a: sa / n, b: sb / n, n } : { a: 0, b: 0, n: 0 };
}
