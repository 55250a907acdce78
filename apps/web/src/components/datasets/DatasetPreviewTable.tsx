import { Alert, Table, Text } from "@mantine/core";
import type { DatasetPreview } from "./dataset-preview";

/** The first rows of a chosen file, as the server will read them (issue 26 §3 item 15). */
export function DatasetPreviewTable({ preview }: { preview: DatasetPreview }) {
  return (
    <div data-testid="upload-preview">
      <Text size="sm" fw={600} mb={4}>
        Preview of the first rows
      </Text>
      {preview.rows.length > 0 && (
        <Table.ScrollContainer minWidth={420} maxHeight={220}>
          <Table striped withTableBorder fz="xs" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User message</Table.Th>
                <Table.Th>Reference reply</Table.Th>
                <Table.Th>Expected</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity.
                <Table.Tr key={i} data-testid="upload-preview-row">
                  <Table.Td>
                    {row.message}
                    {row.turns > 1 ? ` (${row.turns} turns)` : ""}
                  </Table.Td>
                  <Table.Td>{row.reference}</Table.Td>
                  <Table.Td>{row.expected ?? "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {preview.error && (
        <Alert color="yellow" variant="light" mt={4} data-testid="upload-preview-error">
          {preview.error}
        </Alert>
      )}
    </div>
  );
}
