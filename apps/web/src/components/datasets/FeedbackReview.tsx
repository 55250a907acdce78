import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import type { FeedbackDatasetName, FeedbackRow } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { serverMessageOf } from "../../api/client";
import {
  deleteFeedbackRow,
  editFeedbackRow,
  feedbackDownloadUrl,
  listFeedbackRows,
} from "../../api/feedback";

/** Texts of the review view. */
export const FEEDBACK_REVIEW_TEXT = {
  download: "Download JSONL",
  empty: "No rated replies yet. Rate replies with 👍/👎 in the chats to fill this dataset.",
  noReference: "Not used for optimisation until it has a reference.",
  reference: "Reference (the reply to aim for)",
  rubric: "Rubric (one item per line)",
  save: "Save",
  delete: "Delete",
  saved: "Saved.",
  loadFailed: "Could not load the rows. Please try again.",
} as const;

/** Who rated a row, as shown. */
function raterOf(row: FeedbackRow): string {
  const who = row.rater.username ? `@${row.rater.username}` : "you";
  return row.rater.role === "owner" ? `owner (${who})` : `friend ${who}`;
}

/** One row: the dialog, the rated reply, and the editable reference and rubric. */
function FeedbackRowCard({
  name,
  row,
  onChanged,
  onDeleted,
}: {
  name: FeedbackDatasetName;
  row: FeedbackRow;
  onChanged(row: FeedbackRow): void;
  onDeleted(id: string): void;
}) {
  const [reference, setReference] = useState(row.reference ?? "");
  const [rubric, setRubric] = useState(row.rubric.join("\n"));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const last = row.dialog.at(-1)?.content ?? "";

  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const items = rubric
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
      const patch = reference.trim()
        ? { reference: reference.trim(), rubric: items }
        : { rubric: items };
      onChanged(await editFeedbackRow(name, row.id, patch));
      setMessage({ ok: true, text: FEEDBACK_REVIEW_TEXT.saved });
    } catch (error) {
      setMessage({ ok: false, text: serverMessageOf(error) ?? "Could not save the row." });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await deleteFeedbackRow(name, row.id);
      onDeleted(row.id);
    } catch (error) {
      setMessage({ ok: false, text: serverMessageOf(error) ?? "Could not delete the row." });
      setBusy(false);
    }
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="feedback-row"
      aria-label={`Rated reply to: ${last}`}
    >
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color={row.rating === "up" ? "green" : "red"} variant="light">
            {row.rating === "up" ? "👍 good" : "👎 bad"}
          </Badge>
          <Badge variant="default">{row.side === "before" ? "Before" : "After"}</Badge>
          <Text size="xs" c="dimmed">
            {row.model} · temperature {row.temperature} · rated by {raterOf(row)} ·{" "}
            {new Date(row.rated_at).toLocaleString()}
          </Text>
        </Group>
        {row.dialog.length > 1 && (
          <Text size="xs" c="dimmed">
            {row.dialog.length - 1} earlier messages
          </Text>
        )}
        <Text size="sm">
          <b>User:</b> {last}
        </Text>
        <Text size="sm">
          <b>Reply:</b> {row.reply}
        </Text>
        {row.note && (
          <Text size="sm">
            <b>Note:</b> {row.note}
          </Text>
        )}
        <Textarea
          size="xs"
          autosize
          minRows={2}
          maxRows={8}
          label={FEEDBACK_REVIEW_TEXT.reference}
          value={reference}
          disabled={busy}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
        {!row.reference && (
          <Text size="xs" c="orange">
            {FEEDBACK_REVIEW_TEXT.noReference}
          </Text>
        )}
        <Textarea
          size="xs"
          autosize
          minRows={1}
          maxRows={6}
          label={FEEDBACK_REVIEW_TEXT.rubric}
          value={rubric}
          disabled={busy}
          onChange={(e) => setRubric(e.currentTarget.value)}
        />
        <Group gap="xs">
          <Button size="compact-sm" onClick={() => void save()} loading={busy}>
            {FEEDBACK_REVIEW_TEXT.save}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            onClick={() => void remove()}
            disabled={busy}
          >
            {FEEDBACK_REVIEW_TEXT.delete}
          </Button>
          {message && (
            <Text size="xs" c={message.ok ? "green" : "red"} role={message.ok ? "status" : "alert"}>
              {message.text}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Review of a Feedback dataset (issue 25, item 2): every rated reply with
 * its dialog, rating and rater; the reference and rubric can be edited, a
 * row deleted, and the dataset downloaded as JSONL. `onChange` reports the
 * rows after an edit or a deletion (e.g. to refresh a row count).
 */
export function FeedbackReview({
  name,
  onChange,
}: {
  name: FeedbackDatasetName;
  onChange?(rows: FeedbackRow[]): void;
}) {
  const [rows, setRows] = useState<FeedbackRow[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setRows(null);
    setFailed(false);
    listFeedbackRows(name, controller.signal).then(
      (data) => setRows(data.rows),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [name]);

  const update = (next: FeedbackRow[]) => {
    setRows(next);
    onChange?.(next);
  };

  if (failed) return <Alert color="red">{FEEDBACK_REVIEW_TEXT.loadFailed}</Alert>;
  if (!rows) return <Loader size="sm" aria-label="Loading rows" />;
  return (
    <Stack gap="sm" data-testid="feedback-review">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {rows.length} rated replies · {rows.filter((r) => r.reference).length} with a reference
        </Text>
        <Anchor href={feedbackDownloadUrl(name)} download={`${name}.jsonl`} size="sm">
          {FEEDBACK_REVIEW_TEXT.download}
        </Anchor>
      </Group>
      {rows.length === 0 && <Text c="dimmed">{FEEDBACK_REVIEW_TEXT.empty}</Text>}
      {rows.map((row) => (
        <FeedbackRowCard
          key={row.id}
          name={name}
          row={row}
          onChanged={(changed) => update(rows.map((r) => (r.id === changed.id ? changed : r)))}
          onDeleted={(id) => update(rows.filter((r) => r.id !== id))}
        />
      ))}
    </Stack>
  );
}
