import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  type DatasetSummary,
  MAX_DATASET_CHARS,
  MAX_TASK_CHARS,
  type Metric,
} from "@promptune/contracts";
import { useState } from "react";
import { serverMessageOf } from "../../api/auth";
import { datasetNameFromFile, formatOfFile, uploadDataset } from "../../api/datasets";
import { DatasetPreviewTable } from "../../components/datasets/DatasetPreviewTable";
import { DatasetTemplates } from "../../components/datasets/DatasetTemplates";
import { type DatasetPreview, previewDataset } from "../../components/datasets/dataset-preview";
import { useOpenAfterMount } from "../../lib/deferred";

const METRICS: { value: Metric; label: string }[] = [
  { value: "judge", label: "LLM judge (reference reply + rubric)" },
  { value: "contains", label: "Reply contains the expected answer" },
  { value: "exact", label: "Reply equals the expected answer" },
  { value: "regex", label: "Reply matches the expected pattern" },
];

/** Props of the upload dialog. */
export interface UploadDatasetModalProps {
  opened: boolean;
  onClose(): void;
  /** Called with the stored dataset after a successful upload. */
  onUploaded(dataset: DatasetSummary): void;
}

/** 'Upload dataset…': sends a JSONL or CSV file to POST /datasets (private to the uploader). */
export function UploadDatasetModal({ opened, onClose, onUploaded }: UploadDatasetModalProps) {
  const shown = useOpenAfterMount(opened);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  /** The name was typed by the user (else it follows the chosen file). */
  const [nameEdited, setNameEdited] = useState(false);
  const [preview, setPreview] = useState<DatasetPreview | null>(null);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [task, setTask] = useState("");
  const [metric, setMetric] = useState<Metric>("judge");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const format = file ? formatOfFile(file.name) : undefined;
  const reset = () => {
    setFile(null);
    setName("");
    setNameEdited(false);
    setPreview(null);
    setTitle("");
    setDescription("");
    setTask("");
    setMetric("judge");
    setError(null);
  };

  /** Cancel and closing leave nothing behind for the next upload (issue 26 §3 item 8). */
  const close = () => {
    reset();
    onClose();
  };

  const chooseFile = (next: File | null) => {
    setFile(next);
    setPreview(null);
    setError(null);
    if (!nameEdited) setName(next ? datasetNameFromFile(next.name) : "");
    const kind = next ? formatOfFile(next.name) : undefined;
    if (!next || !kind) return;
    void next.text().then(
      (text) => setPreview(previewDataset(kind, text)),
      () => setPreview({ rows: [], error: "The file could not be read." }),
    );
  };

  const submit = async () => {
    if (!file || !format) return setError("Choose a .jsonl or .csv file.");
    if (file.size > MAX_DATASET_CHARS * 4) return setError("The file is too large.");
    setBusy(true);
    setError(null);
    try {
      const content = await file.text();
      const saved = await uploadDataset({
        name: name.trim(),
        format,
        content,
        metric,
        ...(title.trim() ? { title: title.trim() } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(task.trim() ? { task: task.trim() } : {}),
      });
      reset();
      onUploaded(saved);
    } catch (e) {
      setError(serverMessageOf(e) ?? "Failed to upload the dataset. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={shown} onClose={close} title="Upload dataset" centered size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          One example per line (JSONL) or per row (CSV): the conversation so far ending with a user
          turn, a reference reply and optional rubric items. Uploaded datasets are visible only to
          you.
        </Text>
        <DatasetTemplates />
        <FileInput
          label="File"
          placeholder="Choose a .jsonl or .csv file"
          accept=".jsonl,.ndjson,.json,.csv"
          value={file}
          onChange={chooseFile}
          error={file && !format ? "Only .jsonl and .csv files are supported" : undefined}
          clearable
        />
        {preview && <DatasetPreviewTable preview={preview} />}
        <TextInput
          label="Name"
          description="Letters, digits, '.', '-' and '_'"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameEdited(e.currentTarget.value !== "");
          }}
          required
        />
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={4}
        />
        <Textarea
          label="Task"
          description="What the assistant is for, in your words (optional): the optimiser and the judge read it"
          placeholder="e.g. A maths tutor that guides pupils to the answer step by step"
          value={task}
          onChange={(e) => setTask(e.currentTarget.value)}
          error={
            task.trim().length > MAX_TASK_CHARS
              ? `At most ${MAX_TASK_CHARS.toLocaleString("en-US")} characters`
              : undefined
          }
          autosize
          minRows={2}
          maxRows={4}
        />
        <Select
          label="Metric"
          data={METRICS}
          value={metric}
          allowDeselect={false}
          onChange={(v) => v && setMetric(v as Metric)}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={busy}
            disabled={!file || !format || !name.trim()}
          >
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
