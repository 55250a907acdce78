import {
  Alert,
  Button,
  Chip,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type EvidencePage, type EvidenceStatus, evidenceSelectorOf } from "@promptune/contracts";
import { useEffect, useState } from "react";
import { type EvidenceFilters, evidenceExportUrl, fetchEvidence } from "../../api/evidence";
import { EvidenceRow, STATUS_LOOK } from "./EvidenceRow";
import { sideName, sideOptions } from "./evidence-sides";

const PAGE_SIZE = 20;

const SORTS = [
  { value: "change_desc", label: "Largest gain first" },
  { value: "change_asc", label: "Largest loss first" },
  { value: "example", label: "Dataset order" },
];
const SPLITS = [
  { value: "all", label: "Validation and test" },
  { value: "validation", label: "Validation only" },
  { value: "test", label: "Held-out test only" },
];

/**
 * The per-example results grid of a run: two configurations (initial vs
 * presented by default, any iteration or frontier point selectable), each example's status,
 * filters by status and split, sort by score change, search, paging and a
 * CSV/JSONL download of the filtered rows.
 */
export function EvidenceGrid({ runId }: { runId: string }) {
  const [filters, setFilters] = useState<EvidenceFilters>({
    status: "all",
    split: "all",
    sort: "change_desc",
  });
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<EvidencePage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchEvidence(runId, { ...filters, q, page, page_size: PAGE_SIZE }, controller.signal)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setError(err instanceof Error ? err.message : "Could not load the evidence.");
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [runId, filters, q, page]);

  const update = (patch: Partial<EvidenceFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const options = sideOptions(data);
  const a = data?.a;
  const b = data?.b;
  const exportFilters: EvidenceFilters = {
    ...filters,
    q,
    ...(a ? { a: evidenceSelectorOf(a) } : {}),
    ...(b ? { b: evidenceSelectorOf(b) } : {}),
  };
  const counts = data?.counts;
  const total = counts ? Object.values(counts).reduce((x, y) => x + y, 0) : 0;

  return (
    <Stack gap="sm" data-testid="evidence-grid">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Configuration A"
          data={options}
          value={a ? evidenceSelectorOf(a) : null}
          onChange={(v) => v !== null && update({ a: v })}
          allowDeselect={false}
          data-testid="evidence-a"
        />
        <Select
          label="Configuration B"
          data={options}
          value={b ? evidenceSelectorOf(b) : null}
          onChange={(v) => v !== null && update({ b: v })}
          allowDeselect={false}
          data-testid="evidence-b"
        />
      </SimpleGrid>
      <Chip.Group
        value={filters.status ?? "all"}
        onChange={(v) => update({ status: v as EvidenceFilters["status"] })}
      >
        <Group
          gap="xs"
          wrap="wrap"
          role="group"
          aria-label="Filter by status"
          data-testid="evidence-status-filter"
        >
          <Chip value="all" size="sm" color="gray.8">
            All ({total})
          </Chip>
          {(Object.keys(STATUS_LOOK) as EvidenceStatus[]).map((s) => (
            <Chip key={s} value={s} size="sm" color={STATUS_LOOK[s].color}>
              {STATUS_LOOK[s].label} ({counts?.[s] ?? 0})
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Search"
          placeholder="Text in conversation, reply or feedback"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maxLength={200}
          data-testid="evidence-search"
        />
        <Select
          label="Examples"
          data={SPLITS}
          value={filters.split ?? "all"}
          onChange={(v) => v && update({ split: v as EvidenceFilters["split"] })}
          allowDeselect={false}
        />
        <Select
          label="Sort"
          data={SORTS}
          value={filters.sort ?? "change_desc"}
          onChange={(v) => v && update({ sort: v as EvidenceFilters["sort"] })}
          allowDeselect={false}
          data-testid="evidence-sort"
        />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="evidence-summary">
          {data
            ? `${data.total} example${data.total === 1 ? "" : "s"} shown.${data.test_compared ? "" : " Held-out test answers exist only for the initial and the presented configuration (and the frontier points the test measured)."}`
            : loading
              ? "Loading evidence…"
              : ""}
        </Text>
        <Group gap="xs">
          {loading && <Loader size="xs" />}
          <Button
            component="a"
            href={evidenceExportUrl(runId, exportFilters, "csv")}
            download
            size="compact-sm"
            variant="default"
          >
            Download CSV
          </Button>
          <Button
            component="a"
            href={evidenceExportUrl(runId, exportFilters, "jsonl")}
            download
            size="compact-sm"
            variant="default"
          >
            Download JSONL
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" variant="light" title="Evidence unavailable">
          {error}
        </Alert>
      )}
      {data && data.total === 0 && !error && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No examples match these filters.
        </Text>
      )}
      {data && a && b && (
        <Stack gap="xs">
          {data.rows.map((row) => (
            <EvidenceRow
              key={`${row.split}:${row.example_id}`}
              row={row}
              a={sideName(a)}
              b={sideName(b)}
            />
          ))}
        </Stack>
      )}
      {data && data.total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(data.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          size="sm"
          aria-label="Evidence pages"
        />
      )}
    </Stack>
  );
}
