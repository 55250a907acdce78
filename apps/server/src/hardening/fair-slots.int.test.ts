/**
 * Attack regression (issue 21, item 2, fair sharing): one user's 3 runs
 * filled every in-flight slot of the gateway, so everyone else's calls
 * queued behind them. A user's calls may now hold only their share of a
 * provider's slots (LLM_USER_SLOT_SHARE_PERCENT) and waiters are served
 * round robin across users, so another user's chat finds a free slot.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../testing/db";
import { callApi } from "../testing/http";
import { shopRequest } from "../testing/requests";
import { waitFor } from "../testing/wait";
import { openRun } from "../testing/ws-client";
import { type HardeningApp, startHardeningApp } from "./harness";

/** The provider's fixed slot count in this test. */
const SLOTS = 8;
/** Every fixture answer takes this long, so the runs keep their slots busy. */
const LATENCY_MS = 300;

describe.each(DIALECTS)("fair sharing of the gateway's slots on %s", (dialect) => {
  let h: HardeningApp;
  beforeAll(async () => {
    h = await startHardeningApp(
      dialect,
      {
        LLM_CONCURRENCY: String(SLOTS),
        LLM_CONCURRENCY_MAX: String(SLOTS),
        RUN_CALL_CONCURRENCY: String(SLOTS),
        LLM_USER_SLOT_SHARE_PERCENT: "50",
      },
      { latencyMs: LATENCY_MS },
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it("keeps one user's 3 runs to their share of the slots; another user's chat is served", async () => {
    const hog = await h.t.signIn("hog@example.com");
    const other = await h.t.signIn("other@example.com");
    const runs = [0, 1, 2].map(() => openRun(`${h.wsBase}/ws`, hog.cookie, shopRequest(5)));
    // Let the three runs queue far more calls than there are slots.
    await waitFor(
      async () => (h.fixture.stats().requests >= SLOTS * 3 ? true : undefined),
      "the runs to be busy",
    );
    const hogPeak = h.fixture.stats().maxInFlight;

    const started = performance.now();
    const chat = await callApi(
      h.app,
      "POST",
      "/api/auto-tune/chat",
      { prompt: "You are helpful.", dialog: [{ type: "human", content: "Hi" }], temperature: 0.7 },
      { cookie: other.cookie },
    );
    const waited = performance.now() - started - LATENCY_MS;
    console.info(
      `[attack-regression] ${dialect}: one user's 3 runs held at most ${hogPeak} of ${SLOTS} slots; another user's chat waited ${Math.max(0, Math.round(waited))} ms for a slot (model answer ${LATENCY_MS} ms)`,
    );
    expect(chat.statusCode).toBe(200);
    expect(hogPeak).toBeLessThanOrEqual(SLOTS / 2);
    for (const run of runs) run.ws.close();
  });
});
