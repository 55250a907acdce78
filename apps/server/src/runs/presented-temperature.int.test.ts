/**
 * The temperature a finished single-agent run presents reaches its history
 * record. The end's temperature probe can present the best iteration's
 * prompt at another temperature than the one it was searched at; reloading
 * the run (and the chat, bots and integration fed from it) must use the
 * presented one, not the step's own.
 */
import {
  FinalResultSchema,
  HistoryRecordSchema,
  type SingleAgentIteration,
} from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as addPresentedTemperature } from "../db/migrations/20261202_a0_run_presented_temperature";
import { DIALECTS } from "../testing/db";
import { multiRequest, shopRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";
import { runSocket, transcript } from "../testing/ws-client";
import { RunRepository, zeroUsage } from "./repository";

/** One stored single-agent iteration at `temperature`. */
function step(n: number, temperature: number): SingleAgentIteration {
  return {
    iteration: n,
    prompt: `Prompt ${n}.`,
    model_name: "fixture-small",
    temperature,
    evaluation_point: { x: n, y: 50 },
    embedding_point: { x: 0.1 * n, y: 0.2 },
    accepted: n > 0,
    parent: n > 0 ? n - 1 : null,
    validation_score: 0.5,
    usage: zeroUsage(),
  };
}

describe.each(DIALECTS)("the presented temperature of a run on %s", (dialect) => {
  let h: RunApp;
  let cookie = "";
  let userId = "";

  beforeAll(async () => {
    h = await startRunApp(dialect);
    ({ cookie, userId } = await h.t.signIn("tess@example.com", "Tess"));
  });
  afterAll(async () => {
    await h?.close();
  });

  const record = async (runId: string) => {
    const res = await h.app.inject({
      method: "GET",
      url: `/api/auto-tune/optimize/history/${runId}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return HistoryRecordSchema.parse(res.json().data);
  };

  /** A completed single-agent run of two steps searched at 0.9, its final result at `final`. */
  const storedRun = async (final: Record<string, unknown>, presentedTemperature?: number) => {
    const runs = new RunRepository(h.t.database.db);
    const run = await runs.create({
      userId,
      mode: "single",
      request: shopRequest(2),
      datasetName: "tiny-help",
      iterations: 2,
      seed: 1,
    });
    for (const n of [0, 1, 2])
      await runs.saveIteration(run.id, n, step(n, 0.9), { checkpoint: null, usage: zeroUsage() });
    await runs.complete(run.id, {
      final: { run_id: run.id, ...final },
      usage: zeroUsage(),
      bestScore: 0.8,
      testScore: null,
      selectedStep: 2,
      bestIteration: 2,
      ...(presentedTemperature !== undefined ? { presentedTemperature } : {}),
    });
    return run.id;
  };

  it("a finished single-agent run's record carries the temperature its final result presents", async () => {
    const run = transcript(await runSocket(`${h.wsBase}/ws`, shopRequest(2), { cookie }));
    const final = FinalResultSchema.parse(run.messages.at(-1)?.result);
    const saved = await record(final.run_id);
    expect(saved.best_iteration).toBe(final.best_iteration);
    expect(saved.presented_temperature).toBe(final.temperature);
  });

  it("keeps a presented temperature the probe moved away from the step's own", async () => {
    const saved = await record(await storedRun({ temperature: 0.2, best_iteration: 2 }, 0.2));
    expect(saved.steps.find((s) => s.step_number === 2)?.temperature).toBe(0.9);
    expect(saved.presented_temperature).toBeCloseTo(0.2, 6);
  });

  it("fills the runs finished before the column from their final results", async () => {
    const id = await storedRun({ temperature: 0, best_iteration: 2 });
    const db = h.t.database.db;
    // the column as the migration finds it: absent, so dropped and added again
    await db.schema.alterTable("runs").dropColumn("presented_temperature").execute();
    await addPresentedTemperature(db as never);
    expect((await record(id)).presented_temperature).toBe(0);
  });

  it("a multi-agent run presents no single temperature", async () => {
    const run = transcript(
      await runSocket(`${h.wsBase}/ws/multiagent`, multiRequest(1), { cookie }),
    );
    const final = FinalResultSchema.parse(run.messages.at(-1)?.result);
    expect((await record(final.run_id)).presented_temperature).toBeNull();
  });
});
