import { GRAPH } from "@promptune/contracts";
import { type KeyboardEvent, useState } from "react";
import { mergedLabels } from "./point-labels";
import { type GraphGeometry, type GraphPoint, pointColor } from "./scales";

/** Props of the SVG scatter plot shared by the Evaluation and Embedding graphs. */
export interface ScatterGraphProps {
  /** Accessible name of the figure. */
  title: string;
  geometry: GraphGeometry;
  points: readonly GraphPoint[];
  /** Selected slider value: points up to value + 1 (and iteration 0) are orange. */
  sliderValue: number;
  xLabel: string;
  yLabel: string;
  /** Joins the points in iteration order (evaluation over time). */
  connect?: boolean;
  /** How a point reads in its tooltip. */
  describePoint?(point: GraphPoint): string;
  /** Selects an iteration on the page (click or Enter on its point); iteration 0 is not selectable. */
  onSelectIteration?(iteration: number): void;
  /** The iteration selected on the page (its point is marked pressed). */
  selectedIteration?: number;
  testId?: string;
}

const axisColor = "var(--mantine-color-dimmed)";
const gridColor = "light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-4))";

/**
 * An SVG scatter plot with axes, grid, tick labels and coloured points. The
 * SVG scales with its container (viewBox), so a panel narrower than the
 * graph's size shrinks the drawing instead of overflowing. Hovering or
 * focusing a point shows its tooltip; clicking it (or Enter / Space) selects
 * its iteration on the page (issue 26 §2).
 */
export function ScatterGraph(props: ScatterGraphProps) {
  const { geometry: g, points, sliderValue, title } = props;
  const [active, setActive] = useState<number | null>(null);
  const { width, height, padding } = g.size;
  const sorted = [...points].sort((a, b) => a.iteration - b.iteration);
  const describe = props.describePoint ?? ((p: GraphPoint) => `Iteration ${p.iteration}`);
  const labels = mergedLabels(
    sorted.map((p) => ({
      iteration: p.iteration,
      ...(p.label !== undefined ? { label: p.label } : {}),
      cx: g.x(p.x),
      cy: g.y(p.y),
    })),
  );
  const tooltipPoint = sorted.find((p) => p.iteration === active);
  const left = padding;
  const right = width - padding;
  const top = padding;
  const bottom = height - padding;

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role={props.onSelectIteration ? "group" : "img"}
      aria-label={title}
      data-testid={props.testId}
      style={{
        width: "100%",
        maxWidth: width,
        height: "auto",
        display: "block",
        margin: "0 auto",
        overflow: "visible",
      }}
    >
      <title>{title}</title>
      <style>
        {
          ".graph-point-button:focus-visible .graph-point-body{stroke:var(--mantine-color-text);stroke-width:4}"
        }
      </style>
      {g.yTicks.map((t) => (
        <g key={`y${t}`}>
          <line x1={left} x2={right} y1={g.y(t)} y2={g.y(t)} stroke={gridColor} />
          <text
            x={left - 8}
            y={g.y(t)}
            textAnchor="end"
            dominantBaseline="middle"
            fontSize={11}
            fill={axisColor}
          >
            {g.formatY(t)}
          </text>
        </g>
      ))}
      {g.xTicks.map((t) => (
        <g key={`x${t}`}>
          <line x1={g.x(t)} x2={g.x(t)} y1={top} y2={bottom} stroke={gridColor} />
          <text x={g.x(t)} y={bottom + 16} textAnchor="middle" fontSize={11} fill={axisColor}>
            {g.formatX(t)}
          </text>
        </g>
      ))}
      <line x1={left} x2={right} y1={bottom} y2={bottom} stroke={axisColor} />
      <line x1={left} x2={left} y1={top} y2={bottom} stroke={axisColor} />
      <text
        x={(left + right) / 2}
        y={height - 6}
        textAnchor="middle"
        fontSize={12}
        fill={axisColor}
      >
        {props.xLabel}
      </text>
      <text x={left - 8} y={top - 24} textAnchor="start" fontSize={12} fill={axisColor}>
        {`↑ ${props.yLabel}`}
      </text>
      {props.connect && sorted.length > 1 && (
        <polyline
          points={sorted.map((p) => `${g.x(p.x)},${g.y(p.y)}`).join(" ")}
          fill="none"
          stroke={GRAPH.pendingColor}
          strokeOpacity={0.35}
          strokeWidth={2}
        />
      )}
      {sorted.map((p) => {
        const color = pointColor(p.iteration, sliderValue);
        const selectable = props.onSelectIteration !== undefined && p.iteration > 0;
        const select = () => props.onSelectIteration?.(p.iteration);
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: the point has the role button (selectable) or img; hovering only shows its tooltip
          <g
            key={p.iteration}
            data-testid="graph-point"
            data-iteration={p.iteration}
            data-color={color}
            role={selectable ? "button" : "img"}
            aria-label={
              selectable ? `${describe(p)}. Select iteration ${p.iteration}` : describe(p)
            }
            {...(selectable
              ? {
                  tabIndex: 0,
                  "aria-pressed": p.iteration === props.selectedIteration,
                  onClick: select,
                  onKeyDown: (e: KeyboardEvent<SVGGElement>) => {
                    if (e.key === "Enter" || e.key === " ") {
                      e.preventDefault();
                      select();
                    }
                  },
                  onFocus: () => setActive(p.iteration),
                  onBlur: () => setActive((a) => (a === p.iteration ? null : a)),
                  className: "graph-point-button",
                  style: { cursor: "pointer", outline: "none" },
                }
              : {})}
            onMouseEnter={() => setActive(p.iteration)}
            onMouseLeave={() => setActive((a) => (a === p.iteration ? null : a))}
          >
            {p.interval && <ErrorBar x={g.x(p.x)} interval={p.interval} g={g} />}
            <circle cx={g.x(p.x)} cy={g.y(p.y)} r={12} fill="transparent" />
            <circle
              className="graph-point-body"
              cx={g.x(p.x)}
              cy={g.y(p.y)}
              r={7}
              fill={color}
              stroke={
                p.iteration === props.selectedIteration && selectable
                  ? "var(--mantine-color-text)"
                  : "var(--mantine-color-body)"
              }
              strokeWidth={2}
            >
              <title>{describe(p)}</title>
            </circle>
            {labels.get(p.iteration) !== null && (
              <text
                x={g.x(p.x)}
                y={g.y(p.y) - 11}
                textAnchor="middle"
                fontSize={10}
                fontWeight={600}
                fill={axisColor}
                data-testid="graph-point-label"
              >
                {labels.get(p.iteration) ?? p.label ?? p.iteration}
              </text>
            )}
          </g>
        );
      })}
      {tooltipPoint && <Tooltip point={tooltipPoint} text={describe(tooltipPoint)} g={g} />}
    </svg>
  );
}

