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

/** Clamps a model-given score into [0, 1]; non-finite becomes 0. */
export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  // some models answer in percent despite the instructions; a slight overshoot is just 1
  const s = score > 1.5 && score <= 100 ? score / 100 : score;
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
  return {
    score: clampScore(value.score),
    feedback: value.feedback.trim(),
    ...(rubricItems ? { rubricItems } : {}),
    usage,
  };
}
