/**
 * Evaluating a candidate on a set of examples: every example runs at once
 * (the port's semaphore limits model calls in flight), each reply is scored,
 * and the first failure aborts the rest of the stage.
 */
import type { DatasetExample } from "@promptune/contracts";
import type { Scorer } from "../judge/scorer";
import type { LlmPort } from "../ports";
import { mapAll } from "../util/limit";
import type { ModeAdapter } from "./adapter";

/** The evaluation of one candidate on one example. */
export interface ExampleEvaluation {
  score: number;
  feedback: string;
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

/** Evaluates `candidate` on `examples` in parallel; rejects on the first failure after aborting the others. */
export async function evaluateCandidate<C>(
  ctx: EvaluationContext<C>,
  candidate: C,
  examples: readonly DatasetExample[],
  signal: AbortSignal,
): Promise<StageResult> {
  const stage = new AbortController();
  const stageSignal = AbortSignal.any([signal, stage.signal]);
  let depth = 0;
  const evaluations = await mapAll(
    examples,
    async (example) => {
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
        reply: run.reply,
        trace: run.trace,
        consulted: run.consulted,
      };
    },
    (err) => stage.abort(err),
  );
  return { evaluations, depth };
}

/** Mean of scores (0 for none). */
export function meanScore(scores: readonly number[]): number {
  return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : 0;
}
