/**
 * The LLM judge: one structured call at temperature 0 per (example, reply),
 * so the gateway's response cache answers repeated judgements for free.
 */
import type { DatasetExample } from "@promptune/contracts";
import { z } from "zod";
import type { LlmPort, LlmUsage } from "../ports";
import { judgeMessages } from "./prompt";

/** Schema name sent to providers (and recognised by the fixture LLM). */
export const JUDGE_SCHEMA_NAME = "judge_verdict";

/** Raw verdict as the model returns it; the score is clamped afterwards. */
export const JudgeVerdictSchema = z.object({
  score: z.number(),
  feedback: z.string(),
});

/** A score in [0, 1] and textual feedback for reflection. */
export interface Verdict {
  score: number;
  feedback: string;
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
  args: { model: string; example: DatasetExample; reply: string; signal?: AbortSignal },
): Promise<Verdict & { usage: LlmUsage }> {
  const { value, usage } = await llm.completeStructured({
    model: args.model,
    messages: judgeMessages(args.example, args.reply),
    temperature: 0,
    purpose: "judge",
    schema: JudgeVerdictSchema,
    schemaName: JUDGE_SCHEMA_NAME,
    maxOutputTokens: 400,
    signal: args.signal,
  });
  return { score: clampScore(value.score), feedback: value.feedback.trim(), usage };
}
