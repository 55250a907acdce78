import { Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Ring } from "../progress/Ring";

/** Props of one graph panel: a title, a circular percentage indicator and the graph. */
export interface GraphPanelProps {
  title: string;
  /** Caption of the indicator, e.g. 'Iteration Progress'. */
  indicatorLabel: string;
  /** Percentage shown by the indicator (0–100). */
  percent: number;
  children: ReactNode;
  testId?: string;
}

/** Circular percentage indicator (an SVG ring) with its caption. */
export function PercentIndicator({ label, percent }: { label: string; percent: number }) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <Group gap={6} wrap="nowrap" aria-label={`${label}: ${Math.round(value)}%`} role="group">
      <Ring
        size={60}
        thickness={5}
        value={value}
        label={
          <Text ta="center" fz={10} fw={700}>
            {Math.round(value)}%
          </Text>
        }
      />
      <Text size="xs" c="dimmed" lh={1.2} maw={70}>
        {label}
      </Text>
    </Group>
  );
}

/** Narrowest a panel gets beside the other; below that the two panels stack (769–1024 px). */
const PANEL_MIN_PX = 360;

/** A card holding one graph with its title and percentage indicator. */
export function GraphPanel({ title, indicatorLabel, percent, children, testId }: GraphPanelProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid={testId}
      style={{ minWidth: 0, flex: `1 1 ${PANEL_MIN_PX}px` }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} fz={{ base: "sm", sm: "md" }}>
            {title}
          </Title>
          <PercentIndicator label={indicatorLabel} percent={percent} />
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
