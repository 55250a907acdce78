import { GRAPH } from "@promptune/contracts";
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
  testId?: string;
}

const axisColor = "var(--mantine-color-dimmed)";
const gridColor = "light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-4))";

/**
 * An SVG scatter plot with axes, grid, tick labels and coloured points. The
 * SVG scales with its container (viewBox), so a panel narrower than the
 * graph's size shrinks the drawing instead of overflowing.
 */
export function ScatterGraph(props: ScatterGraphProps) {
  const { geometry: g, points, sliderValue, title } = props;
  const { width, height, padding } = g.size;
  const sorted = [...points].sort((a, b) => a.iteration - b.iteration);
  const describe = props.describePoint ?? ((p: GraphPoint) => `Iteration ${p.iteration}`);
  const left = padding;
  const right = width - padding;
  const top = padding;
  const bottom = height - padding;

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
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
        return (
          <g
            key={p.iteration}
            data-testid="graph-point"
            data-iteration={p.iteration}
            data-color={color}
          >
            <circle
              cx={g.x(p.x)}
              cy={g.y(p.y)}
              r={7}
              fill={color}
              stroke="var(--mantine-color-body)"
              strokeWidth={2}
            >
              <title>{describe(p)}</title>
            </circle>
            <text
              x={g.x(p.x)}
              y={g.y(p.y) - 11}
              textAnchor="middle"
              fontSize={10}
              fontWeight={600}
              fill={axisColor}
            >
              {p.label ?? p.iteration}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
