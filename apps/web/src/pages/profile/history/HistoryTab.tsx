import { Alert, Button, Group, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { HistoryRecord, HistoryStep, RunMode } from "@promptune/contracts";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { listDatasets } from "../../../api/datasets";
import { selectHistoryStep } from "../../../api/history";
import { useAuthStore } from "../../../stores/auth";
import { useUiStore } from "../../../stores/ui";
import { openInIntegration } from "../../single-agent/configuration-actions";
import { loadIntoOptimizer, loadMultiIntoOptimizer, loadToIntegration } from "./actions";
import { ConfirmIntegrationModal } from "./ConfirmIntegrationModal";
import { HistoryDiffModal } from "./HistoryDiffModal";
import { InitialConfigModal, StepsModal } from "./HistoryModals";
import { HistoryTable } from "./HistoryTable";
import { LoadMore } from "./LoadMore";
import { historyRows } from "./mapping";
import { useHistoryPages } from "./useHistoryPages";

/** Texts of the History tab (spec §2). */
export const HISTORY_TEXT = {
  loading: "Loading history...",
  empty: "No optimization history found",
} as const;

const MODES: { value: RunMode; label: string }[] = [
  { value: "single", label: "Single-Agent" },
  { value: "multi", label: "Multi-Agent" },
];

/**
 * The History tab (spec §2, §4): the signed-in user's runs of the chosen
 * mode, newest first, a page at a time (the next page loads as the list's end
 * scrolls into view), with the configuration and steps modals and the
 * 'Load into optimizer' / 'Load to integration' actions. A failed load is
 * only logged and shows the empty state.
 */
export function HistoryTab() {
  const status = useAuthStore((s) => s.status);
  const openLogin = useUiStore((s) => s.openLogin);
  const navigate = useNavigate();
  const compact = useMediaQuery("(max-width: 1023px)") ?? false;
  const [mode, setMode] = useState<RunMode>("single");
  const { records, setRecords, loading, loadingMore, hasMore, failed, loadMore } = useHistoryPages(
    mode,
    status === "authenticated",
  );
  const [initialOf, setInitialOf] = useState<HistoryRecord | null>(null);
  const [stepsOf, setStepsOf] = useState<HistoryRecord | null>(null);
  const [changesOf, setChangesOf] = useState<HistoryRecord | null>(null);
  const [confirmIntegrationOf, setConfirmIntegrationOf] = useState<HistoryRecord | null>(null);
  const [selectingId, setSelectingId] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    if (status !== "authenticated") return;
    listDatasets().then(
      (list) => setTitles(new Map(list.map((d) => [d.name, d.title]))),
      (error: unknown) => console.error("Failed to load dataset titles", error),
    );
  }, [status]);

  const rows = useMemo(() => historyRows(records, undefined, titles), [records, titles]);

  const replaceRecord = (updated: HistoryRecord) => {
    setRecords((list) => list.map((r) => (r.id === updated.id ? updated : r)));
    setStepsOf((open) => (open?.id === updated.id ? updated : open));
  };

  const selectStep = async (step: HistoryStep) => {
    setSelectingId(step.id);
    try {
      replaceRecord(await selectHistoryStep(step.id));
    } catch (error) {
      console.error("Selecting the step failed", error);
      notifications.show({ color: "red", message: "Failed to select the step. Please try again." });
    } finally {
      setSelectingId(null);
    }
  };

  const run = async (
    record: HistoryRecord,
    action: (r: HistoryRecord, go: (to: string) => void) => Promise<void>,
  ) => {
    setBusyId(record.id);
    try {
      await action(record, (to) => navigate(to));
    } catch (error) {
      console.error("Loading the run failed", error);
      notifications.show({ color: "red", message: "Failed to load the run. Please try again." });
    } finally {
      setBusyId(null);
    }
  };

  if (status === "loading") return <Loader m="md" aria-label="Loading history" />;
  if (status === "anonymous") {
    return (
      <Alert variant="light" title="You are not signed in" data-testid="history-signed-out">
        <Stack gap="sm" align="flex-start">
          Sign in to see the history of your optimizations.
          <Button size="xs" onClick={openLogin}>
            Sign in
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md" data-testid="history-tab">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          History
        </Title>
        <Select
          aria-label="Optimization mode"
          data={MODES}
          value={mode}
          allowDeselect={false}
          w={180}
          data-testid="history-mode"
          onChange={(v) => v && setMode(v as RunMode)}
        />
      </Group>
      {loading ? (
        <Text c="dimmed">{HISTORY_TEXT.loading}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{HISTORY_TEXT.empty}</Text>
      ) : (
        <HistoryTable
          rows={rows}
          mode={mode}
          compact={compact}
          busyId={busyId}
          onOpenInitial={setInitialOf}
          onOpenSteps={setStepsOf}
          onOpenChanges={setChangesOf}
          onLoadOptimizer={(r) =>
            void run(r, r.mode === "multi" ? loadMultiIntoOptimizer : loadIntoOptimizer)
          }
          onLoadIntegration={setConfirmIntegrationOf}
        />
      )}
      {!loading && rows.length > 0 && hasMore && (
        <LoadMore loading={loadingMore} auto={!failed} onLoad={loadMore} />
      )}
      <InitialConfigModal record={initialOf} onClose={() => setInitialOf(null)} />
      <HistoryDiffModal record={changesOf} onClose={() => setChangesOf(null)} />
      <ConfirmIntegrationModal
        record={confirmIntegrationOf}
        onCancel={() => setConfirmIntegrationOf(null)}
        onConfirm={(r) => {
          setConfirmIntegrationOf(null);
          void run(r, loadToIntegration);
        }}
      />
      <StepsModal
        record={stepsOf}
        onClose={() => setStepsOf(null)}
        onSelect={(s) => void selectStep(s)}
        selectingId={selectingId}
        onUse={(step) => {
          const c = stepsOf?.configuration;
          if (!c) return;
          openInIntegration(
            { prompt: c.initial_prompt, model_name: c.model_name, temperature: c.temperature },
            { prompt: step.prompt, model_name: step.model_name, temperature: step.temperature },
            (to) => navigate(to),
          );
        }}
      />
    </Stack>
  );
}
