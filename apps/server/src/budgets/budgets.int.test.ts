/**
 * Per-user budgets end to end (issue 21, item 2): usage is metered per user
 * for chats and runs, GET /profile/usage reports it against the limits, a
 * chat past the budget is refused with a 429, a run whose estimate does not
 * fit is refused with the numbers, a run that meets the budget stops with
 * what it has and says so, and the operator's admin command sets overrides.
 */
import {
  FinalResultSchema,
  HistoryRecordSchema,
  RunEstimateSchema,
  UsageReportSchema,
} from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budgetCommand } from "../admin/budget";
import { DIALECTS } from "../testing/db";
import { callApi } from "../testing/http";
import { shopRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";
import { openRun, runSocket, transcript } from "../testing/ws-client";
import { BudgetRepository } from "./repository";

/** Prices of the fixture models (USD per 1M tokens), so cost budgets bind. */
const PRICES = {
  "fixture-small": { input: 1, output: 2 },
  "fixture-large": { input: 3, output: 6 },
};

describe.each(DIALECTS)("per-user budgets on %s", (dialect) => {
  let r: RunApp;
  let budgets: BudgetRepository;

  beforeAll(async () => {
    r = await startRunApp(dialect, {
      LLM_PRICES: JSON.stringify(PRICES),
      LLM_CHAT_RATE_LIMIT_PER_MINUTE: "1000",
      RUNS_MAX_ACTIVE_PER_USER: "10",
      BUDGET_DAILY_CALLS: "100000",
      BUDGET_MONTHLY_CALLS: "200000",
    });
    budgets = new BudgetRepository(r.t.database.db);
  });
  afterAll(async () => {
    await r?.close();
  });

  const usage = async (cookie: string) => {
    const res = await callApi(r.app, "GET", "/api/profile/usage", undefined, { cookie });
    expect(res.statusCode).toBe(200);
    return UsageReportSchema.parse(res.json().data);
  };
  const chat = (cookie: string, text = "Hello") =>
    callApi(
      r.app,
      "POST",
      "/api/auto-tune/chat",
      { prompt: "You are helpful.", dialog: [{ type: "human", content: text }], temperature: 0.7 },
      { cookie },
    );

  it("reports usage against the limits only to the signed-in user", async () => {
    expect((await callApi(r.app, "GET", "/api/profile/usage")).statusCode).toBe(401);
    const { cookie } = await r.t.signIn("fresh@example.com");
    const report = await usage(cookie);
    expect(report.day.used).toEqual({
      calls: 0,
      input_tokens: 0,
      output_tokens: 0,
      tokens: 0,
      cost_usd: 0,
    });
    expect(report.day.limits).toEqual({ calls: 100000, tokens: 10_000_000, cost_usd: 10 });
    expect(report.month.limits).toEqual({ calls: 200000, tokens: 100_000_000, cost_usd: 100 });
    expect(report.day.period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(report.day.resets_at).getUTCHours()).toBe(0);
  });

  it("meters every chat call with its tokens and cost from the price table", async () => {
    const { cookie } = await r.t.signIn("chatter@example.com");
    expect((await chat(cookie)).statusCode).toBe(200);
    expect((await chat(cookie, "Again")).statusCode).toBe(200);
    const { day, month } = await usage(cookie);
    expect(day.used.calls).toBe(2);
    expect(day.used.tokens).toBe(day.used.input_tokens + day.used.output_tokens);
    expect(day.used.input_tokens).toBeGreaterThan(0);
    const cost = (day.used.input_tokens * 1 + day.used.output_tokens * 2) / 1e6;
    expect(day.used.cost_usd).toBeCloseTo(cost, 9);
    expect(month.used).toEqual(day.used);
  });

  it("refuses a chat once the budget is spent, with a 429 naming the limit", async () => {
    const { cookie, userId } = await r.t.signIn("spent@example.com");
    await budgets.setOverride(userId, { daily: { calls: 1 } });
    expect((await chat(cookie)).statusCode).toBe(200);
    const refused = await chat(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("budget_exceeded");
    expect(refused.json().error.message).toMatch(
      /^Your daily budget of 1 model call is used up \(1 used\)\. .*resets at \d{4}-\d{2}-\d{2} 00:00 UTC\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const multi = await callApi(
      r.app,
      "POST",
      "/api/auto-tune/multiagent/chat",
      {
        model: {
          "master-agent": {
            name: "Boss",
            prompt: "Lead.",
            model_name: "fixture-small",
            temperature: 0.5,
            description: "lead",
          },
          "worker-agents": [
            {
              name: "Aide",
              prompt: "Help.",
              model_name: "fixture-small",
              temperature: 0.5,
              description: "help",
            },
          ],
        },
        dialog: [{ type: "human", content: "Hi" }],
      },
      { cookie },
    );
    expect(multi.statusCode).toBe(429);
    expect((await usage(cookie)).day.used.calls).toBe(1);
  });

  it("refuses a run whose estimate exceeds what is left, giving both numbers", async () => {
    const { cookie, userId } = await r.t.signIn("bigrun@example.com");
    const est = await callApi(
      r.app,
      "POST",
      "/api/auto-tune/optimize/estimate",
      { mode: "single", ...shopRequest(3) },
      { cookie },
    );
    const estimate = RunEstimateSchema.parse(est.json().data);
    await budgets.setOverride(userId, { monthly: { calls: estimate.calls - 1 } });
    const run = transcript(await runSocket(`${r.wsBase}/ws`, shopRequest(3), { cookie }));
    const error = run.messages.find((m) => m.type === "error")?.error as string;
    expect(error).toContain(
      `This optimization is estimated at ${estimate.calls.toLocaleString("en-US")} model calls, but only ${(estimate.calls - 1).toLocaleString("en-US")} of your monthly budget of ${(estimate.calls - 1).toLocaleString("en-US")} model calls is left (0 used;`,
    );
    const runs = await r.t.database.db
      .selectFrom("runs")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(runs).toHaveLength(0);
    expect((await usage(cookie)).month.used.calls).toBe(0);
  });

  it("stops a run that meets the budget with the best prompt so far and says so", async () => {
    const { cookie, userId } = await r.t.signIn("stopped@example.com");
    const est = await callApi(
      r.app,
      "POST",
      "/api/auto-tune/optimize/estimate",
      { mode: "single", ...shopRequest(3) },
      { cookie },
    );
    const estimate = RunEstimateSchema.parse(est.json().data);
    // Each estimate fits on its own; both together do not (a run may end
    // early below its estimate, but two cannot fit into 1.2 of one).
    const limit = Math.floor(estimate.calls * 1.2);
    await budgets.setOverride(userId, { daily: { calls: limit } });
    const runs = [0, 1].map(() => openRun(`${r.wsBase}/ws`, cookie, shopRequest(3)));
    await Promise.all(runs.map((run) => run.closed));
    const finals = runs.map((run) => run.messages.at(-1));
    const notices = finals
      .filter((m) => m?.type === "complete")
      .map((m) => FinalResultSchema.parse(m?.result).notice)
      .filter((n): n is string => n !== undefined);
    const failures = finals.filter((m) => m?.type === "error").map((m) => m?.error ?? "");
    const used = (await usage(cookie)).day.used.calls;
    console.info(
      `[budgets] ${dialect}: two runs of ~${estimate.calls} calls each under a ${limit}-call budget spent ${used} calls`,
    );
    expect(notices.length + failures.length).toBeGreaterThan(0);
    for (const notice of notices) {
      expect(notice).toMatch(
        new RegExp(
          `^Stopped early: Your daily budget of ${limit.toLocaleString("en-US")} model calls is used up .* The best prompt found before that is shown\\.$`,
        ),
      );
    }
    for (const failure of failures) expect(failure).toContain("model calls is used up");
    // Calls in progress count against the call limit: never past it.
    expect(used).toBeLessThanOrEqual(limit);
    const history = await callApi(r.app, "GET", "/api/auto-tune/optimize/history", undefined, {
      cookie,
    });
    const records = (history.json().data as unknown[]).map((h) => HistoryRecordSchema.parse(h));
    expect(records.some((h) => h.error?.includes("used up"))).toBe(true);
    expect(await budgets.override(userId)).toMatchObject({ daily: { calls: limit } });
  });

  it("lets the operator show, set and clear a user's budget with the admin command", async () => {
    const { cookie } = await r.t.signIn("managed@example.com");
    const lines: string[] = [];
    const errors: string[] = [];
    const output = { out: (l: string) => lines.push(l), err: (l: string) => errors.push(l) };
    const run = (...args: string[]) =>
      budgetCommand(args, { db: r.t.database.db, env: r.app.deps.env, output });

    expect(
      await run(
        "set",
        "--email",
        "managed@example.com",
        "--daily-cost",
        "2.5",
        "--monthly-calls",
        "0",
      ),
    ).toBe(0);
    expect(lines.join("\n")).toContain("today");
    let report = await usage(cookie);
    expect(report.day.limits.cost_usd).toBe(2.5);
    expect(report.month.limits.calls).toBeNull();
    expect(report.day.limits.calls).toBe(100000);

    expect(await run("set", "--email", "managed@example.com", "--daily-cost", "default")).toBe(0);
    report = await usage(cookie);
    expect(report.day.limits.cost_usd).toBe(10);
    expect(report.month.limits.calls).toBeNull();

    expect(await run("clear", "--email", "managed@example.com")).toBe(0);
    expect((await usage(cookie)).month.limits.calls).toBe(200000);

    lines.length = 0;
    expect(await run("show", "--email", "MANAGED@example.com")).toBe(0);
    expect(lines[0]).toBe("Budget of managed@example.com:");
    expect(lines[1]).toMatch(
      /^ {2}today \(\d{4}-\d{2}-\d{2}\): 0 of 100,000 calls, 0 of 10,000,000 tokens, \$0\.00 of \$10\.00$/,
    );

    expect(await run("set", "--email", "managed@example.com", "--daily-calls", "1.5")).toBe(2);
    expect(errors.at(-1)).toContain("--daily-calls must be a whole number");
    expect(await run("set", "--email", "managed@example.com")).toBe(2);
    expect(await run("set", "--email", "nobody@example.com", "--daily-calls", "5")).toBe(1);
    expect(errors.at(-1)).toBe("No user has the e-mail address nobody@example.com.");
    expect(await run("bogus", "--email", "managed@example.com")).toBe(2);
    expect(await run("show", "--emial", "x")).toBe(2);
  });
});
