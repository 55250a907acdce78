import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { DatasetSummary } from "@promptune/contracts";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { serverMessageOf } from "../../api/client";
import { deleteDataset, listDatasets } from "../../api/datasets";
import { DatasetTemplates } from "../../components/datasets/DatasetTemplates";
import { loadChunk } from "../../lib/chunks";
import { useAuthStore } from "../../stores/auth";
import { useUiStore } from "../../stores/ui";
import { DeleteDatasetModal, RenameDatasetModal, ViewDatasetModal } from "./DatasetDialogs";
import { FeedbackDatasets } from "./FeedbackDatasets";

const UploadDatasetModal = lazy(() =>
  loadChunk("upload-dataset", () => import("../single-agent/UploadDatasetModal")).then((m) => ({
    default: m.UploadDatasetModal,
  })),
);

const METRIC_LABELS: Record<DatasetSummary["metric"], string> = {
  judge: "LLM judge",
  exact: "exact match",
  contains: "contains match",
  regex: "regex match",
};

/** One dataset's row: title, name, size and metric, and its actions. */
function DatasetRow({
  dataset,
  onView,
  onRename,
  onDelete,
}: {
  dataset: DatasetSummary;
  onView(): void;
  onRename?(): void;
  onDelete?(): void;
}) {
  return (
    <Table.Tr data-testid={dataset.owner === "user" ? "own-dataset" : "bundled-dataset"}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {dataset.title}
        </Text>
        <Text size="xs" c="dimmed">
          {dataset.name}
        </Text>
      </Table.Td>
      <Table.Td>{dataset.size}</Table.Td>
      <Table.Td>{METRIC_LABELS[dataset.metric]}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={onView}>
            View
          </Button>
          {onRename && (
            <Button size="compact-sm" variant="default" onClick={onRename}>
              Rename
            </Button>
          )}
          {onDelete && (
            <Button size="compact-sm" variant="default" color="red" onClick={onDelete}>
              Delete
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The datasets page (/datasets, issue 26 §3 item 15): the user's uploaded
 * datasets (view, rename, delete, upload another, templates), the Feedback
 * datasets built from ratings (review: FeedbackDatasets) and the bundled
 * ones (view).
 */
export default function DatasetsPage() {
  const status = useAuthStore((s) => s.status);
  const openLogin = useUiStore((s) => s.openLogin);
  const [datasets, setDatasets] = useState<DatasetSummary[]>([]);
  const [viewing, setViewing] = useState<DatasetSummary | null>(null);
  const [renaming, setRenaming] = useState<DatasetSummary | null>(null);
  const [deleting, setDeleting] = useState<DatasetSummary | null>(null);
  const [uploadOpened, upload] = useDisclosure(false);

  const refresh = useCallback(async () => {
    try {
      setDatasets(await listDatasets());
    } catch (error) {
      console.error("Failed to load datasets", error);
    }
  }, []);
  useEffect(() => {
    if (status !== "loading") void refresh();
  }, [status, refresh]);

  const remove = async (dataset: DatasetSummary) => {
    setDeleting(null);
    try {
      await deleteDataset(dataset.name);
      setDatasets((list) => list.filter((d) => d.name !== dataset.name || d.owner !== "user"));
      notifications.show({ color: "green", message: `Deleted “${dataset.title}”.` });
    } catch (error) {
      notifications.show({
        color: "red",
        message: serverMessageOf(error) ?? "Failed to delete the dataset. Please try again.",
      });
    }
  };

  const own = datasets.filter((d) => d.owner === "user");
  const bundled = datasets.filter((d) => d.owner === "bundled");
  const table = (rows: DatasetSummary[], editable: boolean) => (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Dataset</Table.Th>
            <Table.Th>Examples</Table.Th>
            <Table.Th>Metric</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <DatasetRow
              key={`${d.owner}:${d.name}`}
              dataset={d}
              onView={() => setViewing(d)}
              {...(editable
                ? { onRename: () => setRenaming(d), onDelete: () => setDeleting(d) }
                : {})}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <Card data-testid="datasets-page">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Your datasets
          </Title>
          <Button onClick={status === "authenticated" ? upload.open : openLogin}>
            Upload dataset
          </Button>
        </Group>
        <DatasetTemplates />
        {status === "anonymous" && (
          <Alert variant="light">Sign in to upload and manage your own datasets.</Alert>
        )}
        {own.length > 0 ? (
          table(own, true)
        ) : (
          <Text c="dimmed" data-testid="no-own-datasets">
            You have not uploaded a dataset yet.
          </Text>
        )}
        {status === "authenticated" && (
          <FeedbackDatasets datasets={datasets} onChanged={() => void refresh()} />
        )}
        <Group gap="xs">
          <Title order={2} size="h4">
            Bundled datasets
          </Title>
          <Badge variant="light">{bundled.length}</Badge>
        </Group>
        {table(bundled, false)}
      </Stack>
      <ViewDatasetModal dataset={viewing} onClose={() => setViewing(null)} />
      <RenameDatasetModal
        dataset={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(d) => {
          setRenaming(null);
          setDatasets((list) => list.map((x) => (x.owner === "user" && x.name === d.name ? d : x)));
        }}
      />
      <DeleteDatasetModal
        dataset={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(d) => void remove(d)}
      />
      {uploadOpened && (
        <Suspense fallback={null}>
          <UploadDatasetModal
            opened={uploadOpened}
            onClose={upload.close}
            onUploaded={() => {
              upload.close();
              void refresh();
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
