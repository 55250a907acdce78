import type { MultiAgentOptimizeRequest } from "@promptune/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "../test/fake-websocket";
import {
  buildFinalResult,
  MULTI_SOCKET_MESSAGES,
  type MultiAgentClientOptions,
  type MultiAgentRunHandlers,
  startMultiAgentOptimization,
} from "./optimize-multi";
import type { WebSocketConstructor } from "./socket-connect";

const agent = (name: string, prompt = `${name} prompt`) => ({
  name,
  prompt,
  model_name: "gpt-4o",
  temperature: 0.5,
  description: `${name} description`,
});

const request: MultiAgentOptimizeRequest = {
  dataset_name: "DCH2-top-dialogs",
  iterations: 2,
  "master-agent": agent("Coordinator"),
  "worker-agents": [agent("Expert"), agent("Synthesizer")],
};

function update(iteration: number, withBaseline = false) {
  return {
    type: "update",
    data: {
      iteration,
      prompt: `coordinator prompt v${iteration}`,
      temperature: 0.5,
      "master-agent": agent("Coordinator", `coordinator prompt v${iteration}`),
      "worker-agents": [agent("Expert"), agent("Synthesizer")],
      evaluation_point: { x: iteration, y: 50 + iteration },
      embedding_point: { x: iteration / 10, y: 0.2 },
      accepted: true,
      parent: iteration - 1,
      validation_score: 0.5,
      usage: { calls: 1, input_tokens: 1, output_tokens: 1, cost_usd: 0, cached_calls: 0 },
      ...(withBaseline
        ? {
            baseline: {
              evaluation_point: { x: 0, y: 40 },
              embedding_point: { x: 0, y: 0 },
              validation_score: 0.4,
            },
          }
        : {}),
    },
  };
}

function recorder() {
  const events: string[] = [];
  const handlers: MultiAgentRunHandlers = {
    onResult: (r, n) => events.push(`result:${r.iteration}:${n}`),
    onComplete: (f) => events.push(`complete:${f?.prompts.join("|")}:${f?.totalIterations}`),
    onError: (m) => events.push(`error:${m}`),
    onMessage: (m) => events.push(`other:${String(m.type)}`),
  };
  return { events, handlers };
}

const options = (extra: Partial<MultiAgentClientOptions> = {}): MultiAgentClientOptions => ({
  WebSocketImpl: FakeWebSocket as unknown as WebSocketConstructor,
  url: "ws://test/api/auto-tune/optimize/ws/multiagent",
  isAuthenticated: () => true,
  hasSession: async () => true,
  sleep: async () => {},
  ...extra,
});

/** Starts a run against a fake socket that opens at once. */
async function started(extra: Partial<MultiAgentClientOptions> = {}) {
  const rec = recorder();
  const pending = startMultiAgentOptimization(request, rec.handlers, options(extra));
  FakeWebSocket.last().open();
  const run = await pending;
  return { ...rec, run, ws: FakeWebSocket.last() };
}

