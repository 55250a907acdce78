/** Validation of the optimiser's integer options. */

/** An option that must be a non-negative integer (RangeError naming it otherwise). */
export function nonNegativeInt(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer`);
  return v;
}

/** An option that must be a positive integer (RangeError naming it otherwise). */
export function positiveInt(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be a positive integer`);
  return v;
}
