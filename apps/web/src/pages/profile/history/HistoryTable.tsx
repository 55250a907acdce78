import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import type { HistoryRecord, RunMode } from "@promptune/contracts";
import type { HistoryRow } from "./mapping";

/** What the table's buttons do. */
export interface HistoryTableActions {
  onOpenInitial(record: HistoryRecord): void;
  onOpenSteps(record: HistoryRecord): void;
  onOpenChanges(record: HistoryRecord): void;
  onLoadOptimizer(record: HistoryRecord): void;
  onLoadIntegration(record: HistoryRecord): void;
}

interface HistoryTableProps extends HistoryTableActions {
  rows: HistoryRow[];
  mode: RunMode;
  /** Card layout (small and medium screens) instead of the table. */
  compact: boolean;
  /** Id of the record whose action is in progress. */
  busyId: string | null;
}

const STATUS_COLORS: Record<HistoryRecord["status"], string> = {
  completed: "green",
  running: "blue",
  paused: "yellow",
  queued: "gray",
  failed: "red",
  cancelled: "brand",
};

/** Status and mode of a run as two badges. */
function RunBadges({ row }: { row: HistoryRow }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        size="xs"
        variant="light"
        color={STATUS_COLORS[row.status]}
        data-testid="history-status"
      >
        {row.statusLabel}
      </Badge>
      <Badge size="xs" variant="light" color="blue" data-testid="history-mode-badge">
        {row.modeLabel}
      </Badge>
    </Group>
  );
}

/** Best validation and held-out scores. */
function Scores({ row }: { row: HistoryRow }) {
  return (
    <Stack gap={0} data-testid="history-scores">
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        <Text span c="dimmed" size="sm">
          Validation{" "}
        </Text>
        {row.bestScore}
      </Text>
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        <Text span c="dimmed" size="sm">
          Held-out{" "}
        </Text>
        {row.heldOutScore}
      </Text>
    </Stack>
  );
}

/** The dataset's title, with its name below when they differ. */
function DatasetName({ row }: { row: HistoryRow }) {
  return (
    <Stack gap={0} data-testid="history-dataset">
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {row.datasetTitle}
      </Text>
      {row.datasetTitle !== row.dataset && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {row.dataset}
        </Text>
      )}
    </Stack>
  );
}

function Preview({ row }: { row: HistoryRow }) {
  return (
    <Text size="sm" lineClamp={2} title={row.preview} data-testid="history-preview">
      {row.preview}
    </Text>
  );
}

function OpenButton({ onClick, label }: { onClick(): void; label?: string }) {
  return (
    <Button size="compact-sm" variant="light" onClick={onClick}>
      {label ?? "Open"}
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
    <Stack gap="xs" align="stretch">
      {buttons}
    </Stack>
  );
}

/** Card layout of one run (small and medium screens). */
function HistoryCard({
  row,
  mode,
  busy,
  ...actions
}: { row: HistoryRow; mode: RunMode; busy: boolean } & HistoryTableActions) {
  return (
    <Card withBorder padding="md" data-testid="history-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{row.date}</Text>
          <RunBadges row={row} />
        </Group>
        <Preview row={row} />
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
            {row.record.steps.length > 0 && (
              <OpenButton label="Changes" onClick={() => actions.onOpenChanges(row.record)} />
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Best validation
          </Text>
          <Text size="sm">{row.bestScore}</Text>
          <Text size="sm" c="dimmed">
            Held-out
          </Text>
          <Text size="sm">{row.heldOutScore}</Text>
          <Text size="sm" c="dimmed">
            Iterations
          </Text>
          <Text size="sm">{row.iterations}</Text>
          <Text size="sm" c="dimmed">
            Dataset
          </Text>
          <DatasetName row={row} />
        </SimpleGrid>
        <Actions row={row} mode={mode} busy={busy} stacked {...actions} />
      </Stack>
    </Card>
  );
}

/**
 * The history list (spec §2 plus issue 16): a table with Date (status and
 * mode), Initial configuration (prompt preview), Steps, Scores (best
 * validation and held-out), Iterations, Dataset and Actions; cards with the
 * same fields below 1024 px. Multi-agent runs have no 'Load to integration'.
 */
export function HistoryTable({ rows, mode, compact, busyId, ...actions }: HistoryTableProps) {
  if (compact) {
    return (
      <Stack gap="sm" data-testid="history-cards">
        {rows.map((row) => (
          <HistoryCard key={row.id} row={row} mode={mode} busy={busyId === row.id} {...actions} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Initial configuration</Table.Th>
            <Table.Th>Steps</Table.Th>
            <Table.Th>Scores</Table.Th>
            <Table.Th>Iterations</Table.Th>
            <Table.Th>Dataset</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="history-row">
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                    {row.date}
                  </Text>
                  <RunBadges row={row} />
                </Stack>
              </Table.Td>
              <Table.Td miw={200} maw={280}>
                <Stack gap={4} align="flex-start">
                  <Preview row={row} />
                  <OpenButton onClick={() => actions.onOpenInitial(row.record)} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                    {row.stepsLabel}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <OpenButton onClick={() => actions.onOpenSteps(row.record)} />
                    {row.record.steps.length > 0 && (
                      <OpenButton
                        label="Changes"
                        onClick={() => actions.onOpenChanges(row.record)}
                      />
                    )}
                  </Group>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Scores row={row} />
              </Table.Td>
              <Table.Td>{row.iterations}</Table.Td>
              <Table.Td>
                <DatasetName row={row} />
              </Table.Td>
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
