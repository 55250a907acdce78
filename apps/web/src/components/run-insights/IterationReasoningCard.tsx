import { Badge, Code, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { IterationReasoning } from "@promptune/contracts";
import { percent } from "../../run/score";
import { OUTCOME_LABELS, outcomeReason, proposalKindLabel } from "./outcome";

const ids = (xs: readonly string[]) => (xs.length ? xs.join(", ") : "—");

/** One iteration's reasoning: parent, rationale, and every proposal with its outcome and why. */
export function IterationReasoningCard({ it }: { it: IterationReasoning }) {
  const accepted = it.proposals.find((p) => p.outcome === "accepted");
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`reasoning-iteration-${it.iteration}`}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>Iteration {it.iteration}</Text>
          {it.iteration === 0 ? (
            <Badge color="gray.8" tt="none">
              initial configuration
            </Badge>
          ) : it.accepted ? (
            <Badge color="#1e6b2f" tt="none">
              accepted
            </Badge>
          ) : (
            <Badge color="gray.8" tt="none">
              nothing accepted — iteration {it.candidate_iteration} carried forward
            </Badge>
          )}
          <Badge variant="light" tt="none">
            Validation {percent(it.validation_score)}
            {it.validation_interval
              ? ` (95% ${percent(it.validation_interval.low)}–${percent(it.validation_interval.high)})`
              : ""}
          </Badge>
        </Group>
        {it.iteration > 0 && it.accepted && (
          <Text size="sm">
            From parent: {it.parent === 0 ? "the initial configuration" : `iteration ${it.parent}`}
            {it.component ? ` · changed: ${it.component}` : ""}
          </Text>
        )}
        {it.iteration > 0 && it.accepted && it.rationale && (
          <Text size="sm" data-testid="reasoning-rationale">
            <Text span fw={600}>
              Reflection's rationale:{" "}
            </Text>
            {it.rationale}
          </Text>
        )}
        {accepted && (
          <Text size="sm">
            <Text span fw={600}>
              Reflected on:{" "}
            </Text>
            <Code>{ids(accepted.reflected_on)}</Code>
          </Text>
        )}
        {it.iteration > 0 && it.proposals.length === 0 && (
          <Text size="sm" c="dimmed">
            No proposal was recorded for this iteration.
          </Text>
        )}
        {it.proposals.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table fz="sm" withTableBorder striped data-testid="reasoning-proposals">
              <Table.Caption>Proposals tried in iteration {it.iteration}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Kind and parent</Table.Th>
                  <Table.Th>Minibatch</Table.Th>
                  <Table.Th>Outcome and why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {it.proposals
                  .map((p, position) => ({ p, n: position + 1 }))
                  .map(({ p, n }) => (
                    <Table.Tr key={n} data-outcome={p.outcome}>
                      <Table.Td>{n}</Table.Td>
                      <Table.Td>
                        {proposalKindLabel(p)}
                        {p.component ? ` · ${p.component}` : ""}
                      </Table.Td>
                      <Table.Td>
                        <Code>{ids(p.minibatch)}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {OUTCOME_LABELS[p.outcome]}
                        </Text>
                        <Text size="sm">{outcomeReason(p)}</Text>
                        {p.outcome !== "accepted" && p.rationale && (
                          <Text size="xs" c="dimmed">
                            Rationale: {p.rationale}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
