import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { DeployEvidence, DeployVersion, SingleAgentConfig } from "@promptune/contracts";
import { useCallback, useEffect, useState } from "react";
import { serverMessageOf } from "../../../api/client";
import { fetchDeployEvidence, listDeploys, rollbackDeploy } from "../../../api/deploys";
import { evidenceText, heldOutText, originText, whenText } from "./format";
import { SplitControl, splitShareText } from "./SplitControl";

/** Texts of the versions section. */
export const VERSIONS_TEXT = {
  title: "Versions",
  empty:
    "Nothing deployed yet. Save the integration, or use “Deploy to after-bot” on a run's result.",
  rollback: "Roll back to this version",
  confirmTitle: "Roll back the after-bot?",
  confirm: "Roll back",
  failed: "Could not load the versions. Please try again.",
} as const;

/** One version: what, who, when, its held-out result and live evidence, and rollback. */
function VersionRow({
  version: v,
  evidence,
  onRollback,
}: {
  version: DeployVersion;
  evidence: DeployEvidence | null;
  onRollback(v: DeployVersion): void;
}) {
  const live = evidence?.versions[v.id];
  const share = splitShareText(evidence?.split ?? null, v.id);
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="deploy-version"
      data-active={v.active || undefined}
      // e-mails, run ids and prompts may hold long unbroken words: wrap them, never scroll sideways
      style={{ overflowWrap: "anywhere" }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={700}>Version {v.number}</Text>
            {v.active && <Badge color="green">Active</Badge>}
            {share && (
              <Badge color="blue" variant="light" data-testid="version-split">
                {share}
              </Badge>
            )}
            {v.override_confirmed && (
              <Badge color="orange" variant="light" title={v.gate_reason ?? undefined}>
                Deployed past the gate
              </Badge>
            )}
          </Group>
          {!v.active && (
            <Button size="compact-sm" variant="light" onClick={() => onRollback(v)}>
              {VERSIONS_TEXT.rollback}
            </Button>
          )}
        </Group>
        <Text size="sm">
          {originText(v)} · {v.model_name} · temperature {v.temperature}
        </Text>
        <Text size="sm" c="dimmed">
          Deployed by {v.deployed_by} on {whenText(v.created_at)}
          {v.active && v.activated_at !== v.created_at
            ? ` · active again since ${whenText(v.activated_at)} (by ${v.activated_by})`
            : ""}
        </Text>
        <Text size="sm">Held-out: {heldOutText(v.held_out, v.source)}</Text>
        {v.override_confirmed && v.gate_reason && (
          <Text size="xs" c="orange.8">
            Override recorded: {v.gate_reason}
          </Text>
        )}
        <Text size="sm" data-testid="version-evidence">
          Live: {evidenceText(live)}
        </Text>
        {live && live.down_notes.length > 0 && (
          <Stack gap={0}>
            {live.down_notes.map((note, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes may repeat; their order is fixed.
              <Text key={i} size="xs" c="dimmed">
                👎 {note}
              </Text>
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed" lineClamp={2} title={v.prompt}>
          {v.prompt}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The Integration page's "Versions" section (issue 25, items 3–4): every
 * deployed version of the after-bot (who, what, when, active badge, the
 * run's held-out result, the live 👍 rate with its interval and 👎 notes),
 * the before-bot's live numbers beside them, a confirmed rollback, and the
 * optional traffic split (SplitControl) with each side's share on its row.
 * `reloadKey` reloads the list (a save may deploy a version); `onServed`
 * tells the page which configuration the after-bot now serves.
 */
export function VersionsSection({
  reloadKey,
  onServed,
}: {
  reloadKey: number;
  onServed(config: SingleAgentConfig): void;
}) {
  const [versions, setVersions] = useState<DeployVersion[] | null>(null);
  const [evidence, setEvidence] = useState<DeployEvidence | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState<DeployVersion | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const [list, live] = await Promise.all([listDeploys(signal), fetchDeployEvidence(signal)]);
      setVersions(list);
      setEvidence(live);
      setFailed(false);
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      setFailed(true);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey only triggers a reload.
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, reloadKey]);

  const rollback = async (v: DeployVersion) => {
    setBusy(true);
    try {
      const active = await rollbackDeploy(v.id);
      onServed({
        prompt: active.prompt,
        model_name: active.model_name,
        temperature: active.temperature,
      });
      notifications.show({
        color: "green",
        message: `The after-bot now answers with version ${active.number}.`,
      });
      setConfirming(null);
      await load();
    } catch (error) {
      notifications.show({
        color: "red",
        message: serverMessageOf(error) ?? "Could not roll back.",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card padding="lg" data-testid="deploy-versions">
      <Stack gap="sm">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {VERSIONS_TEXT.title}
        </Title>
        <Text
          size="sm"
          c="dimmed"
          data-testid="before-evidence"
          style={{ overflowWrap: "anywhere" }}
        >
          Before bot, live: {evidenceText(evidence?.before)}
        </Text>
        {failed && <Alert color="red">{VERSIONS_TEXT.failed}</Alert>}
        {versions?.length === 0 && <Text size="sm">{VERSIONS_TEXT.empty}</Text>}
        {versions && (
          <SplitControl
            versions={versions}
            split={evidence?.split ?? null}
            onChanged={() => load()}
          />
        )}
        {versions?.map((v) => (
          <VersionRow key={v.id} version={v} evidence={evidence} onRollback={setConfirming} />
        ))}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={VERSIONS_TEXT.confirmTitle}
      >
        <Stack gap="md">
          <Text size="sm">
            The after-bot will answer with version {confirming?.number} ({confirming?.model_name})
            from the next message on. The other versions stay in the list.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => confirming && void rollback(confirming)}>
              {VERSIONS_TEXT.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
