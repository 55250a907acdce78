import { Badge, Box, Button, Collapse, Group, List, Stack, Text } from "@mantine/core";
import type { EvidenceAnswer as Answer, RubricItemVerdict } from "@promptune/contracts";
import { useState } from "react";
import { percent } from "../../run/score";

/** "2 of 3 rubric items met" for a judge's per-item verdicts. */
export function rubricMetSummary(items: readonly RubricItemVerdict[]): string {
  const met = items.filter((i) => i.met).length;
  return `${met} of ${items.length} rubric item${items.length === 1 ? "" : "s"} met`;
}

/** The judge's verdict on each rubric item as a checklist (met ✓, not met ✗). */
function RubricChecklist({
  items,
  testId,
}: {
  items: readonly RubricItemVerdict[];
  testId: string;
}) {
  return (
    <div>
      <Text size="sm" fw={600} id={`${testId}-rubric-title`}>
        {rubricMetSummary(items)}
      </Text>
      <List
        size="sm"
        listStyleType="none"
        spacing={2}
        aria-labelledby={`${testId}-rubric-title`}
        data-testid={`${testId}-rubric`}
      >
        {items.map((i, position) => (
          <List.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: rubric items may repeat; their position is their identity
            key={position}
            data-met={i.met}
          >
            <Text span fw={700} c={i.met ? "#1e6b2f" : "red.9"} aria-hidden="true">
              {i.met ? "✓ " : "✗ "}
            </Text>
            <Text span>{i.item}</Text>
            <Text span c="dimmed">
              {i.met ? " — met" : " — not met"}
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/**
 * One configuration's answer to an example: score, the judge's checklist of
 * rubric items (when it gave one), its feedback, the reply and (multi-agent)
 * the reasoning trace.
 */
export function EvidenceAnswer({
  label,
  answer,
  testId,
}: {
  label: string;
  answer: Answer;
  testId: string;
}) {
  const [trace, setTrace] = useState(false);
  return (
    <Stack gap={6} data-testid={testId}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Badge color={answer.passed ? "#1e6b2f" : "red.9"} tt="none">
          {percent(answer.score)} · {answer.passed ? "pass" : "fail"}
        </Badge>
      </Group>
      <Box
        component="pre"
        m={0}
        p="xs"
        fz="sm"
        style={{
          whiteSpace: "pre-wrap",
          wordBreak: "break-word",
          fontFamily: "inherit",
          background: "var(--mantine-color-default-hover)",
          borderRadius: "var(--mantine-radius-sm)",
        }}
      >
        {answer.reply || "—"}
      </Box>
      {answer.rubric_items && answer.rubric_items.length > 0 && (
        <RubricChecklist items={answer.rubric_items} testId={testId} />
      )}
      <Text size="sm">
        <Text span fw={600}>
          Judge feedback:{" "}
        </Text>
        {answer.feedback || "—"}
      </Text>
      {answer.trace && (
        <>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setTrace((v) => !v)}
            aria-expanded={trace}
            w="fit-content"
          >
            {trace ? "Hide" : "Show"} reasoning trace
          </Button>
          <Collapse expanded={trace}>
            <Box
              component="pre"
              m={0}
              p="xs"
              fz="xs"
              data-testid={`${testId}-trace`}
              style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}
            >
              {answer.trace}
            </Box>
          </Collapse>
        </>
      )}
    </Stack>
  );
}
