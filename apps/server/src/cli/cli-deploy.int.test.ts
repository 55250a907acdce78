/**
 * `promptune deploy`, `promptune rollback` and `promptune datasets pull
 * feedback` (issue 25, item 5): the real CLI against a real server on a
 * random port, with API tokens from PROMPTUNE_TOKEN. The gate's refusal
 * exits 1 with its reason, --override deploys (recorded), a token without
 * the deploy scope exits 2, and the pulled JSONL is the Feedback dataset.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DeployVersionSchema, HistoryRecordSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCliProcess } from "../testing/cli";
import { cliWorkspace } from "../testing/cli-fixtures";
import { callApi } from "../testing/http";
import { singleRequest } from "../testing/requests";
import { type RunApp, startRunApp } from "../testing/run-app";

describe("promptune deploy / rollback / datasets pull --server", () => {
  let h: RunApp;
  let server = "";
  let cookie = "";
  let deployToken = "";
  let readToken = "";
  let runId = "";
  let ws: Awaited<ReturnType<typeof cliWorkspace>>;

  const api = (method: "GET" | "POST", url: string, body?: unknown) =>
    callApi(h.app, method, url, body, { cookie });
  const versions = async () =>
    DeployVersionSchema.array().parse((await api("GET", "/api/integration/deploys")).json().data);

  beforeAll(async () => {
    h = await startRunApp("sqlite");
    const address = h.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    server = `http://127.0.0.1:${address.port}`;
    cookie = (await h.t.signIn("cli.deploy@example.com", "Dee")).cookie;
    const make = async (scopes: string[]) =>
      (await api("POST", "/api/profile/tokens", { name: scopes.join("+"), scopes })).json().data
        .token as string;
    deployToken = await make(["deploy"]);
    readToken = await make(["read"]);
    ws = await cliWorkspace();
    const started = await api("POST", "/api/auto-tune/optimize/runs", {
      mode: "single",
      ...singleRequest(1),
    });
    expect(started.statusCode, started.body).toBe(202);
    runId = started.json().data.run_id;
    let status = "queued";
    for (let i = 0; i < 600 && status !== "completed" && status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await api("GET", `/api/auto-tune/optimize/history/${runId}`);
      status = HistoryRecordSchema.parse(res.json().data).status;
    }
    expect(status).toBe("completed");
    // A held-out comparison whose lower bound is below 0: the gate refuses it.
    await h.t.database.db
      .updateTable("runs")
      .set({
        held_out: JSON.stringify({
          examples: 8,
          initial_score: 0.5,
          final_score: 0.55,
          difference: 0.05,
          ci_low: -0.1,
          ci_high: 0.2,
          significant: false,
        }),
      })
      .where("id", "=", runId)
      .execute();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it("deploy exits 1 with the gate's reason, deploys with --override, and rollback serves the earlier version", async () => {
    const refused = await runCliProcess(["deploy", runId, "--server", server], {
      PROMPTUNE_TOKEN: deployToken,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the deploy gate refused");
    expect(refused.stderr).toContain("lower bound below 0");
    expect(refused.stderr).toContain("--override");
    expect(await versions()).toEqual([]);

    const forced = await runCliProcess(["deploy", runId, "--override", "--json"], {
      PROMPTUNE_TOKEN: deployToken,
      PROMPTUNE_SERVER: server,
    });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    const v1 = DeployVersionSchema.parse(JSON.parse(forced.stdout));
    expect(v1).toMatchObject({ number: 1, run_id: runId, override_confirmed: true, active: true });
    // Never saved an integration: its page still shows what the after-bot serves.
    const page = (await api("GET", "/api/telegram/integration")).json().data;
    expect(page.opti_config).toEqual({
      prompt: v1.prompt,
      model_name: v1.model_name,
      temperature: v1.temperature,
    });

    const again = await runCliProcess(["deploy", runId, "--override", "--server", server], {
      PROMPTUNE_TOKEN: deployToken,
    });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Deployed version 2 \(.+\) from run .+, deployed past the gate/);

    const denied = await runCliProcess(["rollback", v1.id, "--server", server], {
      PROMPTUNE_TOKEN: readToken,
    });
    expect(denied.code).toBe(2);
    expect(denied.stderr).toContain("deploy scope");

    const back = await runCliProcess(["rollback", v1.id, "--server", server], {
      PROMPTUNE_TOKEN: deployToken,
    });
    expect(back.code).toBe(0);
    expect(back.stdout).toContain("Rolled back: the after-bot answers with version 1");
    expect((await versions()).map((v) => [v.number, v.active])).toEqual([
      [2, false],
      [1, true],
    ]);
    const unknown = await runCliProcess(
      ["rollback", "00000000-0000-4000-8000-000000000000", "--server", server],
      { PROMPTUNE_TOKEN: deployToken },
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("No such version");
    const noServer = await runCliProcess(["deploy", runId], { PROMPTUNE_TOKEN: deployToken });
    expect(noServer.code).toBe(2);
    expect(noServer.stderr).toContain("needs --server URL");
  });

  it("datasets pull feedback writes the caller's Feedback datasets as JSONL", async () => {
    for (const [q, rating, correction] of [
      ["Where is my parcel?", "down", "It arrives tomorrow."],
      ["Thanks!", "up", undefined],
    ] as const) {
      const res = await api("POST", "/api/ratings/chat", {
        mode: "single",
        config: { model_name: "fixture-small", prompt: "Be kind.", temperature: 0.2 },
        side: "after",
        dialog: [{ type: "human", content: q }],
        reply: `Reply to ${q}`,
        rating,
        ...(correction ? { correction } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const out = join(ws.dir, "feedback.jsonl");
    const pulled = await runCliProcess(
      ["datasets", "pull", "feedback", "-o", out, "--server", server],
      { PROMPTUNE_TOKEN: readToken },
    );
    expect(pulled.code).toBe(0);
    expect(pulled.stderr).toBe(`Wrote 2 examples to ${out}\n`);
    const text = await readFile(out, "utf8");
    const expected = (await api("GET", "/api/feedback/feedback-chat/jsonl")).body;
    expect(text).toBe(expected);
    const lines = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.reference).sort()).toEqual([
      "It arrives tomorrow.",
      "Reply to Thanks!",
    ]);
    const stdout = await runCliProcess(
      ["datasets", "pull", "feedback-telegram", "--server", server],
      {
        PROMPTUNE_TOKEN: readToken,
      },
    );
    expect(stdout.code).toBe(0);
    expect(stdout.stdout).toBe("");
    const bad = await runCliProcess(["datasets", "pull", "nope", "--server", server], {
      PROMPTUNE_TOKEN: readToken,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not "nope"');
  });
});