describe("multi-agent socket client", () => {
  beforeEach(() => FakeWebSocket.reset());
  afterEach(() => vi.useRealTimers());

  it("refuses to start for a signed-out user", async () => {
    const rec = recorder();
    await expect(
      startMultiAgentOptimization(request, rec.handlers, options({ isAuthenticated: () => false })),
    ).rejects.toThrow(MULTI_SOCKET_MESSAGES.notAuthenticated);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it("sends the request once the socket opens", async () => {
    const { ws } = await started();
    expect(ws.url).toBe("ws://test/api/auto-tune/optimize/ws/multiagent");
    expect(ws.sent.map((s) => JSON.parse(s))).toEqual([request]);
  });

  it("stores updates, closes normally at N results and hands over the final result", async () => {
    const { ws, events, run } = await started();
    ws.message(update(1, true));
    expect(run.active).toBe(true);
    ws.message(update(2));
    expect(ws.closedWith).toEqual({ code: 1000, reason: "Optimization completed" });
    expect(events).toEqual([
      "result:1:1",
      "result:2:2",
      "complete:coordinator prompt v1|coordinator prompt v2:2",
    ]);
    expect(run.active).toBe(false);
    // Messages arriving while closing are ignored.
    ws.message(update(3));
    ws.message({ type: "complete", result: {} });
    ws.message({ type: "error", error: "late" });
    expect(events).toHaveLength(3);
  });

  it("passes other messages to the general handler; complete ends the run", async () => {
    const { ws, events } = await started();
    ws.message({ type: "progress", progress: 30 });
    ws.message({ type: "intermediate", data: null });
    ws.message("not json");
    ws.message(update(1));
    ws.message({ type: "complete", result: {} });
    expect(events).toEqual([
      "other:progress",
      "other:intermediate",
      "result:1:1",
      "other:complete",
      "complete:coordinator prompt v1:1",
    ]);
    expect(ws.closedWith?.code).toBe(1000);
  });

  it("reports a server error once and ignores the close that follows", async () => {
    const { ws, events } = await started();
    ws.message(update(1));
    ws.message({ type: "error", error: "The LLM provider failed." });
    ws.serverClose(1011, "The LLM provider failed.");
    expect(events).toEqual(["result:1:1", "error:The LLM provider failed."]);
  });

  it("reports a connection dropped mid-run", async () => {
    const { ws, events } = await started();
    ws.serverClose(1006);
    expect(events).toEqual([`error:${MULTI_SOCKET_MESSAGES.failed}`]);
  });

  it("stops delivering after a manual disconnect", async () => {
    const { ws, events, run } = await started();
    run.disconnect();
    expect(ws.closedWith?.code).toBe(1000);
    ws.message(update(1));
    expect(events).toEqual([]);
  });

  it("tries three times, 1 s then 2 s apart, and raises the multi-agent failure text", async () => {
    vi.useFakeTimers();
    const rec = recorder();
    const result = startMultiAgentOptimization(
      request,
      rec.handlers,
      options({ sleep: undefined as never }),
    ).catch((e: Error) => e.message);
    FakeWebSocket.last().fail();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    FakeWebSocket.last().fail();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.last().fail();
    expect(await result).toBe(MULTI_SOCKET_MESSAGES.failed);
    expect(rec.events).toEqual([]);
  });

  it("times out after 10 s per attempt with the multi-agent timeout text", async () => {
    vi.useFakeTimers();
    const rec = recorder();
    const result = startMultiAgentOptimization(request, rec.handlers, options()).catch(
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(await result).toBe(MULTI_SOCKET_MESSAGES.timeout);
  });

  it("reports a refused upgrade without a session as the 401 text", async () => {
    const rec = recorder();
    const result = startMultiAgentOptimization(
      request,
      rec.handlers,
      options({ hasSession: async () => false }),
    ).catch((e: Error) => e.message);
    for (let i = 0; i < 3; i++) {
      await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(i + 1));
      FakeWebSocket.last().fail();
    }
    expect(await result).toBe("Authentication failed. Please log in and try again.");
  });

  it("maps 403 and 404 failures to their texts", async () => {
    for (const [code, text] of [
      ["403", "Access denied. Please check your permissions."],
      ["404", "WebSocket endpoint not found. Please contact support."],
    ] as const) {
      FakeWebSocket.reset();
      const rec = recorder();
      const result = startMultiAgentOptimization(request, rec.handlers, options()).catch(
        (e: Error) => e.message,
      );
      for (let i = 0; i < 3; i++) {
        await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(i + 1));
        FakeWebSocket.last().fail(`Unexpected response code: ${code}`);
      }
      expect(await result).toBe(text);
    }
  });
});

describe("buildFinalResult", () => {
  it("is the last result plus its prompts, truncated to the iterations", () => {
    const results = [update(1).data, update(2).data, update(3).data];
    const final = buildFinalResult(results, 2);
    expect(final?.iteration).toBe(3);
    expect(final?.prompts).toEqual(["coordinator prompt v1", "coordinator prompt v2"]);
    expect(final?.totalIterations).toBe(3);
    expect(buildFinalResult([], 2)).toBeNull();
  });
});
