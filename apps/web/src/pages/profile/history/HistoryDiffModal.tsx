import { Button, Group, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import type { HistoryRecord } from "@promptune/contracts";
import { ConfigDiff, type DiffEntry, teamDiffEntries } from "../../../components/diff";
import { presentedStep } from "./mapping";

/**
 * What a saved run changed (issue 16 §2): its presented step (selected, else
 * best) against the initial configuration — the prompt for single-agent
 * runs, every agent's prompt and description for multi-agent runs.
 */
export function historyDiffEntries(record: HistoryRecord): DiffEntry[] {
  const step = presentedStep(record);
  if (!step) return [];
  const c = record.configuration;
  const master = c["master-agent"];
  const stepMaster = step["master-agent"];
  if (record.mode === "multi" && master && stepMaster) {
    return teamDiffEntries(
      { "master-agent": master, "worker-agents": c["worker-agents"] ?? [] },
      { "master-agent": stepMaster, "worker-agents": step["worker-agents"] ?? [] },
    );
  }
  return [
    { label: `Step ${step.step_number} prompt`, before: c.initial_prompt, after: step.prompt },
  ];
}

/** Modal 'Prompt Changes': the run's presented configuration diffed against its initial one. */
export function HistoryDiffModal({
  record,
  onClose,
}: {
  record: HistoryRecord | null;
  onClose(): void;
}) {
  const step = record ? presentedStep(record) : undefined;
  const entries = record ? historyDiffEntries(record) : [];
  return (
    <Modal
      opened={record !== null}
      onClose={onClose}
      title="Prompt Changes"
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        {step ? (
          <Text size="sm" c="dimmed">
            Step {step.step_number} ({record?.selected_step_id === step.id ? "selected" : "best"})
            compared with the initial configuration.
          </Text>
        ) : (
          <Text c="dimmed">This run has no optimized steps.</Text>
        )}
        {entries.length > 0 && <ConfigDiff entries={entries} />}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
