import { Card, Stack, Text, Title } from "@mantine/core";
import { DiffDisclosure, teamDiffEntries } from "../../../components/diff";
import { useMultiRunStore } from "../../../stores/multi-run";

/**
 * 'Configuration changes' (issue 16 §2): every agent's prompt and
 * description of the selected optimised configuration as word diffs against
 * the configuration the run started from. Shown once results exist.
 */
export function TeamChanges() {
  const initial = useMultiRunStore((s) => s.initialConfig);
  const index = useMultiRunStore((s) =>
    Math.min(s.multiAgentSelectedIterationIndex, s.multiAgentIterationResults.length - 1),
  );
  const result = useMultiRunStore((s) => s.multiAgentIterationResults[index]);
  if (!initial || !result) return null;
  const iteration = result.iteration ?? index + 1;
  const entries = teamDiffEntries(initial, {
    "master-agent": result["master-agent"],
    "worker-agents": result["worker-agents"],
  });
  return (
    <Card data-testid="ma-team-changes">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="lg">
            Configuration changes
          </Title>
          <Text size="sm" c="dimmed">
            What iteration {iteration} changed in each agent's prompt and description.
          </Text>
        </div>
        <DiffDisclosure entries={entries} />
      </Stack>
    </Card>
  );
}
