/**
 * Pure geometry of the "Cost vs quality" chart: cost of 1,000 replies on a
 * log scale (a cost of 0, the local model, sits at the left edge labelled
 * "$0"), validation score (with its 95 % interval) on a linear scale.
 */
import type { FrontierPoint } from "@promptune/contracts";

/** Drawing size of the chart (the SVG scales down to its container). */
export interface FrontierSize {
  width: number;
  height: number;
  /** Most x tick labels that fit. */
  maxXTicks: number;
}

/** The chart size for a window width: a compact drawing on phones, a wide one from 768 px. */
export function frontierSizeFor(windowWidth: number): FrontierSize {
  return windowWidth >= 768
    ? { width: 640, height: 300, maxXTicks: 7 }
    : { width: 340, height: 260, maxXTicks: 4 };
}

/** A tick: its value, position and label. */
export interface Tick {
  value: number;
  at: number;
  label: string;
}

/** Scales, plot box and ticks of the chart, ready to draw. */
export interface FrontierGeometry {
  size: FrontierSize;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** x of a cost (USD per 1,000 replies); 0 → the left edge. */
  x(cost: number): number;
  /** y of a score in [0, 1]. */
  y(score: number): number;
  xTicks: Tick[];
  yTicks: Tick[];
}

/** Room between the "$0" column and the first decade of the log axis. */
const ZERO_GAP = 40;

/** "$0.01", "$0.1", "$1", "$1,000": a power of ten as a dollar amount. */
export function decadeLabel(exponent: number): string {
  const value = 10 ** exponent;
  return exponent < 0
    ? `$${value.toFixed(-exponent)}`
    : `$${Math.round(value).toLocaleString("en-US")}`;
}

/** The log axis' decades: from the one at or below the cheapest cost to the one at or above the dearest. */
function decades(costs: readonly number[]): [number, number] {
  const positive = costs.filter((c) => c > 0);
  if (positive.length === 0) return [-2, 0];
  const lo = Math.floor(Math.log10(Math.min(...positive)) + 1e-9);
  const hi = Math.ceil(Math.log10(Math.max(...positive)) - 1e-9);
  return hi > lo ? [lo, hi] : [lo, lo + 1];
}

/** The score axis: the intervals with a little room, in tenths, at least 0.2 wide, within [0, 1]. */
function scoreDomain(points: readonly FrontierPoint[]): [number, number] {
  const low = Math.min(...points.map((p) => Math.min(p.ci_low, p.score)));
  const high = Math.max(...points.map((p) => Math.max(p.ci_high, p.score)));
  let lo = Math.max(0, Math.floor((low - 0.02) * 10) / 10);
  let hi = Math.min(1, Math.ceil((high + 0.02) * 10) / 10);
  if (hi - lo < 0.2) {
    if (hi + 0.1 <= 1) hi += 0.1;
    if (hi - lo < 0.2) lo = Math.max(0, hi - 0.2);
  }
  return [Math.round(lo * 10) / 10, Math.round(hi * 10) / 10];
}

/** Geometry of the chart of `points` at `size`. */
export function frontierGeometry(
  points: readonly FrontierPoint[],
  size: FrontierSize,
): FrontierGeometry {
  const left = size.width < 500 ? 44 : 56;
  const right = size.width - 16;
  const top = 20;
  const bottom = size.height - 44;
  const hasZero = points.some((p) => p.cost_per_1k_usd <= 0);
  const logLeft = hasZero ? left + ZERO_GAP : left + 12;
  const [lo, hi] = decades(points.map((p) => p.cost_per_1k_usd));
  const x = (cost: number) =>
    cost <= 0 ? left : logLeft + ((Math.log10(cost) - lo) / (hi - lo)) * (right - logLeft);
  const [yLo, yHi] = points.length ? scoreDomain(points) : [0, 1];
  const y = (score: number) => bottom - ((score - yLo) / (yHi - yLo)) * (bottom - top);

  const every = Math.max(1, Math.ceil((hi - lo + 1) / (size.maxXTicks - (hasZero ? 1 : 0))));
  const xTicks: Tick[] = [];
  if (hasZero) xTicks.push({ value: 0, at: left, label: "$0" });
  for (let e = lo; e <= hi; e += every)
    xTicks.push({ value: 10 ** e, at: x(10 ** e), label: decadeLabel(e) });

  const range = yHi - yLo;
  const step = range > 0.5 ? 0.2 : 0.1;
  const yTicks: Tick[] = [];
  for (let v = yLo; v <= yHi + 1e-9; v += step) {
    const value = Math.round(v * 100) / 100;
    yTicks.push({ value, at: y(value), label: `${Math.round(value * 100)} %` });
  }
  return { size, left, right, top, bottom, x, y, xTicks, yTicks };
}

/** Horizontal distance between points that would be drawn on the same spot. */
const DODGE_PX = 14;

/**
 * Where each point is drawn: at its cost and score, except that points that
 * would cover each other (same model cost and score, e.g. two temperatures
 * of one model) are spread sideways around that spot so each stays visible
 * and clickable.
 */
export function pointPositions(
  points: readonly FrontierPoint[],
  g: Pick<FrontierGeometry, "x" | "y">,
): { x: number; y: number }[] {
  const spots = points.map((p) => ({ x: g.x(p.cost_per_1k_usd), y: g.y(p.score) }));
  const groups = new Map<string, number[]>();
  spots.forEach((s, i) => {
    const key = `${Math.round(s.x / 6)}:${Math.round(s.y / 6)}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    members.forEach((index, k) => {
      const spot = spots[index];
      if (spot) spot.x += (k - (members.length - 1) / 2) * DODGE_PX;
    });
  }
  return spots;
}
