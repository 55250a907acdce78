/** One scoring function per dataset metric: the LLM judge or a deterministic metric. */
import type { DatasetExample, Metric } from "@promptune/contracts";
import type { TaskContext } from "../optimizer/task";
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
  /** The task the replies serve, shown to the judge. */
  task?: TaskContext;
}): Scorer {
  const { metric, llm, judgeModel, task } = options;
  if (metric === "judge") {
    return async (example, reply, signal) => {
      const { score, feedback, rubricItems } = await judgeReply(llm, {
        model: judgeModel,
        example,
        reply,
        signal,
        task,
      });
      return { score, feedback, ...(rubricItems ? { rubricItems } : {}) };
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

/**
 * Your own metric: scores one reply to one example with a number in [0, 1]
 * and feedback the optimiser's reflection reads (as DSPy/GEPA's `metric`).
 * It may be synchronous or return a promise.
 */
export type UserMetric = (example: DatasetExample, reply: string) => Verdict | Promise<Verdict>;

/**
 * A Scorer from a user metric: the score is checked (a non-number or NaN is
 * a programming error reported with the example id) and clamped to [0, 1],
 * so a metric returning 1.2 or -3 cannot distort the Pareto frontier.
 */
export function userScorer(metric: UserMetric): Scorer {
  return async (example, reply) => {
    const verdict = await metric(example, reply);
    const score = verdict?.score;
    if (typeof score !== "number" || Number.isNaN(score))
      throw new TypeError(`metric returned no numeric score for example ${example.id}`);
    return {
      score: Math.min(1, Math.max(0, score)),
      feedback: typeof verdict.feedback === "string" ? verdict.feedback : "",
    };
  };
}
