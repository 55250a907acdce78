import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import type { AgentConfig } from "@promptune/contracts";

interface AgentDetailsProps {
  /** The selected agent, or null for the hint. */
  agent: AgentConfig | null;
  /** 'Coordinator' or 'Worker'. */
  role?: string;
  testId?: string;
}

/** The selected agent's prompt, description, model and temperature (2 decimals). */
export function AgentDetails({ agent, role, testId }: AgentDetailsProps) {
  if (!agent) {
    return (
      <Text size="sm" c="dimmed" ta="center" data-testid={testId}>
        Click an agent in the diagram to see its configuration.
      </Text>
    );
  }
  return (
    <Paper
      p="sm"
      radius="md"
      data-testid={testId}
      aria-live="polite"
      style={{ background: "light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))" }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{agent.name}</Text>
          {role && (
            <Badge variant="light" color={role === "Coordinator" ? "brand" : "accent"}>
              {role}
            </Badge>
          )}
        </Group>
        <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Model:{" "}
            </Text>
            <span data-testid="agent-model">{agent.model_name}</span>
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Temperature:{" "}
            </Text>
            <span data-testid="agent-temperature">{agent.temperature.toFixed(2)}</span>
          </Text>
        </Group>
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Prompt
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            data-testid="agent-prompt"
          >
            {agent.prompt || "—"}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Description
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            data-testid="agent-description"
          >
            {agent.description || "—"}
          </Text>
        </div>
      </Stack>
    </Paper>
  );
}
