/**
 * `promptune optimize --server URL`: the real CLI against a real server (on
 * a random port, fixture LLM), authenticated with a run-scoped API token
 * from PROMPTUNE_TOKEN; the run appears in the user's web history. A missing
 * or read-only token is refused with exit 2.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { EvalReportSchema, HistoryRecordSchema } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { runCliProcess } from "../testing/cli";
import {
  cliWorkspace,
  exampleLines,
  fixtureEnv,
  GOOD_PROMPT,
  HALF_PROMPT,
} from "../testing/cli-fixtures";
import { callApi } from "../testing/http";
import { type RunApp, startRunApp } from "../testing/run-app";

describe("promptune optimize --server", () => {
  let h: RunApp;
  let server = "";
  let cookie = "";
  let runToken = "";
  let readToken = "";
  let dataset = "";
  let ws: Awaited<ReturnType<typeof cliWorkspace>>;

  beforeAll(async () => {
    h = await startRunApp("sqlite");
    const address = h.app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    server = `http://127.0.0.1:${address.port}`;
    cookie = (await h.t.signIn("cli.server@example.com", "Cleo")).cookie;
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
    ws = await cliWorkspace();
    dataset = await ws.write("parcels.jsonl", `${exampleLines().join("\n")}\n`);
  });
  afterAll(async () => {
    await h?.close();
  });

  const args = () => [
    "optimize",
    "--server",
    server,
    "--dataset-file",
    dataset,
    "--metric",
    "contains",
    "--model",
    "fixture-small",
    "--prompt",
    HALF_PROMPT,
    "-n",
    "1",
  ];

  it("runs on the server and the run appears in the web history", async () => {
    const run = await runCliProcess(args(), {
      PROMPTUNE_TOKEN: runToken,
      PROMPTUNE_POLL_MS: "100",
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const id = /Run (\S+) started on/.exec(run.stdout)?.[1];
    expect(id).toBeDefined();
    expect(run.stdout).toMatch(/iteration 1\/1 {2}validation \d+\.\d%/);
    expect(run.stdout).toMatch(/Run completed: best validation \d+\.\d%/);
    const history = await callApi(h.app, "GET", "/api/auto-tune/optimize/history", undefined, {
      cookie,
    });
    const records = z.array(HistoryRecordSchema).parse(history.json().data);
    const record = records.find((r) => r.run_id === id);
    expect(record?.status).toBe("completed");
    expect(record?.configuration.dataset_name).toMatch(/^cli-[0-9a-f]{12}$/);
    expect(record?.configuration.initial_prompt).toBe(HALF_PROMPT);
    // the presented configuration is named at the temperature the run presents it at
    expect(record?.presented_temperature).toEqual(expect.any(Number));
    expect(run.stdout).toContain(
      `(iteration ${record?.best_iteration} at temperature ${record?.presented_temperature?.toFixed(2)})`,
    );
    // the same file again reuses the uploaded dataset
    const again = await runCliProcess(args(), {
      PROMPTUNE_TOKEN: runToken,
      PROMPTUNE_POLL_MS: "100",
    });
    expect(again.code).toBe(0);
  });

  it("refuses a missing or read-only token with exit 2 and a clear message", async () => {
    const missing = await runCliProcess(args(), {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--server needs PROMPTUNE_TOKEN");
    const read = await runCliProcess(args(), { PROMPTUNE_TOKEN: readToken });
    expect(read.code).toBe(2);
    expect(read.stderr).toContain("read scope only");
    const unreachable = await runCliProcess(
      [...args().slice(0, 1), "--server", "http://127.0.0.1:9", ...args().slice(3)],
      { PROMPTUNE_TOKEN: runToken },
    );
    expect(unreachable.code).toBe(3);
  });

  describe("promptune eval --server", () => {
    const evalArgs = (prompt: string, ...more: string[]) => [
      "eval",
      "--server",
      server,
      "--dataset-file",
      dataset,
      "--metric",
      "contains",
      "--model",
      "fixture-small",
      "--prompt",
      prompt,
      ...more,
    ];

    it("scores the same held-out examples as a local eval, with its outputs and gates", async () => {
      const env = { PROMPTUNE_TOKEN: runToken, GITHUB_STEP_SUMMARY: join(ws.dir, "summary.md") };
      const out = join(ws.dir, "server-eval.json");
      const junit = join(ws.dir, "server-eval.xml");
      const run = await runCliProcess(
        evalArgs(HALF_PROMPT, "--output", out, "--junit", junit, "--min-score", "0.99"),
        env,
      );
      expect(run.stderr).toBe("");
      // the half prompt fails the 99 % gate: exit 1, as a local eval
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/Score: \d+\.\d%/);
      const remote = EvalReportSchema.parse(JSON.parse(await readFile(out, "utf8")));
      expect(remote.dataset.source).toBe("file");
      expect(remote.split).toBe("held-out");
      expect(remote.status).toBe("complete");
      expect(remote.results.length).toBe(remote.examples);
      expect(remote.interval).not.toBeUndefined();
      expect(await readFile(junit, "utf8")).toMatch(/<failure[^>]*>[^<]*min-score|<failure/);
      expect(await readFile(join(ws.dir, "summary.md"), "utf8")).toContain("|");

      // the local eval of the same file scores the very same examples with the same score
      const local = await runCliProcess(
        ["eval", ...evalArgs(HALF_PROMPT).slice(3), "--json"],
        fixtureEnv(h.fixture.url),
      );
      expect(local.code).toBe(0);
      const mine = EvalReportSchema.parse(JSON.parse(local.stdout));
      expect(remote.results.map((r) => r.id)).toEqual(mine.results.map((r) => r.id));
      expect(remote.score).toBeCloseTo(mine.score, 10);

      const good = await runCliProcess(evalArgs(GOOD_PROMPT, "--all", "--json"), env);
      expect(good.code).toBe(0);
      const all = EvalReportSchema.parse(JSON.parse(good.stdout));
      expect(all.split).toBe("all");
      expect(all.examples).toBe(exampleLines().length);
    });

    it("refuses a read-only token and --repeat with exit 2; an unreachable server is exit 3 with a partial report", async () => {
      const read = await runCliProcess(evalArgs(GOOD_PROMPT), { PROMPTUNE_TOKEN: readToken });
      expect(read.code).toBe(2);
      expect(read.stderr).toContain("read scope only");
      const repeat = await runCliProcess(evalArgs(GOOD_PROMPT, "--repeat", "2"), {
        PROMPTUNE_TOKEN: runToken,
      });
      expect(repeat.code).toBe(2);
      expect(repeat.stderr).toContain("--repeat is not available with --server");
      const out = join(ws.dir, "unreachable.json");
      const down = await runCliProcess(
        [
          "eval",
          "--server",
          "http://127.0.0.1:9",
          ...evalArgs(GOOD_PROMPT).slice(3),
          "--output",
          out,
        ],
        { PROMPTUNE_TOKEN: runToken },
      );
      expect(down.code).toBe(3);
      expect(down.stderr).toContain("cannot reach the server");
      const partial = EvalReportSchema.parse(JSON.parse(await readFile(out, "utf8")));
      expect(partial.status).toBe("provider_failed");
    });
  });
});