/** Approximate width of one tooltip character at font size 11 (SVG text cannot be measured before drawing). */
const TOOLTIP_CHAR_PX = 6.1;

/** The hovered or focused point's description in a box above it, kept inside the drawing. */
function Tooltip({ point, text, g }: { point: GraphPoint; text: string; g: GraphGeometry }) {
  const boxWidth = text.length * TOOLTIP_CHAR_PX + 16;
  const cx = g.x(point.x);
  const cy = g.y(point.y);
  const x = Math.max(0, Math.min(g.size.width - boxWidth, cx - boxWidth / 2));
  const above = cy - 44 >= 0;
  const y = above ? cy - 44 : cy + 14;
  return (
    <g data-testid="graph-tooltip" pointerEvents="none">
      <rect
        x={x}
        y={y}
        width={boxWidth}
        height={24}
        rx={4}
        fill="var(--mantine-color-body)"
        stroke="var(--mantine-color-default-border)"
      />
      <text x={x + 8} y={y + 16} fontSize={11} fill="var(--mantine-color-text)">
        {text}
      </text>
    </g>
  );
}

/** A vertical error bar clipped to the plot; an end inside the plot gets a cap. */
function ErrorBar({
  x,
  interval,
  g,
}: {
  x: number;
  interval: { low: number; high: number };
  g: GraphGeometry;
}) {
  const [lo, hi] = g.y.domain() as [number, number];
  const low = Math.max(lo, Math.min(hi, interval.low));
  const high = Math.max(lo, Math.min(hi, interval.high));
  const cap = (v: number, clipped: boolean) =>
    clipped ? null : <line x1={x - 5} x2={x + 5} y1={g.y(v)} y2={g.y(v)} />;
  return (
    <g stroke={GRAPH.pendingColor} strokeWidth={1.5} data-testid="graph-error-bar">
      <line x1={x} x2={x} y1={g.y(low)} y2={g.y(high)} />
      {cap(low, low !== interval.low)}
      {cap(high, high !== interval.high)}
    </g>
  );
}
