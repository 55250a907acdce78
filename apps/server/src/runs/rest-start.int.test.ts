import { type HistoryRecord, HistoryRecordSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../testing/db";
import { singleRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";

describe.each(DIALECTS)("REST runs with API tokens on %s", (dialect) => {
  let h: RunApp;
  let runToken = "";
  let readToken = "";

  beforeAll(async () => {
    h = await startRunApp(dialect);
    const { cookie } = await h.t.signIn("rest.runner@example.com", "Rita");
    const make = async (scopes: string[]) => {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/profile/tokens",
        headers: { cookie, "content-type": "application/json" },
        payload: JSON.stringify({ name: `ci ${scopes.join("+")}`, scopes }),
      });
      return res.json().data.token as string;
    };
    runToken = await make(["run"]);
    readToken = await make(["read"]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const as = (token: string, method: "GET" | "POST", url: string, body?: unknown) =>
    h.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });

  it("starts a run with a run token, polls it to completion and reads its result", async () => {
    const started = await as(runToken, "POST", "/api/auto-tune/optimize/runs", {
      mode: "single",
      ...singleRequest(1),
    });
    expect(started.statusCode, started.body).toBe(202);
    const { run_id } = started.json().data as { run_id: string };
    let status = "queued";
    let record: HistoryRecord | undefined;
    for (let i = 0; i < 400 && (status === "queued" || status === "running"); i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await as(readToken, "GET", `/api/auto-tune/optimize/history/${run_id}`);
      record = HistoryRecordSchema.parse(res.json().data);
      status = record.status;
    }
    expect(status).toBe("completed");
    expect(record?.run_id).toBe(run_id);
    expect(record?.steps).toHaveLength(1);
    expect(record?.best_score).toEqual(expect.any(Number));
    expect(record?.usage.calls).toBeGreaterThan(0);
  });

  it("refuses a read token and a bad request with clear errors", async () => {
    const refused = await as(readToken, "POST", "/api/auto-tune/optimize/runs", {
      mode: "single",
      ...singleRequest(1),
    });
    expect(refused.statusCode).toBe(403);
    const bad = await as(runToken, "POST", "/api/auto-tune/optimize/runs", { mode: "sideways" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('mode must be "single" or "multi"');
  });
});
