import { Alert, Button, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import type { DeploySplit, DeployVersion } from "@promptune/contracts";
import { useState } from "react";
import { serverMessageOf } from "../../../api/client";
import { endSplit, startSplit } from "../../../api/deploys";

/** Texts of the split control. */
export const SPLIT_TEXT = {
  title: "Split traffic",
  explain:
    "Serve the active version to a share of the friends talking to the after-bot and another version to the rest; each friend keeps getting the same one. A deploy or rollback ends the split.",
  baseline: "Other version (serves the rest)",
  share: "Share for the active version (%)",
  start: "Start split",
  end: "End split",
  noBaseline: "Choose the other version.",
  badShare: "The share must be a whole number from 1 to 99.",
  failed: "Could not change the split.",
} as const;

/** "serves 30 % of friends": how a version row shows its side of a live split. */
export function splitShareText(split: DeploySplit | null, versionId: string): string | null {
  if (!split) return null;
  if (split.active_version_id === versionId) return `serves ${split.share_percent} % of friends`;
  if (split.baseline_version_id === versionId) {
    return `serves ${split.baseline_share_percent} % of friends`;
  }
  return null;
}

/**
 * The Versions section's "Split traffic" control (issue 25, item 4): with a
 * live split, what it does and "End split"; otherwise the other version, the
 * active version's share (1–99 %) and "Start split". Shown only when there
 * is an active version and at least one other. `onChanged` reloads the list.
 */
export function SplitControl({
  versions,
  split,
  onChanged,
}: {
  versions: DeployVersion[];
  split: DeploySplit | null;
  onChanged(): Promise<void>;
}) {
  const [baseline, setBaseline] = useState<string | null>(null);
  const [share, setShare] = useState<string | number>(50);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const active = versions.find((v) => v.active);
  const others = versions.filter((v) => !v.active);
  if (!active || others.length === 0) return null;

  const run = async (change: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await change();
      await onChanged();
    } catch (err) {
      setError(serverMessageOf(err) ?? SPLIT_TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  const start = () => {
    const percent = typeof share === "number" ? share : Number(share);
    if (!baseline) return setError(SPLIT_TEXT.noBaseline);
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
      return setError(SPLIT_TEXT.badShare);
    }
    void run(() => startSplit({ baseline_version_id: baseline, share_percent: percent }));
  };
  const numberOf = (id: string) => versions.find((v) => v.id === id)?.number ?? "?";

  return (
    <Stack gap="xs" data-testid="split-control">
      <Text fw={700}>{SPLIT_TEXT.title}</Text>
      {split ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" data-testid="split-summary">
            Version {numberOf(split.active_version_id)} serves {split.share_percent} % of friends,
            version {numberOf(split.baseline_version_id)} the other {split.baseline_share_percent}{" "}
            %.
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            loading={busy}
            onClick={() => void run(endSplit)}
          >
            {SPLIT_TEXT.end}
          </Button>
        </Group>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {SPLIT_TEXT.explain}
          </Text>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Select
              label={SPLIT_TEXT.baseline}
              placeholder="Choose a version"
              data={others.map((v) => ({ value: v.id, label: `Version ${v.number}` }))}
              value={baseline}
              onChange={setBaseline}
              data-testid="split-baseline"
            />
            <NumberInput
              label={SPLIT_TEXT.share}
              min={1}
              max={99}
              step={1}
              allowDecimal={false}
              value={share}
              onChange={setShare}
              w={200}
              data-testid="split-share"
            />
            <Button loading={busy} onClick={start}>
              {SPLIT_TEXT.start}
            </Button>
          </Group>
        </>
      )}
      {error && (
        <Alert color="red" data-testid="split-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
