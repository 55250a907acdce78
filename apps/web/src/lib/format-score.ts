/**
 * The one rounding and formatting rule of scores (issue 26 §3 items 6 and
 * 12): every percentage and every difference in points has one decimal,
 * rounded half up after removing binary noise, so a value reads the same on
 * the page, in the graphs and in the history (74.85 is "74.9%" everywhere,
 * whether it arrives as 0.7485 or as 74.84999999999999).
 */

/** `x` rounded to one decimal, half up, after dropping floating-point noise. */
export function roundTenth(x: number): number {
  const clean = Number(x.toPrecision(12));
  const tenths = Number((Math.abs(clean) * 10).toPrecision(12));
  const rounded = Math.floor(tenths + 0.5) / 10;
  return clean < 0 ? -rounded : rounded;
}

/** A value already in percent, e.g. 74.85 → "74.9%". */
export function percentLabel(value: number): string {
  return `${roundTenth(value).toFixed(1)}%`;
}

/** A [0, 1] share as a percentage, e.g. 0.7485 → "74.9%". */
export function sharePercent(share: number): string {
  return percentLabel(share * 100);
}

/** A share difference in signed points with one decimal (0.123 → "+12.3", −0.04 → "−4.0", 0 → "0.0"). */
export function signedPoints(share: number): string {
  const points = roundTenth(share * 100);
  if (points === 0) return "0.0";
  return points > 0 ? `+${points.toFixed(1)}` : `−${Math.abs(points).toFixed(1)}`;
}

/** "+12.3 points" (the unit is always plural with a decimal: "+1.0 points" reads as a measure). */
export function pointsLabel(share: number): string {
  return `${signedPoints(share)} points`;
}
