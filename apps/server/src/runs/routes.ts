import {
  FrontierChoiceRequestSchema,
  type HistoryPage,
  HistoryQuerySchema,
  RunEstimateRequestSchema,
  RunModeSchema,
  SelectPromptRequestSchema,
} from "@promptune/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { badRequest, notFound } from "../errors";
import { requireUser } from "../http/auth-guard";
import { hitSharedLimit } from "../http/shared-rate-limit";
import { Semaphore } from "../llm/semaphore";
import { activeRun } from "./active";
import { historyRecord, parseStepId } from "./history";
import { decodeCursor, encodeCursor } from "./history-store";
import { runSocketRoutes } from "./socket";

/** History pages one process builds at once (the rest wait their turn). */
const HISTORY_PAGES_AT_ONCE = 2;

/** Resolves after pending I/O callbacks have run (a macrotask turn, unlike a resolved promise). */
const yieldToIo = () => new Promise((resolve) => setImmediate(resolve));

const ActiveQuerySchema = z.object({ mode: RunModeSchema });
const SaveHistorySchema = z.object({ run_id: z.string().min(1, { error: "run_id is required" }) });

/** Optimisation runs: the two sockets, history, step selection and cancellation. */
export async function runRoutes(app: FastifyInstance): Promise<void> {
  await app.register(runSocketRoutes);
  const repo = () => app.deps.runs;
  const estimateLimit = {
    name: "estimate",
    max: app.deps.env.ESTIMATE_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    message: "Too many run estimates. Please wait a moment and try again.",
  };

  // What a run of this request would spend; the run is capped at its max_calls.
  app.post("/auto-tune/optimize/estimate", async (request) => {
    const user = await requireUser(request);
    await hitSharedLimit(app.deps.db, estimateLimit, `user:${user.id}`);
    const { mode, ...body } = RunEstimateRequestSchema.parse(request.body);
    return { success: true, data: await app.deps.runService.estimate(user.id, mode, body) };
  });

  // Paged (docs/api.md "History pages"): `data` is the spec's record list, `next_cursor` the next
  // page. Pages are built (read, parsed, serialised) a few at a time per process, so a flood of
  // large pages queues instead of holding the event loop (and its memory) all at once.
  const pageBuilds = new Semaphore(HISTORY_PAGES_AT_ONCE);
  app.get("/auto-tune/optimize/history", async (request, reply) => {
    const user = await requireUser(request);
    const { mode, cursor, limit } = HistoryQuerySchema.parse(request.query ?? {});
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (cursor !== undefined && !after) throw badRequest("cursor is malformed.");
    const release = await pageBuilds.acquire();
    try {
      // Let waiting I/O (other requests, /healthz) run between the steps: on SQLite the reads
      // never leave the thread, so builds granted one after another would run back to back.
      await yieldToIo();
      const { rows, more } = await repo().pageForUser(user.id, {
        ...(mode ? { mode } : {}),
        ...(after ? { after } : {}),
        limit,
        maxChars: app.deps.env.HISTORY_PAGE_MAX_CHARS,
      });
      await yieldToIo();
      const iterations = await repo().iterationsOf(rows.map((r) => r.id));
      await yieldToIo();
      const last = rows.at(-1);
      const page: HistoryPage = {
        success: true,
        data: rows.map((r) => historyRecord(r, iterations.get(r.id) ?? [])),
        next_cursor:
          more && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
      };
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(page));
    } finally {
      release();
    }
  });

  app.get("/auto-tune/optimize/history/:id", async (request) => {
    const user = await requireUser(request);
    const run = await repo().getOwned(user.id, (request.params as { id: string }).id);
    if (!run) throw notFound("No such optimization run.");
    return { success: true, data: historyRecord(run, await repo().iterations(run.id)) };
  });

  // The server saves every run itself; this endpoint only confirms (idempotently).
  app.post("/auto-tune/optimize/history", async (request) => {
    const user = await requireUser(request);
    const { run_id } = SaveHistorySchema.parse(request.body);
    const run = await repo().getOwned(user.id, run_id);
    if (!run) throw notFound("No such optimization run.");
    return { success: true, data: historyRecord(run, await repo().iterations(run.id)) };
  });

  app.put("/auto-tune/optimize/selected-prompt", async (request) => {
    const user = await requireUser(request);
    const body = SelectPromptRequestSchema.parse(request.body);
    const target =
      "selected_step_id" in body
        ? parseStepId(body.selected_step_id)
        : { runId: body.run_id, step: body.step_number };
    if (!target) throw badRequest("selected_step_id is malformed.");
    const run = await repo().getOwned(user.id, target.runId);
    if (!run) throw notFound("No such optimization run.");
    const iterations = await repo().iterations(run.id);
    if (!iterations.some((i) => i.iteration === target.step && target.step >= 1)) {
      throw badRequest(`Run has no step ${target.step}.`);
    }
    await repo().setSelectedStep(run.id, target.step);
    const updated = await repo().getOwned(user.id, run.id);
    return { success: true, data: historyRecord(updated ?? run, iterations) };
  });

  // The frontier point a finished run's configuration uses (null: the recommended one again).
  app.put("/auto-tune/optimize/runs/:id/frontier-choice", async (request) => {
    const user = await requireUser(request);
    const { point } = FrontierChoiceRequestSchema.parse(request.body);
    const run = await repo().getOwned(user.id, (request.params as { id: string }).id);
    if (!run) throw notFound("No such optimization run.");
    const count = run.frontier ? (JSON.parse(run.frontier) as unknown[]).length : 0;
    if (count === 0) throw badRequest("The run has no cost–quality frontier.");
    if (point !== null && point >= count) {
      throw badRequest(`The run has no frontier point ${point} (it has ${count}).`);
    }
    await repo().setFrontierChoice(run.id, point);
    const updated = await repo().getOwned(user.id, run.id);
    return { success: true, data: historyRecord(updated ?? run, await repo().iterations(run.id)) };
  });

  // Starting a run without a socket (scripts, CI, API tokens with the run scope): 202 with the
  // run's id; poll GET /auto-tune/optimize/history/:id for its status, iterations and result.
  app.post("/auto-tune/optimize/runs", async (request, reply) => {
    const user = await requireUser(request);
    const { mode, ...body } = RunEstimateRequestSchema.parse(request.body);
    const run = await app.deps.runService.create(user.id, mode, body);
    await app.deps.runService.start(run.id);
    reply.code(202);
    return { success: true, data: { run_id: run.id, status: run.status } };
  });

  // The caller's active run of a mode, so a page can reattach after leaving or a reload.
  app.get("/auto-tune/optimize/runs/active", async (request) => {
    const user = await requireUser(request);
    const { mode } = ActiveQuerySchema.parse(request.query ?? {});
    const run = await repo().activeFor(user.id, mode);
    return { success: true, data: run ? activeRun(run) : null };
  });

  app.post("/auto-tune/optimize/runs/:id/cancel", async (request) => {
    const user = await requireUser(request);
    const run = await app.deps.runService.cancel(user.id, (request.params as { id: string }).id);
    if (!run) throw notFound("No such optimization run.");
    return { success: true, data: { run_id: run.id, status: run.status } };
  });
}
