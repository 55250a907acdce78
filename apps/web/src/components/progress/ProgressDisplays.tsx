import { Box, Group, Progress, Stack, Text } from "@mantine/core";
import { Ring } from "./Ring";

/** Circular progress with the percentage in the middle. */
export function CircularProgress({
  value,
  size = 88,
  label = "Optimization progress",
}: {
  value: number;
  size?: number;
  label?: string;
}) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <Ring
      size={size}
      thickness={8}
      value={v}
      aria-label={`${label}: ${Math.round(v)}%`}
      label={
        <Text ta="center" fw={700} fz="sm" data-testid="progress-percent">
          {Math.round(v)}%
        </Text>
      }
    />
  );
}

/** Linear progress bar with an accessible label. */
export function LinearProgress({
  value,
  label = "Optimization progress",
  animated,
}: {
  value: number;
  label?: string;
  animated?: boolean;
}) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <Progress
      value={v}
      size="md"
      radius="xl"
      striped={animated}
      animated={animated}
      aria-label={label}
    />
  );
}

/** Props of the numbered iteration steps. */
export interface IterationStepsProps {
  /** Number of iterations (steps 1..total). */
  total: number;
  /** How many are done. */
  done: number;
  /** True while the next step is being worked on. */
  running?: boolean;
}

/** Numbered iteration steps: done steps filled, the current one outlined while running. */
export function IterationSteps({ total, done, running }: IterationStepsProps) {
  return (
    <Group gap={6} role="list" aria-label="Iteration steps" data-testid="iteration-steps">
      {Array.from({ length: total }, (_, i) => {
        const n = i + 1;
        const state = n <= done ? "done" : running && n === done + 1 ? "current" : "pending";
        return (
          <Box
            key={n}
            role="listitem"
            aria-label={`Iteration ${n}: ${state === "done" ? "done" : state === "current" ? "in progress" : "pending"}`}
            data-state={state}
            w={28}
            h={28}
            style={{
              borderRadius: "50%",
              display: "grid",
              placeItems: "center",
              fontSize: 12,
              fontWeight: 700,
              transition: "background 300ms ease, color 300ms ease",
              background: state === "done" ? "var(--mantine-primary-color-filled)" : "transparent",
              color:
                state === "done"
                  ? "var(--mantine-primary-color-contrast)"
                  : state === "current"
                    ? "var(--mantine-primary-color-filled)"
                    : "var(--mantine-color-dimmed)",
              border: `2px solid ${state === "pending" ? "var(--mantine-color-default-border)" : "var(--mantine-primary-color-filled)"}`,
            }}
          >
            {n}
          </Box>
        );
      })}
    </Group>
  );
}

/** Circular + linear progress with a caption, as the configure section shows them. */
export function ProgressSummary({
  value,
  caption,
  running,
}: {
  value: number;
  caption: string;
  running: boolean;
}) {
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <CircularProgress value={value} />
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        {/* A status live region: screen readers hear each iteration and the completion. */}
        <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="run-status">
          {caption}
        </Text>
        <LinearProgress value={value} animated={running} />
      </Stack>
    </Group>
  );
}
