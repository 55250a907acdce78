import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { serverMessageOf } from "../../api/client";
import { deployRun, gateRefusalOf } from "../../api/deploys";

/** Texts of the deploy button and the gate's confirmation. */
export const DEPLOY_TEXT = {
  button: "Deploy to after-bot",
  refusedTitle: "The deploy gate refused this configuration",
  anyway: "Deploy anyway",
  cancel: "Keep the current version",
  recorded: "Deploying anyway is recorded on the version, with this reason.",
} as const;

/**
 * "Deploy to after-bot" on a finished run's configuration (issue 25, item 3):
 * deploys it as a new version of the after-bot. When the held-out gate
 * refuses, the reason is shown and "Deploy anyway" deploys with a recorded
 * override; any other failure is a toast with the server's message.
 */
export function DeployToAfterBot({
  runId,
  iteration,
  frontierPoint,
}: {
  runId: string;
  iteration?: number;
  /** Deploy this point of the run's cost–quality frontier (index) instead of an iteration. */
  frontierPoint?: number;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const deploy = async (override: boolean) => {
    setBusy(true);
    try {
      const version = await deployRun({
        run_id: runId,
        ...(iteration !== undefined ? { iteration } : {}),
        ...(frontierPoint !== undefined ? { frontier_point: frontierPoint } : {}),
        ...(override ? { override: true } : {}),
      });
      setRefusal(null);
      notifications.show({
        color: "green",
        message: `Version ${version.number} is live: the after-bot answers with it from the next message.`,
      });
    } catch (error) {
      const reason = gateRefusalOf(error);
      if (reason && !override) setRefusal(reason);
      else
        notifications.show({
          color: "red",
          message: serverMessageOf(error) ?? "Could not deploy.",
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="compact-sm" variant="light" loading={busy} onClick={() => void deploy(false)}>
        {DEPLOY_TEXT.button}
      </Button>
      <Modal
        opened={refusal !== null}
        onClose={() => setRefusal(null)}
        title={DEPLOY_TEXT.refusedTitle}
      >
        <Stack gap="md">
          <Text size="sm" data-testid="deploy-refusal">
            {refusal}
          </Text>
          <Text size="xs" c="dimmed">
            {DEPLOY_TEXT.recorded}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRefusal(null)}>
              {DEPLOY_TEXT.cancel}
            </Button>
            <Button color="orange" loading={busy} onClick={() => void deploy(true)}>
              {DEPLOY_TEXT.anyway}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
