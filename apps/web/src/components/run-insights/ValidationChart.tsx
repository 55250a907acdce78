import { Box, Button, Table, Text, VisuallyHidden } from "@mantine/core";
import type { IterationReasoning } from "@promptune/contracts";
import { scaleLinear } from "d3-scale";
import { useState } from "react";
import { percent } from "../../run/score";

const WIDTH = 460;
const HEIGHT = 240;
const PAD = { left: 44, right: 16, top: 16, bottom: 36 };

/** Y range in percent: the intervals' extent padded and rounded to tens, within 0–100. */
export function percentDomain(iterations: readonly IterationReasoning[]): [number, number] {
  const lows = iterations.map((i) => (i.validation_interval?.low ?? i.validation_score) * 100);
  const highs = iterations.map((i) => (i.validation_interval?.high ?? i.validation_score) * 100);
  const lo = Math.max(0, Math.floor((Math.min(...lows, 100) - 5) / 10) * 10);
  const hi = Math.min(100, Math.ceil((Math.max(...highs, 0) + 5) / 10) * 10);
  return hi > lo ? [lo, hi] : [0, 100];
}

/** Accessible summary of one iteration's point. */
export function describeIteration(i: IterationReasoning): string {
  const interval = i.validation_interval
    ? `, 95% interval ${percent(i.validation_interval.low)} to ${percent(i.validation_interval.high)} over ${i.validation_interval.examples} examples`
    : "";
  const state = i.iteration === 0 ? "initial" : i.accepted ? "accepted" : "nothing accepted";
  return `Iteration ${i.iteration} (${state}): validation ${percent(i.validation_score)}${interval}`;
}

/**
 * Validation score per iteration with its 95 % interval as error bars, a
 * tooltip on every point (hover or keyboard focus), click or Enter to
 * select an iteration, round tick values, and the same numbers as a table
 * (always available to screen readers, shown on request).
 */
export function ValidationChart({
  iterations,
  selected,
  onSelect,
}: {
  iterations: readonly IterationReasoning[];
  selected: number | null;
  onSelect(iteration: number): void;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const [table, setTable] = useState(false);
  if (iterations.length === 0) return null;
  const last = Math.max(1, ...iterations.map((i) => i.iteration));
  const x = scaleLinear()
    .domain([0, last])
    .range([PAD.left, WIDTH - PAD.right]);
  const y = scaleLinear()
    .domain(percentDomain(iterations))
    .range([HEIGHT - PAD.bottom, PAD.top])
    .nice();
  const xTicks = x.ticks(Math.min(last, 10)).filter((t) => Number.isInteger(t));
  const yTicks = y.ticks(5);
  const shown = hover ?? selected;
  const tip = iterations.find((i) => i.iteration === shown);
  const path = iterations
    .map((i, k) => `${k === 0 ? "M" : "L"}${x(i.iteration)},${y(i.validation_score * 100)}`)
    .join(" ");

  const rows = (
    <Table striped withTableBorder fz="sm" data-testid="validation-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Iteration</Table.Th>
          <Table.Th>Validation</Table.Th>
          <Table.Th>95% interval</Table.Th>
          <Table.Th>Accepted</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {iterations.map((i) => (
          <Table.Tr key={i.iteration}>
            <Table.Td>{i.iteration}</Table.Td>
            <Table.Td>{percent(i.validation_score)}</Table.Td>
            <Table.Td>
              {i.validation_interval
                ? `${percent(i.validation_interval.low)} – ${percent(i.validation_interval.high)}`
                : "—"}
            </Table.Td>
            <Table.Td>{i.iteration === 0 ? "initial" : i.accepted ? "yes" : "no"}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Box data-testid="validation-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        style={{ width: "100%", maxWidth: WIDTH, height: "auto", display: "block" }}
        aria-label="Validation score by iteration with 95% intervals"
      >
        <title>Validation score by iteration with 95% intervals</title>
        {yTicks.map((t) => (
          <g key={`y${t}`}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(t)}
              y2={y(t)}
              stroke="var(--mantine-color-default-border)"
            />
            <text
              x={PAD.left - 6}
              y={y(t)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={11}
              fill="currentColor"
            >
              {`${Math.round(t)}%`}
            </text>
          </g>
        ))}
        {xTicks.map((t) => (
          <text
            key={`x${t}`}
            x={x(t)}
            y={HEIGHT - PAD.bottom + 16}
            textAnchor="middle"
            fontSize={11}
            fill="currentColor"
          >
            {t}
          </text>
        ))}
        <text
          x={(PAD.left + WIDTH - PAD.right) / 2}
          y={HEIGHT - 4}
          textAnchor="middle"
          fontSize={11}
          fill="currentColor"
        >
          Iteration
        </text>
        <path d={path} fill="none" stroke="#FB9205" strokeWidth={1.5} />
        {iterations.map((i) => {
          const cx = x(i.iteration);
          const cy = y(i.validation_score * 100);
          const iv = i.validation_interval;
          const active = i.iteration === shown;
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG point cannot be a <button>; it has the role, focus and keys of one
            <g
              key={i.iteration}
              role="button"
              tabIndex={0}
              aria-label={describeIteration(i)}
              aria-pressed={i.iteration === selected}
              data-testid={`validation-point-${i.iteration}`}
              style={{ cursor: "pointer", outline: "none" }}
              onMouseEnter={() => setHover(i.iteration)}
              onMouseLeave={() => setHover(null)}
              onFocus={() => setHover(i.iteration)}
              onBlur={() => setHover(null)}
              onClick={() => onSelect(i.iteration)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  onSelect(i.iteration);
                }
              }}
            >
              <title>{describeIteration(i)}</title>
              {iv && (
                <g stroke="#2196F3" strokeWidth={1.5} data-testid="error-bar">
                  <line x1={cx} x2={cx} y1={y(iv.low * 100)} y2={y(iv.high * 100)} />
                  <line x1={cx - 4} x2={cx + 4} y1={y(iv.low * 100)} y2={y(iv.low * 100)} />
                  <line x1={cx - 4} x2={cx + 4} y1={y(iv.high * 100)} y2={y(iv.high * 100)} />
                </g>
              )}
              <circle cx={cx} cy={cy} r={12} fill="transparent" />
              <circle
                cx={cx}
                cy={cy}
                r={active ? 6 : 4.5}
                fill={i.iteration === selected ? "#FB9205" : "var(--mantine-color-body)"}
                stroke="#FB9205"
                strokeWidth={2}
              />
            </g>
          );
        })}
      </svg>
      <Text size="sm" mih={22} data-testid="validation-tooltip">
        {tip ? describeIteration(tip) : "Hover, focus or click a point for its numbers."}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setTable((v) => !v)}
        aria-expanded={table}
      >
        {table ? "Hide table" : "Show as table"}
      </Button>
      {table ? rows : <VisuallyHidden>{rows}</VisuallyHidden>}
    </Box>
  );
}
