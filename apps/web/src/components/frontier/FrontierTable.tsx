import { Badge, Button, Group, Table } from "@mantine/core";
import { type FrontierPoint, formatUsd } from "@promptune/contracts";
import type { ReactNode } from "react";

const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;

/**
 * The "Cost vs quality" table: every configuration the run measured
 * (cheapest first) with its validation score, 95 % interval, cost of 1,000
 * replies, calls per reply and held-out score, the recommended one marked,
 * and per row 'Use this configuration' (the chosen row says "In use").
 * `action` adds more per row (e.g. 'Deploy to after-bot' for that point).
 */
export function FrontierTable({
  frontier,
  chosen,
  onSelect,
  action,
}: {
  frontier: readonly FrontierPoint[];
  chosen: number;
  onSelect(index: number): void;
  action?: FrontierAction | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped withTableBorder data-testid="frontier-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Model</Table.Th>
            <Table.Th>Temperature</Table.Th>
            <Table.Th>Score (95 % interval)</Table.Th>
            <Table.Th>Cost per 1,000 replies</Table.Th>
            <Table.Th>Calls per reply</Table.Th>
            <Table.Th>Held-out</Table.Th>
            <Table.Th>Configuration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {frontier.map((p, i) => (
            <Table.Tr
              // biome-ignore lint/suspicious/noArrayIndexKey: the frontier's order is fixed for a run
              key={i}
              data-testid="frontier-row"
              data-chosen={i === chosen || undefined}
              bg={i === chosen ? "var(--mantine-primary-color-light)" : undefined}
            >
              <Table.Td>
                {p.model_name}{" "}
                {p.recommended && (
                  <Badge size="sm" color="green">
                    recommended
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{p.temperature.toFixed(2)}</Table.Td>
              <Table.Td>
                {pct(p.score)} ({pct(p.ci_low)} – {pct(p.ci_high)})
              </Table.Td>
              <Table.Td>{formatUsd(p.cost_per_1k_usd)}</Table.Td>
              <Table.Td>{p.calls_per_reply}</Table.Td>
              <Table.Td>
                {p.test_score === null || p.test_score === undefined ? "—" : pct(p.test_score)}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {i === chosen ? (
                    <Badge size="sm" variant="outline" data-testid="frontier-in-use">
                      In use
                    </Badge>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => onSelect(i)}
                      aria-label={`Use ${p.model_name} at temperature ${p.temperature.toFixed(2)}`}
                    >
                      Use this configuration
                    </Button>
                  )}
                  {action?.(p, i)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** More per-row controls of the frontier table, for point `index`. */
export type FrontierAction = (point: FrontierPoint, index: number) => ReactNode;
