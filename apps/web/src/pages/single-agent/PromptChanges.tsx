import { Card, Stack, Text, Title } from "@mantine/core";
import { DiffDisclosure } from "../../components/diff";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";

/**
 * 'Prompt changes' (issue 16 §2): the selected optimised prompt as a word
 * diff against the initial one. Shown once there is an optimised prompt;
 * follows the carousel/slider selection.
 */
export function PromptChanges() {
  const count = useSingleRunStore((s) => s.optimizedPrompts.length);
  const index = useSingleRunStore((s) => s.selectedIterationIndex);
  const after = useSingleRunStore((s) => s.optimizedPrompts[s.selectedIterationIndex] ?? "");
  const initialEvaluated = useSingleRunStore((s) => s.initialResult?.prompt ?? "");
  const initialTyped = useOptimizationStore((s) => s.initialPrompt || s.botPrompt);
  if (count === 0) return null;
  const before = initialEvaluated || initialTyped;
  return (
    <Card data-testid="prompt-changes">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="lg">
            Prompt changes
          </Title>
          <Text size="sm" c="dimmed">
            What iteration {index + 1} changed in the initial prompt.
          </Text>
        </div>
        <DiffDisclosure entries={[{ label: `Iteration ${index + 1} prompt`, before, after }]} />
      </Stack>
    </Card>
  );
}
