/**
 * The iterations input rules of spec §5: whole numbers 1..max; empty, a
 * non-number or a value below 1 becomes 1 when the field loses focus; a
 * multi-digit value with a leading zero is ignored; a value above the
 * maximum is clamped with the notice 'Maximum iterations limit is {max}.
 * Value set to {max}.'
 */

/** What to do with a keystroke's new text. */
export type IterationsEdit =
  | { action: "ignore" }
  | { action: "edit"; text: string; value: number | null }
  | { action: "clamp"; text: string; value: number; notice: string };

/** The info notice shown when a value above the maximum is clamped. */
export function iterationsLimitNotice(max: number): string {
  return `Maximum iterations limit is ${max}. Value set to ${max}.`;
}

/**
 * Interprets typed text: `value` is the number to store now (null: keep the
 * stored value until blur), `text` what the field shows.
 */
export function interpretIterationsInput(raw: string, max: number): IterationsEdit {
  const text = raw.trim();
  if (/^0\d/.test(text)) return { action: "ignore" };
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n > max)
      return { action: "clamp", text: String(max), value: max, notice: iterationsLimitNotice(max) };
    return { action: "edit", text, value: n >= 1 ? n : null };
  }
  return { action: "edit", text: raw, value: null };
}

/** The value the field settles on when it loses focus (with the notice when clamped). */
export function settleIterations(raw: string, max: number): { value: number; notice?: string } {
  const text = raw.trim();
  const n = Number(text);
  if (text === "" || !Number.isFinite(n) || n < 1) return { value: 1 };
  const whole = Math.floor(n);
  if (whole > max) return { value: max, notice: iterationsLimitNotice(max) };
  return { value: whole };
}
