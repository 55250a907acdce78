import { Badge, Box, Group, ScrollArea, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { percent } from "../../run/score";

/** Props of one configuration's details (initial card or a carousel slide). */
export interface ConfigurationDetailsProps {
  prompt: string;
  model: string;
  temperature: number;
  /** Validation score in [0, 1], when known. */
  score?: number | undefined;
  /** Extra badges (iteration, accepted). */
  badges?: ReactNode;
  /** Buttons under the prompt (copy, export, use). */
  actions?: ReactNode;
  testId?: string;
}

/** Formats a [0, 1] score as a percentage (shared with the multi-agent page). */
export { percent };

/** A configuration: prompt (scrollable), model, temperature with two decimals and its score. */
export function ConfigurationDetails({
  prompt,
  model,
  temperature,
  score,
  badges,
  actions,
  testId,
}: ConfigurationDetailsProps) {
  return (
    <Stack gap="sm" data-testid={testId}>
      <Group gap={6}>
        {badges}
        <Badge variant="light" color="gray" radius="sm" tt="none">
          Model: {model}
        </Badge>
        <Badge variant="light" color="gray" radius="sm" tt="none">
          Temperature: {temperature.toFixed(2)}
        </Badge>
        {score !== undefined && (
          <Badge variant="light" color="brand" radius="sm" tt="none">
            Validation: {percent(score)}
          </Badge>
        )}
      </Group>
      <Box>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
          Prompt
        </Text>
        <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
          <Text
            size="sm"
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            data-testid="configuration-prompt"
          >
            {prompt}
          </Text>
        </ScrollArea.Autosize>
      </Box>
      {actions}
    </Stack>
  );
}
