/**
 * OpenAPI entries of the pages that inspect a run and its data (issue 26):
 * a run's evidence and the optimiser's reasoning, the datasets page, the
 * Feedback download, and which sign-in providers exist. Split from
 * operations-app.ts, whose APP_OPERATIONS lists them last.
 */
import {
  AuthProvidersSchema,
  DatasetDetailSchema,
  DatasetSummarySchema,
  DatasetUpdateRequestSchema,
  EvidenceExportQuerySchema,
  EvidencePageSchema,
  EvidenceQuerySchema,
  RunReasoningSchema,
} from "@promptune/contracts";
import type { Operation } from "./operation";

/** A run's evidence, reasoning and the datasets page (issue 26). */
export const INSPECTION_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/auth/providers",
    tag: "Sign-in",
    summary: "Which external sign-in providers this server offers",
    auth: "public",
    data: AuthProvidersSchema,
  },
  {
    method: "get",
    path: "/auto-tune/optimize/runs/{id}/evidence",
    tag: "Runs",
    summary: "Per-example evidence of two configurations of your run (paged, filtered, sorted)",
    auth: "read",
    query: EvidenceQuerySchema.shape,
    data: EvidencePageSchema,
  },
  {
    method: "get",
    path: "/auto-tune/optimize/runs/{id}/evidence/export",
    tag: "Runs",
    summary: "The same evidence as a CSV or JSONL download",
    auth: "read",
    query: EvidenceExportQuerySchema.shape,
    response: { contentType: "text/csv", schema: { type: "string" } },
  },
  {
    method: "get",
    path: "/auto-tune/optimize/runs/{id}/reasoning",
    tag: "Runs",
    summary: "The optimiser's reasoning of your run: proposals, outcomes, intervals, the pick",
    auth: "read",
    data: RunReasoningSchema,
  },
  {
    method: "get",
    path: "/datasets/{name}",
    tag: "Datasets",
    summary: "A bundled dataset or one of yours, with its first examples",
    auth: "public",
    data: DatasetDetailSchema,
  },
  {
    method: "put",
    path: "/datasets/{name}",
    tag: "Datasets",
    summary: "Rename or re-describe one of your datasets",
    auth: "run",
    body: DatasetUpdateRequestSchema,
    data: DatasetSummarySchema,
  },
  {
    method: "get",
    path: "/feedback/{name}/jsonl",
    tag: "Feedback",
    summary: "Download your Feedback dataset as JSONL",
    auth: "read",
    response: { contentType: "application/x-ndjson", schema: { type: "string" } },
  },
];
