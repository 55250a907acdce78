import { type FrontierPoint, formatUsd, GRAPH } from "@promptune/contracts";
import { type KeyboardEvent, useState } from "react";
import { useWindowWidth } from "../graphs/useWindowWidth";
import { Axes, Legend, otherColor, recommendedColor } from "./chart-parts";
import {
  type FrontierGeometry,
  frontierGeometry,
  frontierSizeFor,
  pointPositions,
} from "./geometry";

const pct = (x: number) => `${Math.round(x * 100)} %`;

/** The lines of a point's tooltip (and, joined, its accessible name). */
export function describeFrontierPoint(p: FrontierPoint): string[] {
  const plusMinus = Math.round(((p.ci_high - p.ci_low) / 2) * 100);
  return [
    `${p.model_name} at temperature ${p.temperature.toFixed(2)}${p.recommended ? " (recommended)" : ""}`,
    `Score ${pct(p.score)} ± ${plusMinus} (${pct(p.ci_low)}–${pct(p.ci_high)})`,
    `${formatUsd(p.cost_per_1k_usd)} per 1,000 replies · ${p.calls_per_reply} calls per reply`,
  ];
}

/** Props of the chart. */
export interface FrontierChartProps {
  frontier: readonly FrontierPoint[];
  /** Index of the chosen point (marked), -1 for none. */
  chosen: number;
  /** Chooses a point (click, Enter or Space). */
  onSelect(index: number): void;
}

/**
 * "Cost vs quality" chart (issue 24): every measured configuration at its
 * cost of 1,000 replies (log scale; $0 at the left edge) and validation
 * score with its 95 % interval, the frontier line joining the points no
 * other beats, the recommended point a diamond, the chosen one ringed.
 * Points are buttons: hover or focus shows the tooltip, click or Enter /
 * Space chooses the configuration. The SVG scales to its container.
 */
export function FrontierChart({ frontier, chosen, onSelect }: FrontierChartProps) {
  const size = frontierSizeFor(useWindowWidth());
  const g = frontierGeometry(frontier, size);
  const [active, setActive] = useState<number | null>(null);
  const at = pointPositions(frontier, g);
  const line = frontier
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.on_frontier)
    .sort((a, b) => a.p.cost_per_1k_usd - b.p.cost_per_1k_usd);
  const activePoint = active === null ? undefined : frontier[active];
  return (
    <div data-testid="frontier-chart-box">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG drawing groups its point buttons; a fieldset cannot hold SVG */}
      <svg
        viewBox={`0 0 ${size.width} ${size.height}`}
        role="group"
        aria-label="Cost vs quality chart: validation score against cost per 1,000 replies"
        data-testid="frontier-chart"
        style={{ width: "100%", maxWidth: size.width, height: "auto", display: "block" }}
      >
        <style>
          {
            ".frontier-point:focus-visible .frontier-mark{stroke:var(--mantine-color-text);stroke-width:3}"
          }
        </style>
        <Axes g={g} />
        {line.length > 1 && (
          <polyline
            data-testid="frontier-line"
            points={line.map(({ i }) => `${at[i]?.x},${at[i]?.y}`).join(" ")}
            fill="none"
            stroke={GRAPH.pendingColor}
            strokeWidth={2}
            strokeOpacity={0.6}
          />
        )}
        {frontier.map((p, i) => {
          const select = () => onSelect(i);
          const cx = at[i]?.x ?? g.x(p.cost_per_1k_usd);
          const cy = at[i]?.y ?? g.y(p.score);
          const color = p.recommended
            ? recommendedColor
            : p.on_frontier
              ? GRAPH.pendingColor
              : otherColor;
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG point cannot be an HTML button
            <g
              // biome-ignore lint/suspicious/noArrayIndexKey: the frontier's order is fixed for a run
              key={i}
              className="frontier-point"
              data-testid="frontier-point"
              data-index={i}
              data-model={p.model_name}
              data-temperature={p.temperature}
              data-recommended={p.recommended || undefined}
              data-chosen={i === chosen || undefined}
              role="button"
              tabIndex={0}
              aria-pressed={i === chosen}
              aria-label={`${describeFrontierPoint(p).join(". ")}. Use this configuration`}
              style={{ cursor: "pointer", outline: "none" }}
              onClick={select}
              onKeyDown={(e: KeyboardEvent<SVGGElement>) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  select();
                }
              }}
              onFocus={() => setActive(i)}
              onBlur={() => setActive((a) => (a === i ? null : a))}
              onMouseEnter={() => setActive(i)}
              onMouseLeave={() => setActive((a) => (a === i ? null : a))}
            >
              <g stroke={color} strokeWidth={1.5} data-testid="frontier-interval">
                <line x1={cx} x2={cx} y1={g.y(p.ci_low)} y2={g.y(p.ci_high)} />
                <line x1={cx - 4} x2={cx + 4} y1={g.y(p.ci_low)} y2={g.y(p.ci_low)} />
                <line x1={cx - 4} x2={cx + 4} y1={g.y(p.ci_high)} y2={g.y(p.ci_high)} />
              </g>
              <circle cx={cx} cy={cy} r={14} fill="transparent" />
              {i === chosen && (
                <circle
                  data-testid="frontier-chosen-ring"
                  cx={cx}
                  cy={cy}
                  r={11}
                  fill="none"
                  stroke="var(--mantine-color-text)"
                  strokeWidth={2}
                />
              )}
              <Mark recommended={p.recommended} x={cx} y={cy} color={color} />
            </g>
          );
        })}
        {activePoint && active !== null && (
          <Tooltip point={activePoint} at={at[active] ?? { x: 0, y: 0 }} g={g} />
        )}
      </svg>
      <Legend />
    </div>
  );
}

