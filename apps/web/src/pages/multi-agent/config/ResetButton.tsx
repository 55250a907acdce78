import { Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { fetchDefaults } from "../../../api/defaults";
import { useOptimizationStore } from "../../../stores/optimization";
import { multiAgentResetPatch } from "../defaults";
import { showAlert } from "../useMultiAgentRun";

/** Texts of the reset flow (spec §5, §8). */
export const RESET_TEXTS = {
  confirm:
    "Are you sure you want to reset all settings to defaults? This will overwrite your current configuration.",
  failed: "Failed to reset settings. Please try again.",
} as const;

/**
 * 'Reset to Defaults': asks for confirmation, then reloads the server's
 * defaults into the multi-agent settings (dataset, iterations, coordinator,
 * workers, lists). A failure alerts and keeps the current settings.
 */
export function ResetButton({ disabled }: { disabled?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const defaults = await fetchDefaults();
      useOptimizationStore.getState().update(multiAgentResetPatch(defaults));
      close();
    } catch (error) {
      console.error("Reset to defaults failed", error);
      close();
      showAlert(RESET_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" onClick={open} disabled={disabled} data-testid="ma-reset">
        Reset to Defaults
      </Button>
      <Modal opened={opened} onClose={close} title="Reset to Defaults" centered>
        <Text size="sm">{RESET_TEXTS.confirm}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={busy} data-testid="ma-reset-confirm">
            Reset
          </Button>
        </Group>
      </Modal>
    </>
  );
}
