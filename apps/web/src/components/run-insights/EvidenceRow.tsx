import {
  Badge,
  Button,
  Collapse,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import type { EvidenceStatus, EvidenceRow as Row } from "@promptune/contracts";
import { useState } from "react";
import { percent } from "../../run/score";
import { EvidenceAnswer } from "./EvidenceAnswer";

/** Label and colour of each status (fills dark enough for white text at 4.5:1). */
export const STATUS_LOOK: Record<EvidenceStatus, { label: string; color: string }> = {
  fixed: { label: "Fixed", color: "#1e6b2f" },
  broken: { label: "Broken", color: "red.9" },
  both_pass: { label: "Both pass", color: "teal.9" },
  both_fail: { label: "Both fail", color: "gray.8" },
};

/** A score change in points with its sign (+12.5 pts). */
export function pointsChange(change: number): string {
  const points = Math.round(change * 1000) / 10;
  return `${points > 0 ? "+" : points < 0 ? "−" : "±"}${Math.abs(points).toFixed(1)} pts`;
}

/** "2/3": rubric items met out of all. */
function metCount(items: readonly { met: boolean }[]): string {
  return `${items.filter((i) => i.met).length}/${items.length}`;
}

/** One example of the grid: a summary line, and on demand its input and both answers. */
export function EvidenceRow({ row, a, b }: { row: Row; a: string; b: string }) {
  const [open, setOpen] = useState(false);
  const look = STATUS_LOOK[row.status];
  return (
    <Paper withBorder p="sm" radius="md" data-testid="evidence-row" data-status={row.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" ff="monospace" style={{ wordBreak: "break-all" }}>
            {row.example_id}
          </Text>
          <Badge color={row.split === "test" ? "violet.9" : "indigo.9"} tt="none">
            {row.split === "test" ? "Held-out test" : "Validation"}
          </Badge>
          <Badge color={look.color} tt="none" data-testid="evidence-status">
            {look.label}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" data-testid="evidence-scores">
            A {percent(row.a.score)} → B {percent(row.b.score)} ({pointsChange(row.change)})
          </Text>
          {row.a.rubric_items?.length && row.b.rubric_items?.length ? (
            <Text size="sm" c="dimmed" data-testid="evidence-rubric-met">
              {`Rubric: A ${metCount(row.a.rubric_items)} → B ${metCount(row.b.rubric_items)} met`}
            </Text>
          ) : null}
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-label={`${open ? "Hide" : "Show"} details of ${row.example_id}`}
          >
            {open ? "Hide" : "Details"}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" lineClamp={open ? undefined : 1} mt={4}>
        {row.dialog.at(-1)?.content}
      </Text>
      <Collapse expanded={open}>
        <Stack gap="sm" mt="sm" data-testid="evidence-details">
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Conversation
            </Text>
            {row.dialog
              .map((turn, position) => ({ ...turn, position }))
              .map((turn) => (
                <Text key={turn.position} size="sm" style={{ whiteSpace: "pre-wrap" }}>
                  <Text span fw={600}>
                    {turn.type === "human" ? "User" : "Assistant"}:{" "}
                  </Text>
                  {turn.content}
                </Text>
              ))}
          </Stack>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            <Text span fw={600}>
              Reference:{" "}
            </Text>
            {row.reference}
          </Text>
          {row.rubric.length > 0 && (
            <div>
              <Text fw={600} size="sm">
                Rubric
              </Text>
              <List size="sm">
                {row.rubric.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </div>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <EvidenceAnswer label={`A · ${a}`} answer={row.a} testId="evidence-answer-a" />
            <EvidenceAnswer label={`B · ${b}`} answer={row.b} testId="evidence-answer-b" />
          </SimpleGrid>
        </Stack>
      </Collapse>
    </Paper>
  );
}
