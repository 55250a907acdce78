/** Datasets API client: the bundled and the user's own datasets, and uploads (POST /datasets). */
import type {
  DatasetDetail,
  DatasetSummary,
  DatasetUpdateRequest,
  DatasetUploadRequest,
} from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const summary = lazySchema((c) => c.DatasetSummarySchema);
const summaries = lazySchema((c) => c.DatasetSummarySchema.array());

/** Body of an upload as the form builds it (metric optional: the server defaults to 'judge'). */
export type DatasetUpload = Omit<DatasetUploadRequest, "metric"> & {
  metric?: DatasetUploadRequest["metric"];
};

/** GET /datasets: bundled datasets plus, when signed in, the caller's own. */
export function listDatasets(signal?: AbortSignal): Promise<DatasetSummary[]> {
  return api.get("/datasets", {
    schema: summaries,
    ...(signal ? { signal } : {}),
  });
}

/** POST /datasets: uploads a JSONL or CSV file's text; resolves to the new dataset's summary. */
export function uploadDataset(body: DatasetUpload): Promise<DatasetSummary> {
  return api.post("/datasets", body, { schema: summary });
}

/** The upload format implied by a file name ('.jsonl'/'.json' → jsonl, '.csv' → csv). */
export function formatOfFile(fileName: string): "jsonl" | "csv" | undefined {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson") || lower.endsWith(".json"))
    return "jsonl";
  return undefined;
}

/** A dataset name derived from a file name (letters, digits, '.', '-', '_'; at most 64 characters). */
export function datasetNameFromFile(fileName: string): string {
  const base = fileName.replace(/\.(jsonl|ndjson|json|csv)$/i, "");
  return base
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 64);
}

const detail = lazySchema((c) => c.DatasetDetailSchema);

/** GET /datasets/:name: a bundled or own dataset with its first examples (404 for another user's). */
export function fetchDataset(name: string, signal?: AbortSignal): Promise<DatasetDetail> {
  return api.get(`/datasets/${encodeURIComponent(name)}`, {
    schema: detail,
    ...(signal ? { signal } : {}),
  });
}

/** PUT /datasets/:name: renames (title) and re-describes one of the caller's datasets. */
export function updateDataset(name: string, body: DatasetUpdateRequest): Promise<DatasetSummary> {
  return api.put(`/datasets/${encodeURIComponent(name)}`, body, { schema: summary });
}

/** DELETE /datasets/:name: deletes one of the caller's datasets. */
export async function deleteDataset(name: string): Promise<void> {
  await api.delete(`/datasets/${encodeURIComponent(name)}`);
}
