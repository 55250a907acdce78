/**
 * Attack regressions (issue 14, item 11): provider errors leaked internals.
 * With the LLM provider unreachable, the chat answered
 * `connect ECONNREFUSED 127.0.0.1:<port>` to the user and the run socket's
 * error frame said the same. The real server process now logs the detail
 * under a request id and sends a plain message plus that id.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RUN_FAILURE } from "@promptune/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/database";
import { signInAs } from "../testing/app";
import { writeTestDatasets } from "../testing/datasets";
import { fixtureLlmEnv } from "../testing/llm-env";
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitForHttp,
} from "../testing/processes";
import { singleRequest } from "../testing/requests";
import { waitFor } from "../testing/wait";
import { runSocket, transcript } from "../testing/ws-client";

/** What must never reach a user: the provider's address and the socket error. */
const INTERNALS = /ECONNREFUSED|127\.0\.0\.1|connect |fetch failed|:\d{4,5}\b/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("an unreachable LLM provider, seen by users and by operators", () => {
  let dir: string;
  let server: ServerProcess;
  let database: DatabaseHandle;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "promptune-provider-"));
    const port = await freePort();
    const closedPort = await freePort(); // nothing listens there: connect ECONNREFUSED
    base = `http://127.0.0.1:${port}`;
    const sqlitePath = join(dir, "promptune.db");
    server = startServerProcess("main.ts", {
      PORT: String(port),
      PUBLIC_URL: base,
      SQLITE_PATH: sqlitePath,
      LOG_LEVEL: "error",
      ...fixtureLlmEnv(`http://127.0.0.1:${closedPort}/v1`, "fixture-small"),
      LLM_MAX_RETRIES: "0",
      // Fail the run at once instead of pausing it (the failure frame is under test).
      RUN_OUTAGE_MAX_PAUSE_MS: "0",
      DATASETS_DIR: writeTestDatasets(),
      TELEGRAM_DISABLED: "1",
    });
    await waitForHttp(`${base}/healthz`, server);
    database = openDatabase({ sqlitePath });
    cookie = (await signInAs(database.db, "user@example.com", "User")).cookie;
  });
  afterAll(async () => {
    await server?.kill();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The log lines (JSON) the server wrote under `requestId`. */
  const logged = (requestId: string) =>
    server
      .output()
      .split("\n")
      .filter((line) => line.includes(requestId));

  it("answers the chat with a plain message and a request id; the detail is in the log", async () => {
    const res = await fetch(`${base}/api/auto-tune/chat`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({
        prompt: "Be kind.",
        temperature: 0.5,
        model_name: "fixture-small",
        dialog: [{ type: "human", content: "Hello" }],
      }),
    });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: { message: string; request_id?: string } };
    expect(body.error.message).toBe('The LLM provider failed for "fixture-small" after 1 attempt.');
    expect(JSON.stringify(body)).not.toMatch(INTERNALS);
    expect(body.error.request_id).toMatch(UUID);
    const lines = await waitFor(
      async () =>
        logged(body.error.request_id ?? "").length
          ? logged(body.error.request_id ?? "")
          : undefined,
      "the logged detail",
    );
    expect(lines.join("\n")).toMatch(/ECONNREFUSED/);
  });

  it("ends the run socket with a plain error frame and a request id; the detail is in the log", async () => {
    const result = transcript(
      await runSocket(`${base.replace("http", "ws")}/api/auto-tune/optimize/ws`, singleRequest(1), {
        cookie,
      }),
    );
    expect(result.code).toBe(1011);
    const last = result.messages.at(-1) as {
      type: string;
      error?: string;
      detail?: string;
      request_id?: string;
    };
    expect(last.type).toBe("error");
    expect(last.error).toBe(RUN_FAILURE.plain);
    expect(last.detail).toMatch(/^The LLM provider failed for "fixture-small"/);
    expect(JSON.stringify(result.messages)).not.toMatch(INTERNALS);
    expect(result.reason).not.toMatch(INTERNALS);
    expect(last.request_id).toMatch(UUID);
    const lines = await waitFor(
      async () =>
        logged(last.request_id ?? "").length ? logged(last.request_id ?? "") : undefined,
      "the logged detail",
    );
    expect(lines.join("\n")).toMatch(/ECONNREFUSED/);
  });
});
