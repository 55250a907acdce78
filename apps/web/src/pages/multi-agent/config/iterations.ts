/**
 * Iterations input rules (spec §5): whole numbers 1..max; empty, non-numbers
 * and values below 1 become 1 on blur; a multi-digit value with a leading
 * zero is ignored; a value above the maximum is clamped with a notice.
 */
import { ITERATIONS } from "@promptune/contracts";

/** What typing a raw value does to the iterations field. */
export type IterationsEdit =
  /** Keep the previous text (the keystroke is rejected). */
  | { kind: "ignore" }
  /** Show the text but do not store a value yet (empty or not a number). */
  | { kind: "draft"; text: string }
  /** Store this value; `clamped` when it was above the maximum. */
  | { kind: "value"; value: number; clamped: boolean };

/** The notice shown when a value above the maximum is clamped. */
export function maxIterationsNotice(max: number): string {
  return `Maximum iterations limit is ${max}. Value set to ${max}.`;
}

/** Interprets a keystroke's resulting text. */
export function editIterations(raw: string, max: number = ITERATIONS.max): IterationsEdit {
  const text = raw.trim();
  if (/^0\d+/.test(text)) return { kind: "ignore" };
  if (!/^\d+$/.test(text)) return { kind: "draft", text: raw };
  const value = Number(text);
  if (value > max) return { kind: "value", value: max, clamped: true };
  if (value < ITERATIONS.min) return { kind: "draft", text: raw };
  return { kind: "value", value, clamped: false };
}

/** The value the field settles on when it loses focus. */
export function settleIterations(raw: string, max: number = ITERATIONS.max): number {
  const value = Number(raw.trim());
  if (!raw.trim() || !Number.isFinite(value) || value < ITERATIONS.min) return ITERATIONS.min;
  return Math.min(max, Math.floor(value));
}
