import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { HistoryRecord } from "@promptune/contracts";

/** Texts of the 'Load to integration' confirmation and its outcome. */
export const LOAD_TO_INTEGRATION_TEXT = {
  title: "Load to integration?",
  body: "Your Telegram bots will use this run's prompts: the before bot its initial prompt, the after bot the prompt of its last step. The prompts the bots use now are replaced.",
  confirm: "Replace bot prompts",
  saved: "Integration updated: your Telegram bots now use this run's prompts.",
} as const;

/**
 * Asks before 'Load to integration' replaces the live bots' prompts
 * (issue 16 §3). Confirm runs the action; Cancel or Escape leaves
 * everything as it is.
 */
export function ConfirmIntegrationModal({
  record,
  onCancel,
  onConfirm,
}: {
  record: HistoryRecord | null;
  onCancel(): void;
  onConfirm(record: HistoryRecord): void;
}) {
  return (
    <Modal opened={record !== null} onClose={onCancel} title={LOAD_TO_INTEGRATION_TEXT.title}>
      <Stack gap="md">
        <Text size="sm">{LOAD_TO_INTEGRATION_TEXT.body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            data-testid="confirm-load-integration"
            onClick={() => record && onConfirm(record)}
          >
            {LOAD_TO_INTEGRATION_TEXT.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
