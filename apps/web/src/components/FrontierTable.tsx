import { Badge, Card, Stack, Table, Text, Title } from "@mantine/core";
import { type FrontierPoint, formatUsd, frontierSummary } from "@promptune/contracts";
import type { ReactNode } from "react";

const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;

/**
 * "Cost vs quality": every configuration the run measured (cheapest first)
 * with its validation score, 95 % interval, cost of 1,000 replies and calls
 * per reply, the recommended one marked, and the one-sentence summary;
 * `action` adds a last column (e.g. 'Deploy to after-bot' per point).
 */
export function FrontierTable({
  frontier,
  action,
}: {
  frontier: readonly FrontierPoint[];
  action?: (point: FrontierPoint, index: number) => ReactNode;
}) {
  const summary = frontierSummary(frontier);
  return (
    <Card data-testid="frontier-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Cost vs quality
        </Title>
        {summary && (
          <Text size="sm" data-testid="frontier-summary">
            {summary}
          </Text>
        )}
        <Table striped withTableBorder data-testid="frontier-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Model</Table.Th>
              <Table.Th>Temperature</Table.Th>
              <Table.Th>Score (95 % interval)</Table.Th>
              <Table.Th>Cost per 1,000 replies</Table.Th>
              <Table.Th>Calls per reply</Table.Th>
              <Table.Th>Held-out</Table.Th>
              {action && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {frontier.map((p, index) => (
              <Table.Tr key={`${p.model_name}-${p.temperature}-${p.prompt.length}-${p.score}`}>
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
                {action && <Table.Td>{action(p, index)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
