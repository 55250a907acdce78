import { ActionIcon, Group, Input, Text } from "@mantine/core";
import { WORKERS } from "@promptune/contracts";

interface WorkerCountControlProps {
  count: number;
  onAdd(): void;
  onRemove(): void;
  disabled?: boolean;
}

/** Worker count with − and + (1–10; − disabled at 1, + at 10). */
export function WorkerCountControl({ count, onAdd, onRemove, disabled }: WorkerCountControlProps) {
  return (
    <Input.Wrapper
      label="Workers"
      description={`From ${WORKERS.min} to ${WORKERS.max}`}
      data-tour="ma-worker-count"
    >
      <Group gap="xs" wrap="nowrap" mt={4}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label="Remove worker"
          onClick={onRemove}
          disabled={disabled || count <= WORKERS.min}
        >
          <Text fw={700} fz="lg" lh={1}>
            −
          </Text>
        </ActionIcon>
        <Text
          fw={700}
          fz="lg"
          miw={32}
          ta="center"
          aria-live="polite"
          aria-label={`${count} workers`}
          data-testid="ma-worker-count"
        >
          {count}
        </Text>
        <ActionIcon
          variant="default"
          size={36}
          aria-label="Add worker"
          onClick={onAdd}
          disabled={disabled || count >= WORKERS.max}
        >
          <Text fw={700} fz="lg" lh={1}>
            +
          </Text>
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}
