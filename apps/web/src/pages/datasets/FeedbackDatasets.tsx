import { Badge, Button, Group, Modal, Table, Text, Title } from "@mantine/core";
import { type DatasetSummary, isFeedbackDatasetName } from "@promptune/contracts";
import { useState } from "react";
import { FeedbackReview } from "../../components/datasets/FeedbackReview";

/**
 * The datasets page's "Feedback from ratings" section (issue 25, item 2):
 * the user's Feedback datasets (web chats, Telegram bots) with their usable
 * row counts, each opening the review view (view, edit, delete rows,
 * download JSONL). `onChanged` refreshes the counts after a review.
 */
export function FeedbackDatasets({
  datasets,
  onChanged,
}: {
  datasets: readonly DatasetSummary[];
  onChanged(): void;
}) {
  const [reviewing, setReviewing] = useState<DatasetSummary | null>(null);
  const feedback = datasets.filter((d) => d.owner === "feedback");
  const reviewed = reviewing && isFeedbackDatasetName(reviewing.name) ? reviewing.name : null;
  return (
    <>
      <Group gap="xs">
        <Title order={2} size="h4">
          Feedback from ratings
        </Title>
        <Badge variant="light">{feedback.length}</Badge>
      </Group>
      {feedback.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="no-feedback-datasets">
          Rate replies with 👍/👎 in the chats or under the Telegram bots' answers: they become a
          Feedback dataset here.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Dataset</Table.Th>
                <Table.Th>Examples</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {feedback.map((d) => (
                <Table.Tr key={d.name} data-testid="feedback-dataset">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {d.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.name} · {d.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.size}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setReviewing(d)}
                      aria-label={`Review ${d.title}`}
                    >
                      Review
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={reviewed !== null}
        onClose={() => setReviewing(null)}
        title={reviewing?.title}
        size="xl"
      >
        {reviewed && <FeedbackReview name={reviewed} onChange={onChanged} />}
      </Modal>
    </>
  );
}
