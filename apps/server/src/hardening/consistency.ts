/**
 * The "nothing stored is lost or corrupted" check of the fault tests: what a
 * run's socket showed, what the database holds and what the history API
 * returns must agree, iteration by iteration.
 */
import { RUN_FAILURE } from "@promptune/contracts";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { RunMessage } from "../testing/ws-client";

/** What a run ended as, from its socket. */
export type RunEnd = "completed" | "failed";

/**
 * Asserts that run `runId` is stored exactly as its socket showed it:
 * iterations 0..k contiguous in the database; every update the socket got is
 * stored byte for byte (same JSON) and nothing else is (multi-agent iteration
 * 0 travels as the first update's baseline); the status and error match the
 * socket's last message; the history API lists the same steps and prompts.
 * Returns how the run ended.
 */
export async function expectStoredAsShown(
  app: FastifyInstance,
  cookie: string,
  runId: string,
  mode: "single" | "multi",
  allMessages: RunMessage[],
): Promise<RunEnd> {
  // A pause and its resume (provider outage) are notices, not part of the run's record.
  const messages = allMessages.filter((m) => m.type !== "paused" && m.type !== "resumed");
  const last = messages.at(-1);
  expect(last?.type === "complete" || last?.type === "error", JSON.stringify(last)).toBe(true);
  const updates = messages
    .filter((m) => m.type === "update")
    .map((m) => m.data ?? { iteration: -1 });
  expect(messages.slice(0, updates.length).every((m) => m.type === "update")).toBe(true);
  const shown = updates.map((u) => u.iteration);
  const first = mode === "single" ? 0 : 1;
  expect(shown, "socket iterations contiguous").toEqual(shown.map((_, i) => first + i));

  const run = await app.deps.runs.get(runId);
  const rows = await app.deps.runs.iterations(runId);
  const stored = rows.map((r) => r.iteration);
  expect(stored, "stored iterations contiguous from 0").toEqual(stored.map((_, i) => i));
  const expectedStored = mode === "single" ? shown : [0, ...shown];
  if (mode === "multi" && shown.length === 0) {
    // Failed before iteration 1: iteration 0 may or may not have been stored.
    expect(stored.length).toBeLessThanOrEqual(1);
  } else {
    expect(stored, "stored iterations = shown iterations").toEqual(expectedStored);
  }
  for (const update of updates) {
    const row = rows.find((r) => r.iteration === update.iteration);
    expect(JSON.parse(row?.data ?? "null"), `iteration ${update.iteration}`).toEqual(update);
  }

  const ended: RunEnd = last?.type === "complete" ? "completed" : "failed";
  expect(run?.status).toBe(ended);
  // A stored failure ("Optimization failed: <reason>") travels as the plain sentence + its reason as detail.
  if (ended === "failed")
    expect(run?.error).toBe(
      last?.detail ? `${RUN_FAILURE.storedPrefix}${last.detail}` : last?.error,
    );
  else expect(last?.result?.run_id).toBe(runId);

  const res = await app.inject({
    method: "GET",
    url: `/api/auto-tune/optimize/history/${runId}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  const record = res.json().data as {
    status: string;
    steps: Array<{ step_number: number; prompt: string }>;
  };
  expect(record.status).toBe(ended);
  const shownSteps = updates.filter((u) => u.iteration >= 1);
  expect(record.steps.map((s) => s.step_number)).toEqual(shownSteps.map((u) => u.iteration));
  if (mode === "single") {
    expect(record.steps.map((s) => s.prompt)).toEqual(shownSteps.map((u) => u.prompt));
  }
  return ended;
}
