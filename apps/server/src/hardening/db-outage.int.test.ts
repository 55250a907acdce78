/**
 * Database outages during a run (issue 10, item 3; issue 21, item 4): on
 * PostgreSQL the run's connections are terminated mid-run — an iteration's
 * save, the budget read that admits a model call, the meter's write, or all
 * of them at once — and the run must still complete, stored as its socket
 * showed it, with every paid call in the user's meter.
 */
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BudgetRepository } from "../budgets/repository";
import { BudgetService } from "../budgets/service";
import { RunRepository } from "../runs/repository";
import { TEST_POSTGRES_URL } from "../testing/db";
import { singleRequest } from "../testing/requests";
import { waitFor, within } from "../testing/wait";
import { openRun, singleRunTypes } from "../testing/ws-client";
import { expectStoredAsShown } from "./consistency";
import { type HardeningApp, startHardeningApp } from "./harness";

describe("database connections terminated mid-run (PostgreSQL)", () => {
  let h: HardeningApp;
  let cookie: string;

  /** Ends every connection to the test database but this one, like a database restart would. */
  async function terminateConnections(): Promise<number> {
    const dbName = new URL(h.t.database.env.DATABASE_URL as string).pathname.slice(1);
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    try {
      const res = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [dbName],
      );
      return res.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    h = await startHardeningApp("postgres", {}, { latencyMs: 15 });
    ({ cookie } = await h.t.signIn("outage@example.com"));
  });
  afterAll(async () => {
    await h?.close();
  });

  /**
   * Spies on `method` of `prototype`: a call for which `when(cuts so far, its
   * arguments)` holds first has its own pooled connection terminated (a real
   * 57P01 "terminating connection due to administrator command"), which fails
   * it as an outage would.
   */
  function cutConnectionOf<T extends object>(
    prototype: T,
    method: keyof T & string,
    when: (cuts: number, args: unknown[]) => boolean,
  ) {
    const original = prototype[method] as (...args: unknown[]) => Promise<unknown>;
    const counter = { cuts: 0 };
    const spy = vi.spyOn(prototype, method as never).mockImplementation(async function (
      this: unknown,
      ...args: unknown[]
    ) {
      if (when(counter.cuts, args)) {
        counter.cuts++;
        await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(h.t.database.db);
      }
      return original.apply(this, args);
    } as never);
    return { counter, restore: () => spy.mockRestore() };
  }

  /** Waits for the run's end: closed normally, and stored as its socket showed it. */
  async function expectCompleted(run: ReturnType<typeof openRun>, as: string) {
    const close = await within(run.closed, 45_000, "the run's end");
    expect(close.code, JSON.stringify(run.messages.at(-1))).toBe(1000);
    const runId = run.messages.at(-1)?.result?.run_id ?? "";
    expect(await expectStoredAsShown(h.app, as, runId, "single", run.messages)).toBe("completed");
  }

  it("retries an iteration save whose connection was terminated (twice), and completes", async () => {
    const save = cutConnectionOf(
      RunRepository.prototype,
      "saveIteration",
      (cuts, args) => args[1] === 2 && cuts < 2,
    );
    try {
      const run = openRun(`${h.wsBase}/ws`, cookie, singleRequest(3, "Cut save. Be brief."));
      await expectCompleted(run, cookie);
      expect(save.counter.cuts).toBe(2);
    } finally {
      save.restore();
    }
  });

  it("retries the budget read that admits a model call when its connection is terminated (twice)", async () => {
    let armed = false;
    const read = cutConnectionOf(BudgetRepository.prototype, "usage", (cuts) => armed && cuts < 2);
    // The meter keeps a user's totals for a second; a run may end sooner, so
    // each admit while armed forgets them and reads them again.
    const admit = BudgetService.prototype.admit;
    const stale = vi.spyOn(BudgetService.prototype, "admit").mockImplementation(function (
      this: BudgetService,
      ...args
    ) {
      if (armed && read.counter.cuts < 2)
        (this as unknown as { cache: Map<string, unknown> }).cache.clear();
      return admit.apply(this, args);
    });
    try {
      const run = openRun(`${h.wsBase}/ws`, cookie, singleRequest(3, "Cut budget. Be brief."));
      await waitFor(async () => (run.messages.length >= 1 ? true : undefined), "iteration 0");
      // From now on the next two reads that admit a model call have their connection cut.
      armed = true;
      await expectCompleted(run, cookie);
      expect(read.counter.cuts).toBe(2);
    } finally {
      read.restore();
      stale.mockRestore();
    }
  });

  it("keeps every paid call in the user's meter when the meter's write is cut (twice)", async () => {
    const write = cutConnectionOf(BudgetRepository.prototype, "addToPeriod", (cuts) => cuts < 2);
    try {
      const { cookie: own, userId } = await h.t.signIn("metered-outage@example.com");
      const completions = () => {
        const { requests, byKind } = h.fixture.stats();
        return requests - (byKind.embeddings ?? 0);
      };
      const before = completions();
      const run = openRun(`${h.wsBase}/ws`, own, singleRequest(2, "Cut meter. Be brief."));
      await expectCompleted(run, own);
      expect(write.counter.cuts).toBe(2);
      // Every completion the provider answered for this run is in the meter.
      const paid = completions() - before;
      expect(paid).toBeGreaterThan(0);
      const { day } = await h.app.deps.budgets.report(userId);
      expect(day.used.calls).toBe(paid);
    } finally {
      write.restore();
    }
  });

  it("still completes a run while all its connections are cut repeatedly, stored as shown", async () => {
    const run = openRun(`${h.wsBase}/ws`, cookie, singleRequest(3, "Outage run. Be brief."));
    await waitFor(async () => (run.messages.length >= 1 ? true : undefined), "iteration 0");
    // Twelve outages 40 ms apart while the run works: idle and busy connections
    // alike are cut, including ones in the middle of saving an iteration.
    let terminated = 0;
    for (let i = 0; i < 12; i++) {
      terminated += await terminateConnections();
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(terminated).toBeGreaterThan(0);
    await expectCompleted(run, cookie);
    expect(run.messages.map((m) => m.type)).toEqual(singleRunTypes(3));
  });
});
