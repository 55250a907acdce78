import { Anchor, MultiSelect, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type DatasetSummary, MAX_EXTRA_DATASETS } from "@promptune/contracts";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { listDatasets } from "../../api/datasets";
import { DeferredSelect } from "../../components/deferred-inputs";
import { loadChunk } from "../../lib/chunks";
import { useOpenedOnce } from "../../lib/deferred";
import { useAuthStore } from "../../stores/auth";
import { type ExtraDatasetsPage, useExtraDatasetsStore } from "../../stores/extra-datasets";
import { useUiStore } from "../../stores/ui";

const UploadDatasetModal = lazy(() =>
  loadChunk("upload-dataset", () => import("./UploadDatasetModal")).then((m) => ({
    default: m.UploadDatasetModal,
  })),
);

/** Option value that opens the upload dialog instead of selecting. */
const UPLOAD = "__upload__";

/** Props of the Evaluation Dataset select. */
export interface DatasetSelectProps {
  value: string;
  onChange(name: string): void;
  /** Names from the defaults (used when the datasets list cannot be loaded). */
  fallbackNames: readonly string[];
  disabled?: boolean;
  /** Test id of the select (the multi-agent page keeps its own). */
  testId?: string;
  /** Tour target of the select. */
  tourId?: string;
  /** The page whose "Merge with" choice (extra datasets of the run) this select shows. */
  page: ExtraDatasetsPage;
}

/** Select options: bundled datasets, the user's own (uploads and Feedback datasets), and 'Upload dataset…'. */
export function datasetOptions(
  datasets: readonly DatasetSummary[],
  fallbackNames: readonly string[],
  current: string,
) {
  const bundled = datasets
    .filter((d) => d.owner === "bundled")
    .map((d) => ({ value: d.name, label: d.title || d.name }));
  const own = datasets
    .filter((d) => d.owner !== "bundled")
    .map((d) => ({ value: d.name, label: d.title || d.name }));
  if (datasets.length === 0) for (const n of fallbackNames) bundled.push({ value: n, label: n });
  const known = [...bundled, ...own].some((o) => o.value === current);
  if (current && !known) bundled.push({ value: current, label: current });
  return [
    { group: "Bundled datasets", items: bundled },
    ...(own.length ? [{ group: "Your datasets", items: own }] : []),
    { group: "Your own data", items: [{ value: UPLOAD, label: "Upload dataset…" }] },
  ];
}

/**
 * The Evaluation Dataset select of both optimizer pages, listing GET
 * /datasets (titles, the user's own datasets) and offering uploads, with a
 * link to the datasets page.
 */
export function DatasetSelect({
  value,
  onChange,
  fallbackNames,
  disabled,
  testId = "dataset-select",
  tourId,
  page,
}: DatasetSelectProps) {
  const [datasets, setDatasets] = useState<DatasetSummary[]>([]);
  const [uploadOpened, upload] = useDisclosure(false);
  const uploadMounted = useOpenedOnce(uploadOpened);
  const status = useAuthStore((s) => s.status);
  const openLogin = useUiStore((s) => s.openLogin);

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

  const selected = datasets.find((d) => d.name === value);
  const extras = useExtraDatasetsStore((s) => s[page]);
  const setExtras = useExtraDatasetsStore((s) => s.set);
  // Only datasets scored like the selected one can be merged with it.
  const mergeable = selected
    ? datasets.filter((d) => d.name !== value && d.metric === selected.metric)
    : [];
  const chosenExtras = extras.filter((n) => mergeable.some((d) => d.name === n));
  const stale = datasets.length > 0 && chosenExtras.length !== extras.length;
  // A choice that no longer fits (another dataset selected, one deleted) is dropped, never sent.
  useEffect(() => {
    if (stale) setExtras(page, chosenExtras);
  }, [stale, chosenExtras, page, setExtras]);
  return (
    <>
      <DeferredSelect
        label="Evaluation Dataset"
        placeholder="Choose a dataset"
        data={datasetOptions(datasets, fallbackNames, value)}
        value={value || null}
        allowDeselect={false}
        disabled={disabled}
        data-testid={testId}
        {...(tourId ? { "data-tour": tourId } : {})}
        comboboxProps={{ withinPortal: true }}
        onChange={(next) => {
          if (next === UPLOAD) {
            if (status === "authenticated") upload.open();
            else openLogin();
            return;
          }
          if (next) onChange(next);
        }}
      />
      <Text size="xs" c="dimmed" mt={-8} lineClamp={2} title={selected?.description}>
        {selected && (
          <>
            {selected.size} examples ·{" "}
            {selected.metric === "judge" ? "LLM judge" : `${selected.metric} match`}
            {selected.owner !== "bundled" ? " · yours" : ""} ·{" "}
          </>
        )}
        <Anchor component={Link} to="/datasets" size="xs" data-testid="manage-datasets">
          Manage datasets
        </Anchor>
      </Text>
      {status === "authenticated" && mergeable.length > 0 && (
        <MultiSelect
          label="Merge with"
          description="Other datasets scored the same way, evaluated together with this one"
          placeholder={chosenExtras.length ? undefined : "Only this dataset"}
          data={mergeable.map((d) => ({ value: d.name, label: d.title || d.name }))}
          value={chosenExtras}
          maxValues={MAX_EXTRA_DATASETS}
          clearable
          disabled={disabled}
          data-testid={`${testId}-merge`}
          comboboxProps={{ withinPortal: true }}
          onChange={(names) => setExtras(page, names)}
        />
      )}
      {uploadMounted && (
        <Suspense fallback={null}>
          <UploadDatasetModal
            opened={uploadOpened}
            onClose={upload.close}
            onUploaded={(d) => {
              upload.close();
              void refresh();
              setDatasets((list) => [...list.filter((x) => x.name !== d.name), d]);
              onChange(d.name);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
