/**
 * Shared parts of the reflection prompts: how minibatch examples, replies,
 * traces and judge feedback are shown to the reflection model. The judge's
 * feedback is copied verbatim, one example after another, inside
 * `<feedback>`; the component being improved sits in `<current_prompt>`.
 */
import { MAX_PROMPT_CHARS } from "@promptune/contracts";
import { z } from "zod";
import { renderDialog } from "../judge/prompt";
import type { ReflectionExample } from "./types";

/** Schema name of reflection calls (recognised by the fixture LLM). */
export const PROPOSAL_SCHEMA_NAME = "prompt_proposal";

/** Reflection output without a temperature coordinate. */
export const ProposalSchema = z.object({
  prompt: z.string(),
  rationale: z.string(),
});

/** Reflection output that also proposes a sampling temperature. */
export const ProposalWithTemperatureSchema = ProposalSchema.extend({
  temperature: z.number(),
});

/** Longest text of one reply or trace shown to the reflection model. */
const MAX_SHOWN_CHARS = 3_000;

/** Cuts long text in the middle so both its start and its end stay visible. */
export function clipMiddle(text: string, max = MAX_SHOWN_CHARS): string {
  if (text.length <= max) return text;
  const half = Math.floor((max - 20) / 2);
  return `${text.slice(0, half)}\n[… ${text.length - 2 * half} characters cut …]\n${text.slice(-half)}`;
}

/**
 * Renders the minibatch: conversation, the produced reply (and trace), the
 * reference; a failure inherited from an ancestor says so.
 */
export function renderExamples(material: readonly ReflectionExample[]): string {
  return material
    .map((m, i) => {
      const parts = [
        `### Example ${i + 1}`,
        ...(m.inherited
          ? [
              "(Answered by an earlier version of this prompt, before its latest edits; the current prompt has not been tried on it and may already handle it.)",
            ]
          : []),
        "Conversation so far:",
        clipMiddle(renderDialog(m.example.dialog)),
        "",
      ];
      if (m.trace) parts.push("How the agents worked on it:", clipMiddle(m.trace), "");
      parts.push(
        "Reply that was sent:",
        clipMiddle(m.reply),
        "",
        "Reference reply by an expert:",
        m.example.reference,
      );
      return parts.join("\n");
    })
    .join("\n\n");
}

/** Renders the judge's verdicts, feedback verbatim, one example per block. */
export function renderFeedback(material: readonly ReflectionExample[]): string {
  return material
    .map(
      (m, i) =>
        `Example ${i + 1} (score ${m.score.toFixed(2)}):\n${m.feedback.trim() || "(no feedback)"}`,
    )
    .join("\n");
}

/** A proposed prompt cleaned up: trimmed, code fences removed, length-capped; null when empty. */
export function cleanProposedPrompt(text: string): string | null {
  let t = text.trim();
  const fenced = /^```[a-zA-Z]*\n([\s\S]*?)\n```$/.exec(t);
  if (fenced?.[1]) t = fenced[1].trim();
  if (!t) return null;
  return t.slice(0, MAX_PROMPT_CHARS);
}

/** A proposed temperature clamped to [0, 1] and rounded to the slider's 0.01 step. */
export function cleanTemperature(value: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/** The minibatch material as both modes' reflections show it: the examples, then the feedback. */
export function materialSections(material: readonly ReflectionExample[]): string[] {
  return [
    "<examples>",
    renderExamples(material),
    "</examples>",
    "",
    "<feedback>",
    renderFeedback(material),
    "</feedback>",
    "",
  ];
}
