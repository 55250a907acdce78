import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "../test/fake-websocket";
import { completeFrame, updateFrame } from "../test/run-frames";
import { failureOf, openRunStream, type RunFailure, type RunStreamOptions } from "./run-socket";
import type { WebSocketConstructor } from "./socket-connect";

const options: RunStreamOptions = {
  WebSocketImpl: FakeWebSocket as unknown as WebSocketConstructor,
  isAuthenticated: () => true,
  url: "ws://test/socket",
  hasSession: async () => true,
  sleep: async () => {},
  completeGraceMs: 50,
};

const single = (iteration: number, runId = "run-7") => updateFrame(iteration, { run_id: runId });
const request = {
  prompt: "Be kind.",
  dataset_name: "d",
  model_name: "m",
  iterations: 2,
  temperature: 0.5,
};

function recorder() {
  const events: string[] = [];
  const failures: RunFailure[] = [];
  return {
    events,
    failures,
    handlers: {
      onUpdate: (d: { iteration: number }, runId: string | undefined) =>
        events.push(`update:${d.iteration}:${runId}`),
      onProgress: (v: number) => events.push(`progress:${v}`),
      onComplete: (r: { run_id: string } | null) => events.push(`complete:${r?.run_id ?? "none"}`),
      onError: (f: RunFailure) => {
        failures.push(f);
        events.push(`error:${f.message}|${f.detail ?? ""}`);
      },
      onPause: (state: string, message: string) => events.push(`${state}:${message}`),
    },
  };
}

/** Opens a stream and lets the fake socket connect. */
async function open(first: unknown, expected: number, rec = recorder()) {
  const pending = openRunStream("single", first as typeof request, expected, rec.handlers, options);
  await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const ws = FakeWebSocket.last();
  ws.open();
  const stream = await pending;
  return { ws, stream, rec };
}

describe("the run socket client (both modes)", () => {
  beforeEach(() => FakeWebSocket.reset());

  it("sends the request, learns the run id from the first update and completes with the server's result", async () => {
    const { ws, stream, rec } = await open(request, 3);
    expect(JSON.parse(ws.sent[0] ?? "")).toEqual(request);
    ws.message(single(0));
    expect(stream.runId).toBe("run-7");
    ws.message(single(1));
    ws.message(single(2));
    expect(ws.closedWith).toBeNull();
    ws.message(completeFrame({ run_id: "run-7" }));
    expect(ws.closedWith).toEqual({ code: 1000, reason: "Optimization completed" });
    expect(rec.events).toEqual([
      "update:0:run-7",
      "update:1:run-7",
      "update:2:run-7",
      "complete:run-7",
    ]);
  });

  it("parses every frame with the contracts: malformed updates are dropped, progress envelopes tolerated", async () => {
    const { ws, rec } = await open(request, 3);
    ws.message({ type: "update", data: { iteration: 0, prompt: "no scores" } });
    ws.message("not json");
    ws.message({ type: "progress", progress: 42 });
    ws.message(single(0));
    expect(rec.events).toEqual(["progress:42", "update:0:run-7"]);
  });

  it("reports a pause and its resume without counting them as updates", async () => {
    const { ws, stream, rec } = await open(request, 2);
    ws.message(single(0));
    ws.message({ type: "paused", message: "Paused. It resumes by itself.", run_id: "run-7" });
    ws.message({ type: "resumed", message: "Goes on.", run_id: "run-7" });
    ws.message(single(1));
    expect(ws.closedWith).toBeNull();
    ws.message(completeFrame({ run_id: "run-7" }));
    expect(stream.runId).toBe("run-7");
    expect(rec.events).toEqual([
      "update:0:run-7",
      "paused:Paused. It resumes by itself.",
      "resumed:Goes on.",
      "update:1:run-7",
      "complete:run-7",
    ]);
  });

  it("reattaches with a resume message and knows its run before any update", async () => {
    const { ws, stream } = await open({ type: "resume", run_id: "run-9" }, 3);
    expect(JSON.parse(ws.sent[0] ?? "")).toEqual({ type: "resume", run_id: "run-9" });
    expect(stream.runId).toBe("run-9");
  });

  it("finishes on its own after N updates when `complete` never comes", async () => {
    const { ws, rec } = await open(request, 1);
    ws.message(single(0));
    await vi.waitFor(() => expect(rec.events).toContain("complete:none"));
    expect(ws.closedWith).toEqual({ code: 1000, reason: "Optimization completed" });
  });

  it("reads a failure frame's plain message, detail and request id as the server sent them", async () => {
    const { ws, rec } = await open(request, 3);
    ws.message({
      type: "error",
      error: "The server or the model provider ran into a problem.",
      detail: 'The LLM provider failed for "fixture-small" (HTTP 500) after 9 attempts.',
      request_id: "req-77",
    });
    expect(rec.failures).toEqual([
      {
        message: "The server or the model provider ran into a problem.",
        detail: 'The LLM provider failed for "fixture-small" (HTTP 500) after 9 attempts.',
        requestId: "req-77",
      },
    ]);
    expect(ws.closedWith?.reason).toBe("Optimization failed");
  });

  it("a frame with a detail is never split, even when its message looks like a stored failure", () => {
    expect(failureOf("Optimization failed: as written", "the real reason")).toEqual({
      message: "Optimization failed: as written",
      detail: "the real reason",
    });
    expect(failureOf("Optimization was cancelled.")).toEqual({
      message: "Optimization was cancelled.",
    });
  });

  it("falls back to splitting a frame without detail (older servers)", async () => {
    const { ws, rec } = await open(request, 3);
    ws.message({
      type: "error",
      error: "Optimization failed: connect ECONNREFUSED 127.0.0.1:3102",
    });
    expect(rec.events).toHaveLength(1);
    expect(rec.events[0]).toMatch(/^error:[^|]*\|connect ECONNREFUSED 127\.0\.0\.1:3102$/);
    expect(rec.events[0]).not.toMatch(/^error:[^|]*ECONNREFUSED[^|]*\|/);
  });

  it("a dropped connection is a failure with the mode's text; closing locally calls nothing", async () => {
    const first = await open(request, 3);
    first.ws.serverClose(1006);
    expect(first.rec.events).toEqual([
      "error:WebSocket connection failed. Please check your internet connection and try again.|",
    ]);
    FakeWebSocket.reset();
    const second = await open(request, 3);
    second.stream.close();
    second.ws.message(single(0));
    expect(second.rec.events).toEqual([]);
  });

  it("refuses to start when not signed in", async () => {
    await expect(
      openRunStream("multi", { type: "resume", run_id: "x" }, 1, recorder().handlers, {
        ...options,
        isAuthenticated: () => false,
      }),
    ).rejects.toThrow("User is not authenticated. Please log in first.");
  });

  it("keeps an explicit detail and request id", () => {
    expect(failureOf("The model provider is unreachable.", "ECONNREFUSED", "req-1")).toEqual({
      message: "The model provider is unreachable.",
      detail: "ECONNREFUSED",
      requestId: "req-1",
    });
  });
});
