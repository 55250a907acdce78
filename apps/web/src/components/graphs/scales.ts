/**
 * Pure geometry of the Evaluation and Embedding graphs (spec §4 "Carousel and
 * graphs", §9): sizes by window width, domains, exact tick lists, point
 * colours and the spiral fallback for points without an embedding.
 */
import { GRAPH, GRAPH_SIZES } from "@promptune/contracts";
import { type ScaleLinear, scaleLinear } from "d3-scale";

/** One plotted point: the iteration it belongs to, its coordinates and an optional label. */
export interface GraphPoint {
  iteration: number;
  x: number;
  y: number;
  label?: string;
  /** A 95 % interval of y, in y's units, drawn as an error bar (evaluation graph). */
  interval?: { low: number; high: number };
}

/** A point that may lack coordinates (an iteration without an embedding). */
export interface MaybeGraphPoint {
  iteration: number;
  x?: number | null;
  y?: number | null;
  label?: string;
}

/** Drawing size of one graph panel. */
export interface GraphSize {
  width: number;
  height: number;
  padding: number;
}

/** Scales, ticks and tick labels of one graph, ready to draw. */
export interface GraphGeometry {
  size: GraphSize;
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  xTicks: number[];
  yTicks: number[];
  formatX(value: number): string;
  formatY(value: number): string;
}

/** The graph size for a window width (spec §9: 1200/768/480 breakpoints). */
export function graphSizeFor(windowWidth: number): GraphSize {
  const row =
    GRAPH_SIZES.find((s) => windowWidth >= s.minWidth) ?? GRAPH_SIZES[GRAPH_SIZES.length - 1];
  return { width: row?.width ?? 300, height: row?.height ?? 200, padding: row?.padding ?? 40 };
}

/** Exactly `count` evenly spaced values from the domain's start to its end (both included). */
export function evenTicks([start, end]: readonly [number, number], count: number): number[] {
  if (count <= 1) return [start];
  const step = (end - start) / (count - 1);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? end : start + step * i));
}

/** Multipliers of a power of ten that make a round tick step. */
const ROUND_STEPS = [1, 2, 2.5, 3, 5] as const;

/** Removes floating-point noise (0.30000000000000004 → 0.3). */
const clean = (value: number): number => Number(value.toFixed(10));

/** True when `step` is a whole multiple of 10^-decimals (so labels with that many decimals are exact). */
function fitsDecimals(step: number, decimals: number): boolean {
  const scaled = step * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * Exactly `count` ticks at round values (steps of 1, 2, 2.5, 3 or 5 times a
 * power of ten, exact with `decimals` decimals) from a multiple of the step
 * at or below the domain's start to at or above its end, so that the axis
 * reads 30, 40, 50 instead of 38, 44, 50 (issue 26 §2). The graph's domain
 * becomes the first to the last tick.
 */
export function roundTicks(
  [start, end]: readonly [number, number],
  count: number,
  decimals = 2,
): number[] {
  if (count <= 1 || !(end > start)) return evenTicks([start, end], count);
  const raw = (end - start) / (count - 1);
  let power = 10 ** Math.floor(Math.log10(raw));
  for (let guard = 0; guard < 40; guard++) {
    for (const m of ROUND_STEPS) {
      const step = clean(m * power);
      if (step < raw - 1e-12 || !fitsDecimals(step, decimals)) continue;
      const first = clean(Math.floor(clean(start / step)) * step);
      if (clean(first + step * (count - 1)) >= end) {
        return Array.from({ length: count }, (_, i) => clean(first + step * i));
      }
    }
    power *= 10;
  }
  return evenTicks([start, end], count);
}

/** Embedding axis domain: min to max of the values, widened by 0.1 each way when all are equal. */
export function embeddingDomain(values: readonly number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 1];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  if (min === max) return [min - GRAPH.equalRangeWidening, max + GRAPH.equalRangeWidening];
  return [min, max];
}

/**
 * Evaluation (vertical) domain: min to max padded by 10 % of the spread (10 %
 * of the value when all are equal), the lower end floored at 0.
 */
export function evaluationDomain(values: readonly number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 100];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const spread = max - min;
  const pad =
    spread > 0 ? spread * GRAPH.evaluationPadding : Math.abs(max) * GRAPH.evaluationPadding || 1;
  return [Math.max(0, min - pad), max + pad];
}

