import {
  RunEstimateRequestSchema,
  RunModeSchema,
  SelectPromptRequestSchema,
} from "@promptune/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { badRequest, notFound } from "../errors";
import { requireUser } from "../http/auth-guard";
import { activeRun } from "./active";
import { historyRecord, parseStepId } from "./history";
import { runSocketRoutes } from "./socket";

const HistoryQuerySchema = z.object({ mode: RunModeSchema.optional() });
const ActiveQuerySchema = z.object({ mode: RunModeSchema });
const SaveHistorySchema = z.object({ run_id: z.string().min(1, { error: "run_id is required" }) });

/** Optimisation runs: the two sockets, history, step selection and cancellation. */
export async function runRoutes(app: FastifyInstance): Promise<void> {
  await app.register(runSocketRoutes);
  const repo = () => app.deps.runs;

  // What a run of this request would spend; the run is capped at its max_calls.
  app.post("/auto-tune/optimize/estimate", async (request) => {
    const user = await requireUser(request);
    const { mode, ...body } = RunEstimateRequestSchema.parse(request.body);
    return { success: true, data: await app.deps.runService.estimate(user.id, mode, body) };
  });

  app.get("/auto-tune/optimize/history", async (request) => {
    const user = await requireUser(request);
    const { mode } = HistoryQuerySchema.parse(request.query ?? {});
    const rows = await repo().listForUser(user.id, mode);
    const iterations = await repo().iterationsOf(rows.map((r) => r.id));
    return { success: true, data: rows.map((r) => historyRecord(r, iterations.get(r.id) ?? [])) };
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
