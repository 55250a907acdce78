/**
 * Regression (issue 21, item 10): cancelling a run answered the state it was
 * in when asked. A running run answered `status: "running"` (covered in
 * runs/reattach.int.test.ts); a queued run in the embedded queue was taken
 * off the queue but stayed `queued` in the database for ever (its socket
 * never heard of it, and a restart would have started it). A queued run is
 * now cancelled at once, its sockets are told, and the answer says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../testing/db";
import { shopRequest } from "../testing/requests";
import { until, waitFor } from "../testing/wait";
import { openRun } from "../testing/ws-client";
import { call, type HardeningApp, startHardeningApp } from "./harness";

describe.each(DIALECTS)("cancelling a queued run on %s", (dialect) => {
  let h: HardeningApp;
  beforeAll(async () => {
    // One run at a time in this process, and slow model answers: the second run waits queued.
    h = await startHardeningApp(dialect, { RUNS_CONCURRENCY: "1" }, { latencyMs: 200 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("answers `cancelled`, tells the run's socket and never starts it", async () => {
    const { cookie, userId } = await h.t.signIn(`queue-${dialect}@example.com`);
    const first = openRun(`${h.wsBase}/ws`, cookie, shopRequest(3));
    await until(() => first.messages.length >= 1, "the first run to start");
    const second = openRun(`${h.wsBase}/ws`, cookie, shopRequest(3));
    const queuedId = await waitFor(async () => {
      const runs = await h.app.deps.runs.listForUser(userId);
      return runs.find((r) => r.status === "queued")?.id;
    }, "the second run to be queued");

    const res = await call(
      h.app,
      { cookie },
      "POST",
      `/api/auto-tune/optimize/runs/${queuedId}/cancel`,
      {},
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ run_id: queuedId, status: "cancelled" });
    expect(await second.closed).toMatchObject({ code: 1011 });
    expect(second.messages).toEqual([{ type: "error", error: "Optimization was cancelled." }]);

    // The first run finishes; the cancelled one stays cancelled with no iteration.
    expect((await first.closed).code).toBe(1000);
    expect((await h.app.deps.runs.get(queuedId))?.status).toBe("cancelled");
    expect(await h.app.deps.runs.iterations(queuedId)).toEqual([]);
  });
});
