/**
 * Ratings and Feedback datasets API (issue 25, items 1–2), all for the
 * signed-in caller and only over their own records:
 * POST /ratings/chat rates a reply of the caller's web chat;
 * GET /feedback/:name/rows, PUT and DELETE /feedback/:name/rows/:id review
 * a Feedback dataset; GET /feedback/:name/jsonl downloads it. Telegram
 * ratings arrive through the bots (../integration/telegram/rating.ts).
 */
import {
  ChatRatingRequestSchema,
  type ChatRatingResponse,
  FEEDBACK_DATASETS,
  FeedbackDatasetNameSchema,
  FeedbackRowPatchSchema,
  type FeedbackRowsResponse,
  type Success,
} from "@promptune/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { notFound } from "../errors";
import { requireUser } from "../http/auth-guard";
import { hitSharedLimit } from "../http/shared-rate-limit";
import { RatingStore } from "./ratings";

/** Most web chat ratings one user may store per hour (a rating is one row each). */
export const RATINGS_PER_HOUR = 600;

const RowIdSchema = z.uuid();

/** The Feedback dataset named in the path; 404 for any other name. */
function datasetOf(request: FastifyRequest) {
  const parsed = FeedbackDatasetNameSchema.safeParse((request.params as { name?: string }).name);
  if (!parsed.success)
    throw notFound("No such Feedback dataset: use feedback-chat or feedback-telegram.");
  return parsed.data;
}

/** The row id in the path; 404 when it cannot be a row id. */
function rowIdOf(request: FastifyRequest): string {
  const parsed = RowIdSchema.safeParse((request.params as { id?: string }).id);
  if (!parsed.success) throw notFound("No such row.");
  return parsed.data;
}

/** The ratings and Feedback datasets feature plugin (registered under /api). */
export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const { db, datasets } = app.deps;
  const ratings = new RatingStore(db);
  const feedback = datasets.feedback;
  const ratingLimit = {
    name: "ratings",
    max: RATINGS_PER_HOUR,
    windowMs: 3_600_000,
    message: `You may rate at most ${RATINGS_PER_HOUR} replies per hour. Please try again later.`,
  };

  app.post("/ratings/chat", async (request, reply): Promise<Success<ChatRatingResponse>> => {
    const user = await requireUser(request);
    const body = ChatRatingRequestSchema.parse(request.body);
    await hitSharedLimit(db, ratingLimit, `user:${user.id}`);
    const id = await ratings.rateWebReply(user.id, body);
    reply.status(201);
    return { success: true, data: { id } };
  });

  app.get("/feedback/:name/rows", async (request): Promise<Success<FeedbackRowsResponse>> => {
    const user = await requireUser(request);
    const name = datasetOf(request);
    const rows = await feedback.rows(user.id, name);
    return { success: true, data: { name, title: FEEDBACK_DATASETS[name].title, rows } };
  });

  app.put("/feedback/:name/rows/:id", async (request) => {
    const user = await requireUser(request);
    const name = datasetOf(request);
    const id = rowIdOf(request);
    const patch = FeedbackRowPatchSchema.parse(request.body);
    return { success: true, data: await feedback.edit(user.id, name, id, patch) };
  });

  app.delete("/feedback/:name/rows/:id", async (request) => {
    const user = await requireUser(request);
    const name = datasetOf(request);
    const id = rowIdOf(request);
    await feedback.remove(user.id, name, id);
    return { success: true, data: { deleted: id } };
  });

  app.get("/feedback/:name/jsonl", async (request, reply) => {
    const user = await requireUser(request);
    const name = datasetOf(request);
    const body = await feedback.jsonl(user.id, name);
    return reply
      .header("content-type", "application/x-ndjson; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}.jsonl"`)
      .send(body);
  });
}
