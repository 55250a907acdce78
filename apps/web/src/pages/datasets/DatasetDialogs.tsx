import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, TextInput } from "@mantine/core";
import type { DatasetDetail, DatasetSummary } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { serverMessageOf } from "../../api/client";
import { fetchDataset, updateDataset } from "../../api/datasets";

/** 'View': the dataset's description and its first examples (GET /datasets/:name). */
export function ViewDatasetModal({
  dataset,
  onClose,
}: {
  dataset: DatasetSummary | null;
  onClose(): void;
}) {
  const [detail, setDetail] = useState<DatasetDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDetail(null);
    setError(null);
    if (!dataset) return;
    const controller = new AbortController();
    fetchDataset(dataset.name, controller.signal).then(setDetail, (e: unknown) => {
      if (!controller.signal.aborted) setError(serverMessageOf(e) ?? "Failed to load the dataset.");
    });
    return () => controller.abort();
  }, [dataset]);
  return (
    <Modal opened={dataset !== null} onClose={onClose} title={dataset?.title} size="xl">
      <Stack gap="sm" data-testid="dataset-view">
        {dataset?.description && <Text size="sm">{dataset.description}</Text>}
        {error && <Alert color="red">{error}</Alert>}
        {!detail && !error && <Loader size="sm" aria-label="Loading the dataset" />}
        {detail && (
          <>
            {detail.task && (
              <Text size="sm" data-testid="dataset-task">
                <Text span fw={600}>
                  Task:{" "}
                </Text>
                {detail.task}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              The first {detail.examples.length} of {detail.dataset.size} examples
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table striped withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Last user message</Table.Th>
                    <Table.Th>Reference reply</Table.Th>
                    <Table.Th>Rubric</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.examples.map((e) => (
                    <Table.Tr key={e.id} data-testid="dataset-example">
                      <Table.Td>{e.dialog.at(-1)?.content}</Table.Td>
                      <Table.Td>{e.reference}</Table.Td>
                      <Table.Td>{e.rubric.join("; ") || "—"}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** 'Rename': a new title for one of the user's datasets (PUT /datasets/:name). */
export function RenameDatasetModal({
  dataset,
  onClose,
  onRenamed,
}: {
  dataset: DatasetSummary | null;
  onClose(): void;
  onRenamed(dataset: DatasetSummary): void;
}) {
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTitle(dataset?.title ?? "");
    setError(null);
  }, [dataset]);
  const save = async () => {
    if (!dataset) return;
    setBusy(true);
    setError(null);
    try {
      onRenamed(await updateDataset(dataset.name, { title: title.trim() }));
    } catch (e) {
      setError(serverMessageOf(e) ?? "Failed to rename the dataset. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={dataset !== null} onClose={onClose} title="Rename dataset">
      <Stack gap="sm">
        <TextInput
          label="Title"
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.currentTarget.value)}
          data-autofocus
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} disabled={!title.trim()} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Delete': asks before deleting one of the user's datasets. */
export function DeleteDatasetModal({
  dataset,
  onClose,
  onConfirm,
}: {
  dataset: DatasetSummary | null;
  onClose(): void;
  onConfirm(dataset: DatasetSummary): void;
}) {
  return (
    <Modal opened={dataset !== null} onClose={onClose} title="Delete dataset?">
      <Stack gap="sm">
        <Text size="sm">
          “{dataset?.title}” is deleted for good. Runs that used it stay in your history.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => dataset && onConfirm(dataset)}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
