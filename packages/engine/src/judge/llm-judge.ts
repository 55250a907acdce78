/**
 * The LLM judge: one structured call at temperature 0 per (example, reply),
 * so the gateway's response cache answers repeated judgements for free.
 */
import type { DatasetExample } from "@promptune/contracts";
import { z } from "zod";
import type { TaskContext } from "../optimizer/task";
import type { LlmPort, LlmUsage } from "../ports";
import { judgeMessages } from "./prompt";

/** Schema name sent to providers (and recognised by the fixture LLM). */
export const JUDGE_SCHEMA_NAME = "judge_verdict";

/** Raw verdict as the model returns it; the score is clamped afterwards. */
export const JudgeVerdictSchema = z.object({
  score: z.number(),
  feedback: z.string(),
  /** Whether each rubric item is met (optional: a model may leave it out). */
  rubric_items: z.array(z.object({ item: z.string(), met: z.boolean() })).optional(),
});

/** Whether one rubric item of the example is met by the reply. */
export interface RubricItemVerdict {
  item: string;
  met: boolean;
}

/** A score in [0, 1] and textual feedback for reflection. */
export interface Verdict {
  score: number;
  feedback: string;
  /** One per rubric item of the example, in the rubric's order; absent when unknown. */
  rubricItems?: RubricItemVerdict[];
}

const normalise = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The judge's per-item answers aligned with the example's rubric (its order
 * and exact texts): an item is found by its text, else by its position when
 * the judge listed exactly as many items. Undefined when the rubric is empty,
 * the judge gave none, or any rubric item stays unanswered (a partial
 * checklist would read as "not met").
 */
export function alignRubricItems(
  rubric: readonly string[],
  answered: readonly { item: string; met: boolean }[] | undefined,
): RubricItemVerdict[] | undefined {
  if (rubric.length === 0 || !answered || answered.length === 0) return undefined;
  const byText = new Map(answered.map((a) => [normalise(a.item), a.met] as const));
  const sameCount = answered.length === rubric.length;
  const aligned: RubricItemVerdict[] = [];
  for (const [i, item] of rubric.entries()) {
    const met = byText.get(normalise(item)) ?? (sameCount ? answered[i]?.met : undefined);
    if (met === undefined) return undefined;
    aligned.push({ item, met });
  }
  return aligned;
}

/**
 * A model-given score in [0, 1]; non-finite becomes 0. Some models answer on
 * another scale despite the instructions — out of 10, or in percent — and a
 * score read on the wrong one would grade every reply near 0. Above 1.5 the
 * score is read out of 10 (up to 10) or in percent; when the judge also said
 * which rubric items are met (`metShare`, their share), the reading closer to
 * that share wins ("10" is 1 of 10 items or all of them). A slight overshoot
 * is just 1.
 */
export function clampScore(score: number, metShare?: number): number {
  if (!Number.isFinite(score)) return 0;
  let s = score;
  if (score > 1.5 && score <= 100) {
    const readings = score <= 10 ? [score / 10, score / 100] : [score / 100];
    s = readings[0] as number;
    if (metShare !== undefined)
      for (const r of readings) if (Math.abs(r - metShare) < Math.abs(s - metShare)) s = r;
  }
  return Math.min(1, Math.max(0, s));
}

/** Judges `reply` against the example's reference and rubric with `model`. */
export async function judgeReply(
  llm: LlmPort,
  args: {
    model: string;
    example: DatasetExample;
    reply: string;
    signal?: AbortSignal;
    task?: TaskContext;
  },
): Promise<Verdict & { usage: LlmUsage }> {
  const { value, usage } = await llm.completeStructured({
    model: args.model,
    messages: judgeMessages(args.example, args.reply, args.task),
    temperature: 0,
    purpose: "judge",
    schema: JudgeVerdictSchema,
    schemaName: JUDGE_SCHEMA_NAME,
    maxOutputTokens: 400,
    signal: args.signal,
  });
  const rubricItems = alignRubricItems(args.example.rubric, value.rubric_items);
  const metShare = rubricItems
    ? rubricItems.filter((r) => r.met).length / rubricItems.length
    : undefined;
  return {
    score: clampScore(value.score, metShare),
    feedback: value.feedback.trim(),
    ...(rubricItems ? { rubricItems } : {}),
    usage,
  };
}
