/**
 * Ratings and Feedback datasets API client (issue 25): rate a web chat
 * reply, and review a Feedback dataset's rows (view, edit, delete, download).
 */
import type {
  ChatRatingInput,
  FeedbackDatasetName,
  FeedbackRow,
  FeedbackRowPatch,
  FeedbackRowsResponse,
} from "@promptune/contracts";
import { API_BASE, api } from "./client";
import { lazySchema } from "./schemas";

const rated = lazySchema((c) => c.ChatRatingResponseSchema);
const rowsResponse = lazySchema((c) => c.FeedbackRowsResponseSchema);
const row = lazySchema((c) => c.FeedbackRowSchema);

/** POST /ratings/chat: stores a rating of one of the caller's chat replies; resolves to its row id. */
export function rateChatReply(body: ChatRatingInput): Promise<{ id: string }> {
  return api.post("/ratings/chat", body, { schema: rated });
}

/** GET /feedback/:name/rows: the Feedback dataset's rated replies, newest first. */
export function listFeedbackRows(
  name: FeedbackDatasetName,
  signal?: AbortSignal,
): Promise<FeedbackRowsResponse> {
  return api.get(`/feedback/${name}/rows`, { schema: rowsResponse, ...(signal ? { signal } : {}) });
}

/** PUT /feedback/:name/rows/:id: changes a row's reference and/or rubric. */
export function editFeedbackRow(
  name: FeedbackDatasetName,
  id: string,
  patch: FeedbackRowPatch,
): Promise<FeedbackRow> {
  return api.put(`/feedback/${name}/rows/${encodeURIComponent(id)}`, patch, { schema: row });
}

/** DELETE /feedback/:name/rows/:id: removes a row (its rating). */
export function deleteFeedbackRow(name: FeedbackDatasetName, id: string): Promise<unknown> {
  return api.delete(`/feedback/${name}/rows/${encodeURIComponent(id)}`);
}

/** The JSONL download address of a Feedback dataset (the rows with a reference). */
export function feedbackDownloadUrl(name: FeedbackDatasetName): string {
  return `${API_BASE}/feedback/${name}/jsonl`;
}
