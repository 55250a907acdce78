/**
 * Attack regression (issue 14, item 5): the per-user active-run limit was a
 * count followed by an insert, so 40 sockets opened at once started 29 runs
 * on PostgreSQL. Count and insert are now one transaction serialised per user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DIALECTS } from "../testing/db";
import { singleRequest } from "../testing/requests";
import { waitFor } from "../testing/wait";
import { type HardeningApp, startHardeningApp } from "./harness";

/** Runs one user may have going (RUNS_MAX_ACTIVE_PER_USER in this test). */
const LIMIT = 3;
/** Sockets opened at once. */
const SOCKETS = 40;

describe.each(DIALECTS)("per-user active-run limit under concurrency on %s", (dialect) => {
  let h: HardeningApp;
  beforeAll(async () => {
    // Slow model answers keep the started runs active for the whole test; the
    // open-socket cap is raised so that only the run limit decides.
    h = await startHardeningApp(
      dialect,
      { RUNS_MAX_ACTIVE_PER_USER: String(LIMIT), SOCKETS_MAX_PER_USER: String(SOCKETS) },
      { latencyMs: 5_000 },
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it(`starts exactly ${LIMIT} runs from ${SOCKETS} simultaneous sockets`, async () => {
    const { cookie, userId } = await h.t.signIn("racer@example.com");
    const origin = h.app.deps.env.PUBLIC_URL;
    const refusals: string[] = [];
    const sockets = Array.from({ length: SOCKETS }, () => {
      const ws = new WebSocket(`${h.wsBase}/ws`, { headers: { cookie, origin } });
      ws.on("message", (d) => {
        const message = JSON.parse(d.toString()) as { type: string; error?: string };
        if (message.type === "error") refusals.push(message.error ?? "");
      });
      return ws;
    });
    await Promise.all(
      sockets.map(
        (ws) => new Promise((resolve, reject) => ws.on("open", resolve).on("error", reject)),
      ),
    );
    for (const ws of sockets) ws.send(JSON.stringify(singleRequest(2)));
    const countRuns = async () => {
      const row = await h.t.database.db
        .selectFrom("runs")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    await waitFor(
      async () => ((await countRuns()) + refusals.length >= SOCKETS ? true : undefined),
      "every socket to start a run or be refused",
    );
    const started = await countRuns();
    console.info(
      `[attack-regression] ${dialect}: ${SOCKETS} simultaneous sockets, limit ${LIMIT} → ${started} runs started`,
    );
    expect(started).toBe(LIMIT);
    expect(refusals).toHaveLength(SOCKETS - LIMIT);
    expect(refusals.every((e) => e.includes(`the limit is ${LIMIT}`))).toBe(true);
    for (const ws of sockets) ws.terminate();
  });
});
