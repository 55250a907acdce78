/**
 * First run without a provider, through the real app: the local model is
 * downloaded from a model host on 127.0.0.1 (real node-llama-cpp download and
 * inference with the shared stories260K model), GET /api/llm/status reports
 * downloading → ready, and a host that stalls or never answers fails the
 * waiting chat with a clear 503 before a later request retries and succeeds.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LlmProviderStatus, LlmStatusResponseSchema } from "@promptune/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { callApi } from "../testing/http";
import { type ModelHost, startModelHost } from "../testing/model-host";
import { hasSharedTestModel, sharedTestModel } from "../testing/models";

const present = hasSharedTestModel();
if (!present) console.warn("Skipping first-run tests: the shared test model is absent.");

const chat = {
  prompt: "Tell a story.",
  temperature: 0,
  dialog: [{ type: "human", content: "Once upon a time" }],
};

describe.skipIf(!present)("first run: local model download with status and timeouts", () => {
  let host: ModelHost;
  const dirs: string[] = [];
  let testApp: TestApp | undefined;

  beforeAll(async () => {
    // ~19 chunks of 64 KiB, one every 60 ms: about a second of visible download.
    host = await startModelHost({ file: sharedTestModel(), chunkDelayMs: 60 });
  });
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });
  afterAll(async () => {
    await host.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const start = async () => {
    const dir = mkdtempSync(join(tmpdir(), "promptune-first-run-"));
    dirs.push(dir);
    testApp = await createTestApp("sqlite", {
      LOCAL_MODEL_URL: host.modelUrl,
      LOCAL_MODEL_DIR: dir,
      LOCAL_MODEL_THREADS: "1",
      LOCAL_MODEL_CONNECT_TIMEOUT_MS: "1500",
      LOCAL_MODEL_STALL_TIMEOUT_MS: "1500",
      LLM_MAX_RETRIES: "0",
    });
    const { cookie } = await testApp.signIn("newcomer@example.com");
    return { app: testApp.app, cookie };
  };

  const localStatus = async (app: TestApp["app"]): Promise<LlmProviderStatus> => {
    const res = await callApi(app, "GET", "/api/llm/status");
    expect(res.statusCode).toBe(200);
    const body = LlmStatusResponseSchema.parse(res.json());
    const local = body.data.providers.find((p) => p.provider === "local");
    if (!local) throw new Error("no local provider in the status");
    return local;
  };

  it("reports idle, then downloading with percent, then ready, and the chat answers", async () => {
    host.mode = "normal";
    const { app, cookie } = await start();
    const before = await localStatus(app);
    expect(before).toEqual({ provider: "local", models: ["stories260K"], state: "idle" });

    const reply = callApi(app, "POST", "/api/auto-tune/chat", chat, { cookie });
    const seen: LlmProviderStatus[] = [];
    let settled = false;
    void reply.finally(() => {
      settled = true;
    });
    while (!settled) {
      seen.push(await localStatus(app));
      await new Promise((r) => setTimeout(r, 25));
    }
    const res = await reply;
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reply.trim().length).toBeGreaterThan(0);

    const downloading = seen.filter((s) => s.state === "downloading");
    expect(downloading.length).toBeGreaterThan(1);
    for (const s of downloading) {
      if (s.state !== "downloading") continue;
      expect(s.percent).toBeGreaterThanOrEqual(0);
      expect(s.percent).toBeLessThanOrEqual(100);
      // Before the host answers the size is unknown; after that it is the file's.
      if (s.mb > 0) expect(s.totalMb).toBe(1.2);
    }
    const percents = downloading.map((s) => (s.state === "downloading" ? s.percent : 0));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBeGreaterThan(percents[0] ?? 0);
    expect(seen.findIndex((s) => s.state === "downloading")).toBeLessThan(
      seen.findIndex((s) => s.state === "ready") === -1
        ? Infinity
        : seen.findIndex((s) => s.state === "ready"),
    );
    expect((await localStatus(app)).state).toBe("ready");
  });

  it("fails a chat with a clear 503 when the host stalls, then a later chat retries and succeeds", async () => {
    host.mode = "stall";
    const { app, cookie } = await start();
    const startedAt = Date.now();
    const failed = await callApi(app, "POST", "/api/auto-tune/chat", chat, { cookie });
    const waited = Date.now() - startedAt;
    expect(failed.statusCode).toBe(503);
    const message: string = failed.json().error.message;
    expect(message).toMatch(/stalled \(no data for 1\.5 s\)/);
    expect(message).toMatch(/OPENAI_BASE_URL.*LOCAL_MODEL_PATH/);
    // It failed on the stall deadline, not on the gateway's 60 s call timeout.
    expect(waited).toBeLessThan(30_000);
    const status = await localStatus(app);
    expect(status.state).toBe("failed");
    expect(status.state === "failed" && status.message).toBe(message);

    host.mode = "normal";
    const retried = await callApi(app, "POST", "/api/auto-tune/chat", chat, { cookie });
    expect(retried.statusCode).toBe(200);
    expect((await localStatus(app)).state).toBe("ready");
  });

  it("fails with a connect-timeout message when the host accepts and never answers", async () => {
    host.mode = "silent";
    const { app, cookie } = await start();
    const failed = await callApi(app, "POST", "/api/auto-tune/chat", chat, { cookie });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.message).toMatch(/127\.0\.0\.1:\d+ did not answer within 1\.5 s/);
    expect((await localStatus(app)).state).toBe("failed");
  });
});