/** True when a point is "reached" by the slider: iteration 0 and every iteration up to value + 1. */
export function isReached(iteration: number, sliderValue: number): boolean {
  return iteration === 0 || iteration <= sliderValue + 1;
}

/** Orange (#FB9205) for reached points, blue (#2196F3) for the rest. */
export function pointColor(iteration: number, sliderValue: number): string {
  return isReached(iteration, sliderValue) ? GRAPH.reachedColor : GRAPH.pendingColor;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * The k-th position (k ≥ 0) of a golden-angle spiral around `center`, with
 * radius growing as sqrt(k + 1) · step, so successive points never overlap.
 */
export function spiralPosition(
  k: number,
  center: { x: number; y: number },
  step: number,
): { x: number; y: number } {
  const r = step * Math.sqrt(k + 1);
  const a = k * GOLDEN_ANGLE;
  return { x: center.x + r * Math.cos(a), y: center.y + r * Math.sin(a) };
}

/**
 * Places every point on the embedding plane: points with finite coordinates
 * keep them, the others go on a spiral around the centre of the known points
 * (or of the unit square when none is known), in iteration order.
 */
export function placeEmbeddingPoints(points: readonly MaybeGraphPoint[]): GraphPoint[] {
  const known = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const xs = embeddingDomain(known.map((p) => p.x as number));
  const ys = embeddingDomain(known.map((p) => p.y as number));
  const center = { x: (xs[0] + xs[1]) / 2, y: (ys[0] + ys[1]) / 2 };
  const step = Math.max(xs[1] - xs[0], ys[1] - ys[0]) * 0.08;
  let k = 0;
  return points.map((p) => {
    const label = p.label === undefined ? {} : { label: p.label };
    if (Number.isFinite(p.x) && Number.isFinite(p.y)) {
      return { iteration: p.iteration, x: p.x as number, y: p.y as number, ...label };
    }
    const pos = spiralPosition(k++, center, step);
    return { iteration: p.iteration, ...pos, ...label };
  });
}

/** Two-decimal label of the embedding axes. */
export const formatEmbeddingTick = (value: number): string => value.toFixed(2);

/** Label of an evaluation tick: at most two decimals, trailing zeros dropped (0.25, 1.5, 38). */
export const formatEvaluationTick = (value: number): string => String(Number(value.toFixed(2)));

/** The first and last of a tick list as a domain. */
const tickDomain = (ticks: readonly number[]): [number, number] => [
  ticks[0] ?? 0,
  ticks[ticks.length - 1] ?? 1,
];

/** Embedding graph geometry: both axes with 6 round ticks labelled with 2 decimals. */
export function embeddingGeometry(points: readonly GraphPoint[], size: GraphSize): GraphGeometry {
  const xTicks = roundTicks(embeddingDomain(points.map((p) => p.x)), GRAPH.embeddingTicks);
  const yTicks = roundTicks(embeddingDomain(points.map((p) => p.y)), GRAPH.embeddingTicks);
  const xd = tickDomain(xTicks);
  const yd = tickDomain(yTicks);
  return {
    size,
    x: scaleLinear()
      .domain(xd)
      .range([size.padding, size.width - size.padding]),
    y: scaleLinear()
      .domain(yd)
      .range([size.height - size.padding, size.padding]),
    xTicks,
    yTicks,
    formatX: formatEmbeddingTick,
    formatY: formatEmbeddingTick,
  };
}

/**
 * Evaluation graph geometry: iterations on the horizontal axis (integer
 * ticks; at least 0..1), evaluation on the vertical axis with 5 round ticks
 * spanning the padded domain (floored at 0).
 */
export function evaluationGeometry(points: readonly GraphPoint[], size: GraphSize): GraphGeometry {
  const maxIteration = Math.max(1, ...points.map((p) => p.x));
  const yTicks = roundTicks(evaluationDomain(points.map((p) => p.y)), GRAPH.evaluationTicks);
  const yd = tickDomain(yTicks);
  const x = scaleLinear()
    .domain([0, maxIteration])
    .range([size.padding, size.width - size.padding]);
  const xTicks =
    maxIteration <= 12
      ? Array.from({ length: maxIteration + 1 }, (_, i) => i)
      : x.ticks(10).filter(Number.isInteger);
  return {
    size,
    x,
    y: scaleLinear()
      .domain(yd)
      .range([size.height - size.padding, size.padding]),
    xTicks,
    yTicks,
    formatX: (v) => String(v),
    formatY: formatEvaluationTick,
  };
}
