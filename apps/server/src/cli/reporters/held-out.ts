/** The one-line summary of a held-out comparison printed after a run. */
import type { HeldOutComparison } from "@promptune/contracts";

/** A share difference as signed whole points: 0.12 → "+12", -0.034 → "-3", 0 → "0". */
export function signedPoints(share: number): string {
  const points = Math.round(share * 100);
  if (points === 0) return "0";
  return points > 0 ? `+${points}` : `${points}`;
}

/**
 * Summarises the held-out comparison of the final against the initial
 * configuration: "+12 points, 95 % CI +4…+19 on 22 held-out examples" when
 * the interval excludes zero, else "no significant change (…)", so a reader
 * does not take noise for an improvement.
 */
export function formatHeldOut(h: HeldOutComparison): string {
  if (h.examples === 0) return "no held-out examples to compare";
  const plural = h.examples === 1 ? "example" : "examples";
  const detail = `${signedPoints(h.difference)} points, 95 % CI ${signedPoints(h.ci_low)}…${signedPoints(h.ci_high)} on ${h.examples} held-out ${plural}`;
  return h.significant ? detail : `no significant change (${detail})`;
}
