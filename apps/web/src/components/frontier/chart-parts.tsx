/** The static parts of the "Cost vs quality" chart: axes with grid and ticks, and the legend. */
import { Group, Text } from "@mantine/core";
import { GRAPH } from "@promptune/contracts";
import type { ReactNode } from "react";
import type { FrontierGeometry } from "./geometry";

export const axisColor = "var(--mantine-color-dimmed)";
const gridColor = "light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-4))";
export const recommendedColor = "var(--mantine-color-green-7)";
export const otherColor = "var(--mantine-color-gray-5)";

/** Grid, tick labels and axis titles of the chart. */
export function Axes({ g }: { g: FrontierGeometry }) {
  return (
    <g>
      {g.yTicks.map((t) => (
        <g key={`y${t.value}`}>
          <line x1={g.left} x2={g.right} y1={t.at} y2={t.at} stroke={gridColor} />
          <text
            x={g.left - 6}
            y={t.at}
            textAnchor="end"
            dominantBaseline="middle"
            fontSize={11}
            fill={axisColor}
          >
            {t.label}
          </text>
        </g>
      ))}
      {g.xTicks.map((t) => (
        <g key={`x${t.value}`} data-testid="frontier-x-tick">
          <line x1={t.at} x2={t.at} y1={g.top} y2={g.bottom} stroke={gridColor} />
          <text x={t.at} y={g.bottom + 15} textAnchor="middle" fontSize={11} fill={axisColor}>
            {t.label}
          </text>
        </g>
      ))}
      <line x1={g.left} x2={g.right} y1={g.bottom} y2={g.bottom} stroke={axisColor} />
      <line x1={g.left} x2={g.left} y1={g.top} y2={g.bottom} stroke={axisColor} />
      <text
        x={(g.left + g.right) / 2}
        y={g.size.height - 8}
        textAnchor="middle"
        fontSize={12}
        fill={axisColor}
      >
        Cost per 1,000 replies (log scale)
      </text>
      <text x={4} y={12} fontSize={12} fill={axisColor}>
        ↑ Validation score
      </text>
    </g>
  );
}

/** What the chart's marks mean. */
export function Legend() {
  const item = (mark: ReactNode, label: string) => (
    <Group gap={4} wrap="nowrap">
      <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true">
        {mark}
      </svg>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
  return (
    <Group gap="md" mt={4} data-testid="frontier-legend">
      {item(
        <rect
          x={3}
          y={3}
          width={10}
          height={10}
          transform="rotate(45 8 8)"
          fill={recommendedColor}
        />,
        "recommended",
      )}
      {item(<circle cx={8} cy={8} r={5} fill={GRAPH.pendingColor} />, "on the frontier")}
      {item(<circle cx={8} cy={8} r={5} fill={otherColor} />, "beaten on cost or score")}
      {item(
        <circle
          cx={8}
          cy={8}
          r={6}
          fill="none"
          stroke="var(--mantine-color-text)"
          strokeWidth={2}
        />,
        "in use",
      )}
    </Group>
  );
}
