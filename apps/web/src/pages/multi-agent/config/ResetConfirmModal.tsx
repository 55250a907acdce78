import { Button, Group, Modal, Text } from "@mantine/core";
import { useOpenAfterMount } from "../../../lib/deferred";
import { RESET_TEXTS } from "./reset-texts";

/** Props of the reset confirmation. */
export interface ResetConfirmModalProps {
  opened: boolean;
  busy: boolean;
  onClose(): void;
  onConfirm(): void;
}

/** The 'Reset to Defaults' confirmation dialog (a chunk of its own, loaded when first opened). */
export default function ResetConfirmModal({
  opened,
  busy,
  onClose,
  onConfirm,
}: ResetConfirmModalProps) {
  const shown = useOpenAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title="Reset to Defaults" centered>
      <Text size="sm">{RESET_TEXTS.confirm}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={busy} data-testid="ma-reset-confirm">
          Reset
        </Button>
      </Group>
    </Modal>
  );
}
