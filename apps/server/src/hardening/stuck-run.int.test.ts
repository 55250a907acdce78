/**
 * Attack regression (issue 14, item 6): a run whose failure write itself
 * failed (a non-transient database error) stayed `running` for ever: its
 * socket waited with no answer and it held one of the owner's slots until a
 * restart. The socket is now told (close 1011) and a periodic sweeper fails
 * runs nobody holds a lease on; the same sweeper purges expired sessions,
 * old sign-in tokens and ended rate-limit windows.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../auth/tokens";
import { STUCK_RUN_MESSAGE } from "../maintenance/sweeper";
import { DIALECTS } from "../testing/db";
import { singleRequest } from "../testing/requests";
import { waitFor } from "../testing/wait";
import { runSocket, transcript } from "../testing/ws-client";
import { type HardeningApp, startHardeningApp } from "./harness";

describe.each(DIALECTS)("runs stuck as running on %s", (dialect) => {
  let h: HardeningApp;
  beforeAll(async () => {
    h = await startHardeningApp(dialect, {
      RUN_LEASE_MS: "1000",
      MAINTENANCE_INTERVAL_MS: "200",
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Makes every write that finishes a run fail with a non-transient error. */
  async function blockFinishing(): Promise<void> {
    const db = h.t.database.db;
    if (dialect === "sqlite") {
      await sql`CREATE TRIGGER block_finish BEFORE UPDATE OF status ON runs
        WHEN NEW.status IN ('completed', 'failed')
        BEGIN SELECT RAISE(ABORT, 'finishing runs is blocked by the test'); END`.execute(db);
      return;
    }
    await sql`CREATE FUNCTION block_finish() RETURNS trigger AS $$
      BEGIN
        IF NEW.status IN ('completed', 'failed') THEN
          RAISE EXCEPTION 'finishing runs is blocked by the test';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER block_finish BEFORE UPDATE ON runs
      FOR EACH ROW EXECUTE FUNCTION block_finish()`.execute(db);
  }

  async function unblockFinishing(): Promise<void> {
    const db = h.t.database.db;
    if (dialect === "sqlite") await sql`DROP TRIGGER block_finish`.execute(db);
    else await sql`DROP TRIGGER block_finish ON runs`.execute(db);
  }

  it("tells the socket (1011) and the sweeper repairs the run, freeing the slot", async () => {
    const { cookie, userId } = await h.t.signIn("stuck@example.com");
    await blockFinishing();
    try {
      const result = transcript(
        await runSocket(`${h.wsBase}/ws`, singleRequest(1), { cookie, timeoutMs: 20_000 }),
      );
      expect(result.code).toBe(1011);
      expect(result.messages.at(-1)?.type).toBe("error");
      const row = await h.app.deps.runs.listForUser(userId);
      expect(row[0]?.status).toBe("running");
      // Sweeps keep failing while the database refuses the write…
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await h.app.deps.runs.listForUser(userId))[0]?.status).toBe("running");
    } finally {
      await unblockFinishing();
    }
    // …and repair the run once it accepts writes again.
    const repaired = await waitFor(async () => {
      const [run] = await h.app.deps.runs.listForUser(userId);
      return run?.status === "failed" ? run : undefined;
    }, "the sweeper to fail the stuck run");
    expect(repaired.error).toBe(STUCK_RUN_MESSAGE);
    expect(await h.app.deps.runs.countActive(userId)).toBe(0);
  });

  it("leaves alone a running run whose lease another process keeps renewing", async () => {
    const { userId } = await h.t.signIn("leased@example.com");
    const run = await h.app.deps.runs.create({
      userId,
      mode: "single",
      request: singleRequest(1),
      datasetName: "tiny-help",
      iterations: 1,
      seed: 1,
    });
    const renew = () =>
      h.t.database.db
        .updateTable("runs")
        .set({ status: "running", lease_until: new Date(Date.now() + 1_000).toISOString() })
        .where("id", "=", run.id)
        .execute();
    await renew();
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 250));
      await renew();
    }
    expect((await h.app.deps.runs.get(run.id))?.status).toBe("running");
    // The "other process" dies: its lease runs out and the sweeper repairs the run.
    await waitFor(async () => {
      const row = await h.app.deps.runs.get(run.id);
      return row?.status === "failed" ? row : undefined;
    }, "the sweeper to fail the run once its lease ended");
  });

  it("purges expired sessions, old sign-in tokens and ended rate-limit windows", async () => {
    const db = h.t.database.db;
    const { userId, token: liveToken } = await h.t.signIn("purge@example.com");
    const past = (ms: number) => new Date(Date.now() - ms).toISOString();
    await db
      .insertInto("sessions")
      .values({
        token_hash: hashToken("expired-session"),
        user_id: userId,
        created_at: past(40 * 86_400_000),
        expires_at: past(1_000),
      })
      .execute();
    await db
      .insertInto("auth_tokens")
      .values({
        id: "old-token",
        kind: "code",
        token_hash: hashToken("123456"),
        email: "purge@example.com",
        name: null,
        ip: "10.0.0.1",
        attempts: 0,
        created_at: past(2 * 86_400_000),
        expires_at: past(2 * 86_400_000 - 900_000),
        used_at: null,
      })
      .execute();
    await db
      .insertInto("rate_limit_hits")
      .values({ key: "verify:ip:10.0.0.1:1", hits: 3, expires_at: past(1_000) })
      .execute();
    await waitFor(async () => {
      const sessions = await db
        .selectFrom("sessions")
        .select("token_hash")
        .where("token_hash", "=", hashToken("expired-session"))
        .execute();
      const tokens = await db
        .selectFrom("auth_tokens")
        .select("id")
        .where("id", "=", "old-token")
        .execute();
      const hits = await db.selectFrom("rate_limit_hits").select("key").execute();
      return sessions.length + tokens.length + hits.length === 0 ? true : undefined;
    }, "the sweeper to purge expired rows");
    const live = await db
      .selectFrom("sessions")
      .select("token_hash")
      .where("token_hash", "=", hashToken(liveToken))
      .execute();
    expect(live).toHaveLength(1);
  });
});
