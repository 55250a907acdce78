/** The per-example evidence and reasoning calls of a stored run (the caller's own runs only). */
import type { EvidencePage, RunReasoning } from "@promptune/contracts";
import { API_BASE, api } from "./client";
import { lazySchema } from "./schemas";

const evidencePage = lazySchema((c) => c.EvidencePageSchema);
const runReasoning = lazySchema((c) => c.RunReasoningSchema);

/** Filters of the evidence grid (the server's defaults apply to absent ones). */
export interface EvidenceFilters {
  /** An iteration (3 or "3") or a frontier point ("f2"). */
  a?: number | string;
  b?: number | string;
  status?: "all" | "fixed" | "broken" | "both_pass" | "both_fail";
  split?: "all" | "validation" | "test";
  q?: string;
  sort?: "change_desc" | "change_asc" | "example";
}

const runPath = (runId: string) => `/auto-tune/optimize/runs/${encodeURIComponent(runId)}`;

function queryOf(filters: EvidenceFilters): Record<string, string | number | undefined> {
  return {
    a: filters.a,
    b: filters.b,
    status: filters.status,
    split: filters.split,
    q: filters.q ? filters.q : undefined,
    sort: filters.sort,
  };
}

/** GET /auto-tune/optimize/runs/:id/evidence: one page of configuration A vs B. */
export function fetchEvidence(
  runId: string,
  filters: EvidenceFilters & { page: number; page_size: number },
  signal?: AbortSignal,
): Promise<EvidencePage> {
  return api.get(`${runPath(runId)}/evidence`, {
    schema: evidencePage,
    query: { ...queryOf(filters), page: filters.page, page_size: filters.page_size },
    ...(signal ? { signal } : {}),
  });
}

/** The address of the grid's download (every filtered row) as CSV or JSONL. */
export function evidenceExportUrl(
  runId: string,
  filters: EvidenceFilters,
  format: "csv" | "jsonl",
): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...queryOf(filters), format })) {
    if (v !== undefined) params.set(k, String(v));
  }
  return `${API_BASE}${runPath(runId)}/evidence/export?${params.toString()}`;
}

/** GET /auto-tune/optimize/runs/:id/reasoning: every iteration's reasoning and the explained pick. */
export function fetchReasoning(runId: string, signal?: AbortSignal): Promise<RunReasoning> {
  return api.get(`${runPath(runId)}/reasoning`, {
    schema: runReasoning,
    ...(signal ? { signal } : {}),
  });
}
