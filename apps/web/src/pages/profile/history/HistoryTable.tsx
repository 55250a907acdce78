import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import type { HistoryRecord, RunMode } from "@promptune/contracts";
import type { HistoryRow } from "./mapping";

/** What the table's buttons do. */
export interface HistoryTableActions {
  onOpenInitial(record: HistoryRecord): void;
  onOpenSteps(record: HistoryRecord): void;
  onLoadOptimizer(record: HistoryRecord): void;
  onLoadIntegration(record: HistoryRecord): void;
}

interface HistoryTableProps extends HistoryTableActions {
  rows: HistoryRow[];
  mode: RunMode;
  /** Card layout (small screens) instead of the table. */
  compact: boolean;
  /** Id of the record whose action is in progress. */
  busyId: string | null;
}

const STATUS: Record<HistoryRecord["status"], { label: string; color: string } | null> = {
  completed: null,
  running: { label: "Running", color: "blue" },
  queued: { label: "Queued", color: "gray" },
  failed: { label: "Failed", color: "red" },
  cancelled: { label: "Stopped", color: "gray" },
};

function StatusBadge({ status }: { status: HistoryRecord["status"] }) {
  const s = STATUS[status];
  return s ? (
    <Badge size="xs" variant="light" color={s.color}>
      {s.label}
    </Badge>
  ) : null;
}

function OpenButton({ onClick }: { onClick(): void }) {
  return (
    <Button size="compact-sm" variant="light" onClick={onClick}>
      Open
    </Button>
  );
}

function Actions({
  row,
  mode,
  busy,
  stacked,
  ...a
}: { row: HistoryRow; mode: RunMode; busy: boolean; stacked: boolean } & HistoryTableActions) {
  const buttons = (
    <>
      <Button
        size="compact-sm"
        fullWidth={stacked}
        disabled={busy}
        onClick={() => a.onLoadOptimizer(row.record)}
      >
        Load into optimizer
      </Button>
      {mode === "single" && (
        <Button
          size="compact-sm"
          variant="default"
          fullWidth={stacked}
          disabled={busy}
          onClick={() => a.onLoadIntegration(row.record)}
        >
          Load to integration
        </Button>
      )}
    </>
  );
  return stacked ? (
    <Stack gap="xs" mt={4}>
      {buttons}
    </Stack>
  ) : (
    <Group gap="xs" wrap="wrap">
      {buttons}
    </Group>
  );
}

/**
 * The history list (spec §2): a table with Date, Initial configuration,
 * Steps, Iterations, Dataset and Actions; cards with the same fields on
 * small screens. Multi-agent runs have no 'Load to integration'.
 */
export function HistoryTable({ rows, mode, compact, busyId, ...actions }: HistoryTableProps) {
  if (compact) {
    return (
      <Stack gap="sm" data-testid="history-cards">
        {rows.map((row) => (
          <Card key={row.id} withBorder padding="md" data-testid="history-row">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{row.date}</Text>
                <StatusBadge status={row.status} />
              </Group>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                <Text size="sm" c="dimmed">
                  Initial configuration
                </Text>
                <div>
                  <OpenButton onClick={() => actions.onOpenInitial(row.record)} />
                </div>
                <Text size="sm" c="dimmed">
                  Steps
                </Text>
                <Group gap={6}>
                  <Text size="sm">{row.stepsLabel}</Text>
                  <OpenButton onClick={() => actions.onOpenSteps(row.record)} />
                </Group>
                <Text size="sm" c="dimmed">
                  Iterations
                </Text>
                <Text size="sm">{row.iterations}</Text>
                <Text size="sm" c="dimmed">
                  Dataset
                </Text>
                <Text size="sm" style={{ wordBreak: "break-word" }}>
                  {row.dataset}
                </Text>
              </SimpleGrid>
              <Actions row={row} mode={mode} busy={busyId === row.id} stacked {...actions} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Initial configuration</Table.Th>
            <Table.Th>Steps</Table.Th>
            <Table.Th>Iterations</Table.Th>
            <Table.Th>Dataset</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="history-row">
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                    {row.date}
                  </Text>
                  <StatusBadge status={row.status} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <OpenButton onClick={() => actions.onOpenInitial(row.record)} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                    {row.stepsLabel}
                  </Text>
                  <OpenButton onClick={() => actions.onOpenSteps(row.record)} />
                </Group>
              </Table.Td>
              <Table.Td>{row.iterations}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{row.dataset}</Table.Td>
              <Table.Td>
                <Actions
                  row={row}
                  mode={mode}
                  busy={busyId === row.id}
                  stacked={false}
                  {...actions}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
