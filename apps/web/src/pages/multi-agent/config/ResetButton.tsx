import { Button } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";
import { fetchDefaults } from "../../../api/defaults";
import { loadChunk } from "../../../lib/chunks";
import { useOpenedOnce } from "../../../lib/deferred";
import { useOptimizationStore } from "../../../stores/optimization";
import { multiAgentResetPatch } from "../defaults";
import { showAlert } from "../useMultiAgentRun";
import { RESET_TEXTS } from "./reset-texts";

export { RESET_TEXTS } from "./reset-texts";

const ResetConfirmModal = lazy(() =>
  loadChunk("reset-confirm", () => import("./ResetConfirmModal")),
);

/**
 * 'Reset to Defaults': asks for confirmation, then reloads the server's
 * defaults into the multi-agent settings (dataset, iterations, coordinator,
 * workers, lists). A failure alerts and keeps the current settings.
 */
export function ResetButton({ disabled }: { disabled?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  const mounted = useOpenedOnce(opened);

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
      {mounted && (
        <Suspense fallback={null}>
          <ResetConfirmModal
            opened={opened}
            busy={busy}
            onClose={close}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      )}
    </>
  );
}
