/**
 * Attack regression (issue 21, item 2, "denial of wallet"): one account
 * started optimisation after optimisation (and again after a restart) and
 * spent without limit. Each user now has a budget of model calls, tokens and
 * cost per day and month, kept in the database: runs are refused (or stop)
 * once it is spent, whichever process serves them.
 */
import { FinalResultSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { DIALECTS } from "../testing/db";
import { shopRequest } from "../testing/requests";
import { runSocket, transcript } from "../testing/ws-client";
import { type HardeningApp, startHardeningApp } from "./harness";

/** The daily call budget of this test (the attacker's account). */
const DAILY_CALLS = 400;
/** Runs the attacker tries before giving up (unbounded spend would run them all). */
const ATTEMPTS = 20;
const PRICES = {
  "fixture-small": { input: 1, output: 2 },
  "fixture-large": { input: 3, output: 6 },
};

describe.each(DIALECTS)("denial of wallet on %s", (dialect) => {
  let h: HardeningApp;
  beforeAll(async () => {
    h = await startHardeningApp(dialect, {
      BUDGET_DAILY_CALLS: String(DAILY_CALLS),
      LLM_PRICES: JSON.stringify(PRICES),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("refuses one account's runs once its budget is spent, also after a restart", async () => {
    const { cookie } = await h.t.signIn("spender@example.com");
    const before = h.fixture.stats().requests;
    const spent = { runs: 0, calls: 0, tokens: 0, cost: 0 };
    let refusal: string | undefined;
    for (let i = 0; i < ATTEMPTS && !refusal; i++) {
      const run = transcript(await runSocket(`${h.wsBase}/ws`, shopRequest(3), { cookie }));
      const last = run.messages.at(-1);
      if (last?.type === "complete") {
        const final = FinalResultSchema.parse(last.result);
        spent.runs++;
        spent.calls += final.usage.calls;
        spent.tokens += final.usage.input_tokens + final.usage.output_tokens;
        spent.cost += final.usage.cost_usd;
      } else {
        refusal = String(last?.error ?? "");
      }
    }
    const requests = h.fixture.stats().requests - before;
    console.info(
      `[attack-regression] ${dialect}: one user's spend before refusal: ${spent.runs} runs, ${spent.calls} calls (${requests} at the provider), ${spent.tokens} tokens, $${spent.cost.toFixed(4)} (daily budget ${DAILY_CALLS} calls)`,
    );
    expect(refusal).toMatch(/budget of 400 model calls/);
    // Calls in progress count against the call limit: the provider never sees more.
    expect(requests).toBeLessThanOrEqual(DAILY_CALLS);

    // A restarted server reads the same counters: still refused.
    const restarted = await buildApp({
      env: h.app.deps.env,
      database: h.t.database,
      webDistDir: null,
      resumeRuns: false,
    });
    try {
      await restarted.listen({ host: "127.0.0.1", port: 0 });
      const address = restarted.server.address();
      if (!address || typeof address === "string") throw new Error("not listening");
      const again = transcript(
        await runSocket(
          `ws://127.0.0.1:${address.port}/api/auto-tune/optimize/ws`,
          shopRequest(3),
          {
            cookie,
          },
        ),
      );
      expect(again.messages.at(-1)?.type).toBe("error");
      expect(String(again.messages.at(-1)?.error)).toMatch(/budget of 400 model calls/);
      expect(h.fixture.stats().requests - before).toBe(requests);
    } finally {
      await restarted.close();
    }
  });
});
