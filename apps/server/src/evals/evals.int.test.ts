/**
 * POST /api/evals with API tokens against the fixture LLM: a run token gets
 * an EvalReport of the held-out split (or every example), a read token is
 * refused, and bad requests get clear 4xx messages.
 */
import { EvalReportSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../testing/http";
import { type RunApp, startRunApp } from "../testing/run-app";

describe("POST /api/evals", () => {
  let h: RunApp;
  let runToken = "";
  let readToken = "";

  beforeAll(async () => {
    h = await startRunApp("sqlite");
    const { cookie } = await h.t.signIn("evals@example.com", "Eva");
    const make = async (scopes: string[]) =>
      (
        await callApi(
          h.app,
          "POST",
          "/api/profile/tokens",
          { name: scopes.join("+"), scopes },
          { cookie },
        )
      ).json().data.token as string;
    runToken = await make(["run"]);
    readToken = await make(["read"]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (token: string, body: unknown) =>
    h.app.inject({
      method: "POST",
      url: "/api/evals",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
  const base = {
    dataset_name: "tiny-help",
    prompt: "You help customers.",
    model_name: "fixture-small",
  };

  it("scores the held-out split, or every example, at temperature 0 by default", async () => {
    const held = await post(runToken, base);
    expect(held.statusCode, held.body).toBe(200);
    const report = EvalReportSchema.parse(held.json().data);
    expect(report.split).toBe("held-out");
    expect(report.temperature).toBe(0);
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.results.length).toBeLessThan(report.dataset.size);
    expect(report.usage.calls + report.usage.cached_calls).toBeGreaterThanOrEqual(
      report.results.length,
    );
    const all = EvalReportSchema.parse(
      (await post(runToken, { ...base, split: "all" })).json().data,
    );
    expect(all.results).toHaveLength(all.dataset.size);
    const calls = h.fixture.stats().calls.filter((c) => c.model === "fixture-small");
    expect(calls.every((c) => c.temperature === 0)).toBe(true);
  });

  it("refuses a read token and bad requests with clear messages", async () => {
    expect((await post(readToken, base)).statusCode).toBe(403);
    const model = await post(runToken, { ...base, model_name: "gpt-nope" });
    expect(model.statusCode).toBe(400);
    expect(model.json().error.message).toContain('Unknown model "gpt-nope"');
    const missing = await post(runToken, { ...base, dataset_name: "no-such-set" });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);
    const extra = await post(runToken, { ...base, colour: "blue" });
    expect(extra.statusCode).toBe(400);
  });
});
