/**
 * The automation API as OpenAPI operations: each names its zod contracts
 * (request body, response `data`), so the document is generated from the
 * same schemas both sides parse and cannot drift from them.
 */
import {
  ActiveRunSchema,
  ApiErrorSchema,
  ApiTokenCreatedSchema,
  ApiTokenCreateSchema,
  ApiTokenSchema,
  ChatRatingRequestSchema,
  ChatRatingResponseSchema,
  DatasetSummarySchema,
  DatasetUploadRequestSchema,
  EvalReportSchema,
  EvalRequestSchema,
  FeedbackRowPatchSchema,
  FeedbackRowSchema,
  FeedbackRowsResponseSchema,
  HistoryPageSchema,
  HistoryQuerySchema,
  HistoryRecordSchema,
  LlmStatusSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RunEstimateRequestSchema,
  RunEstimateSchema,
  RunModeSchema,
  RunStatusSchema,
} from "@promptune/contracts";
import { z } from "zod";
import type { Operation } from "./operation";
import { APP_OPERATIONS } from "./operations-app";
import { DEPLOY_OPERATIONS } from "./operations-deploys";

export type { Operation } from "./operation";

const RunStartedSchema = z.object({ run_id: z.string(), status: RunStatusSchema });
const IdSchema = z.object({ id: z.string() });
const NameSchema = z.object({ name: z.string() });

/** The documented operations, in the order the docs page lists them. */
export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/profile",
    tag: "Account",
    summary: "Your profile",
    auth: "read",
    data: ProfileSchema,
  },
  {
    method: "put",
    path: "/profile",
    tag: "Account",
    summary: "Save your profile",
    auth: "session",
    body: ProfileUpdateSchema,
    data: ProfileSchema,
  },
  {
    method: "get",
    path: "/profile/tokens",
    tag: "API tokens",
    summary: "List your API tokens (never their secrets)",
    auth: "session",
    data: z.array(ApiTokenSchema),
  },
  {
    method: "post",
    path: "/profile/tokens",
    tag: "API tokens",
    summary: "Create an API token; the answer holds its text, shown once",
    auth: "session",
    body: ApiTokenCreateSchema,
    data: ApiTokenCreatedSchema,
    status: 201,
  },
  {
    method: "delete",
    path: "/profile/tokens/{id}",
    tag: "API tokens",
    summary: "Revoke an API token",
    auth: "session",
    data: IdSchema,
  },
  {
    method: "get",
    path: "/datasets",
    tag: "Datasets",
    summary: "Bundled datasets and yours",
    auth: "public",
    data: z.array(DatasetSummarySchema),
  },
  {
    method: "post",
    path: "/datasets",
    tag: "Datasets",
    summary: "Upload a JSONL or CSV dataset",
    auth: "run",
    body: DatasetUploadRequestSchema,
    data: DatasetSummarySchema,
    status: 201,
  },
  {
    method: "delete",
    path: "/datasets/{name}",
    tag: "Datasets",
    summary: "Delete one of your datasets",
    auth: "run",
    data: NameSchema,
  },
  {
    method: "post",
    path: "/ratings/chat",
    tag: "Feedback",
    summary: "Rate a reply of your web chat (👍/👎, optional correction and note)",
    auth: "run",
    body: ChatRatingRequestSchema,
    data: ChatRatingResponseSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/feedback/{name}/rows",
    tag: "Feedback",
    summary:
      "Rows of your Feedback dataset (feedback-chat or feedback-telegram); JSONL at /feedback/{name}/jsonl",
    auth: "read",
    data: FeedbackRowsResponseSchema,
  },
  {
    method: "put",
    path: "/feedback/{name}/rows/{id}",
    tag: "Feedback",
    summary: "Edit a Feedback row's reference and rubric",
    auth: "run",
    body: FeedbackRowPatchSchema,
    data: FeedbackRowSchema,
  },
  {
    method: "delete",
    path: "/feedback/{name}/rows/{id}",
    tag: "Feedback",
    summary: "Delete a Feedback row",
    auth: "run",
    data: z.object({ deleted: z.string() }),
  },
  {
    method: "post",
    path: "/auto-tune/optimize/estimate",
    tag: "Runs",
    summary: "Estimate the calls, tokens and cost of a run",
    auth: "run",
    body: RunEstimateRequestSchema,
    data: RunEstimateSchema,
  },
  {
    method: "post",
    path: "/auto-tune/optimize/runs",
    tag: "Runs",
    summary: "Start an optimisation run; poll /auto-tune/optimize/history/{id}",
    auth: "run",
    body: RunEstimateRequestSchema,
    data: RunStartedSchema,
    status: 202,
  },
  {
    method: "post",
    path: "/evals",
    tag: "Evals",
    summary: "Score a prompt on a dataset's held-out split (or every example)",
    auth: "run",
    body: EvalRequestSchema,
    data: EvalReportSchema,
  },
  {
    method: "get",
    path: "/auto-tune/optimize/history",
    tag: "Runs",
    summary: "Your runs, newest first, a page at a time (`next_cursor` asks for the next page)",
    auth: "read",
    query: HistoryQuerySchema.shape,
    envelope: HistoryPageSchema,
  },
  {
    method: "get",
    path: "/auto-tune/optimize/history/{id}",
    tag: "Runs",
    summary: "One run: status, iterations, scores and result",
    auth: "read",
    data: HistoryRecordSchema,
  },
  {
    method: "get",
    path: "/auto-tune/optimize/runs/active",
    tag: "Runs",
    summary: "Your active run of a mode",
    auth: "read",
    query: { mode: RunModeSchema },
    data: ActiveRunSchema.nullable(),
  },
  {
    method: "post",
    path: "/auto-tune/optimize/runs/{id}/cancel",
    tag: "Runs",
    summary: "Cancel one of your runs",
    auth: "run",
    data: HistoryRecordSchema,
  },
  {
    method: "get",
    path: "/llm/status",
    tag: "Models",
    summary: "Configured model providers and their state",
    auth: "public",
    data: LlmStatusSchema,
  },
  ...APP_OPERATIONS,
  ...DEPLOY_OPERATIONS,
];

/** The error envelope every failure answers with. */
export const ErrorEnvelopeSchema = ApiErrorSchema;