/** A point's mark: a diamond for the recommended point, else a dot. */
function Mark({
  recommended,
  x,
  y,
  color,
}: {
  recommended: boolean;
  x: number;
  y: number;
  color: string;
}) {
  if (recommended)
    return (
      <rect
        className="frontier-mark"
        data-testid="frontier-recommended-mark"
        x={x - 6}
        y={y - 6}
        width={12}
        height={12}
        transform={`rotate(45 ${x} ${y})`}
        fill={color}
        stroke="var(--mantine-color-body)"
        strokeWidth={1.5}
      />
    );
  return (
    <circle
      className="frontier-mark"
      cx={x}
      cy={y}
      r={6}
      fill={color}
      stroke="var(--mantine-color-body)"
      strokeWidth={1.5}
    />
  );
}

/** Approximate width of one tooltip character at font size 11. */
const CHAR_PX = 6;

/** The hovered or focused point's tooltip, kept inside the drawing. */
function Tooltip({
  point,
  at,
  g,
}: {
  point: FrontierPoint;
  at: { x: number; y: number };
  g: FrontierGeometry;
}) {
  const lines = describeFrontierPoint(point);
  const width = Math.min(g.size.width, Math.max(...lines.map((l) => l.length)) * CHAR_PX + 16);
  const height = lines.length * 15 + 10;
  const cx = at.x;
  const cy = at.y;
  const x = Math.max(0, Math.min(g.size.width - width, cx - width / 2));
  const y = cy - height - 14 >= 0 ? cy - height - 14 : Math.min(g.size.height - height, cy + 14);
  return (
    <g data-testid="frontier-tooltip" pointerEvents="none">
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={4}
        fill="var(--mantine-color-body)"
        stroke="var(--mantine-color-default-border)"
      />
      {lines.map((l, i) => (
        <text key={l} x={x + 8} y={y + 17 + i * 15} fontSize={11} fill="var(--mantine-color-text)">
          {l}
        </text>
      ))}
    </g>
  );
}
