/** One scoring function per dataset metric: the LLM judge or a deterministic metric. */
import type { DatasetExample, Metric } from "@promptune/contracts";
import type { LlmPort } from "../ports";
import { judgeReply, type Verdict } from "./llm-judge";
import { compileExpectedPattern, scoreDeterministic } from "./metrics";

/** Scores one reply to one example. */
export type Scorer = (
  example: DatasetExample,
  reply: string,
  signal?: AbortSignal,
) => Promise<Verdict>;

/** How many dependent model calls one scoring takes (for critical-path accounting). */
export function scorerDepth(metric: Metric): number {
  return metric === "judge" ? 1 : 0;
}

/**
 * Builds the scorer for `metric`. For regex datasets every example's pattern
 * is compiled up front (pass `examples`) so a bad pattern fails before any
 * model call is spent.
 */
export function createScorer(options: {
  metric: Metric;
  llm: LlmPort;
  judgeModel: string;
  examples?: readonly DatasetExample[];
}): Scorer {
  const { metric, llm, judgeModel } = options;
  if (metric === "judge") {
    return async (example, reply, signal) => {
      const { score, feedback } = await judgeReply(llm, {
        model: judgeModel,
        example,
        reply,
        signal,
      });
      return { score, feedback };
    };
  }
  if (metric === "regex") {
    for (const e of options.examples ?? []) {
      try {
        compileExpectedPattern(e.expected ?? e.reference);
      } catch (err) {
        throw new Error(`example ${e.id}: invalid regex in "expected" (${(err as Error).message})`);
      }
    }
  }
  return async (example, reply) => scoreDeterministic(metric, example, reply);
}
