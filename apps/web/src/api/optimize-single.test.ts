import type { SingleAgentOptimizeRequest } from "@promptune/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "../test/fake-websocket";
import {
  buildFinalResult,
  SINGLE_SOCKET_TEXTS,
  SingleAgentOptimizationClient,
  type SingleOptimizationHandlers,
} from "./optimize-single";
import type { WebSocketConstructor } from "./socket-connect";

const request: SingleAgentOptimizeRequest = {
  prompt: "Be helpful.",
  dataset_name: "DCH2-top-dialogs",
  model_name: "gpt-4o",
  iterations: 2,
  temperature: 0.7,
};

function update(iteration: number, prompt: string) {
  return {
    type: "update",
    data: {
      iteration,
      prompt,
      model_name: "gpt-4o",
      temperature: 0.7,
      evaluation_point: { x: iteration, y: 40 + iteration * 10 },
      embedding_point: { x: iteration / 10, y: 0.5 },
      accepted: true,
      parent: iteration > 0 ? iteration - 1 : null,
      validation_score: 0.4 + iteration / 10,
      usage: { calls: 3, input_tokens: 100, output_tokens: 20, cost_usd: 0.001, cached_calls: 0 },
    },
  };
}

function recorder() {
  const events: string[] = [];
  const handlers: SingleOptimizationHandlers = {
    onInitialEvaluation: (r) => events.push(`initial:${r.iteration}:${r.prompt}`),
    onIterationResult: (r, i) => events.push(`result:${i}:${r.prompt}`),
    onResponse: () => events.push("response"),
    onComplete: (f) => events.push(`complete:${f.prompts.join("|")}:${f.totalIterations}`),
    onError: (m) => events.push(`error:${m}`),
  };
  return { events, handlers };
}

/** Starts a client against a fake socket and opens it. */
async function started(options: { authenticated?: boolean; iterations?: number } = {}) {
  const client = new SingleAgentOptimizationClient({
    isAuthenticated: () => options.authenticated ?? true,
    url: () => "ws://test/api/auto-tune/optimize/ws",
    WebSocketImpl: FakeWebSocket as unknown as WebSocketConstructor,
    sleep: async () => {},
  });
  const rec = recorder();
  const run = client.start(
    { ...request, iterations: options.iterations ?? request.iterations },
    rec.handlers,
  );
  FakeWebSocket.last().open();
  await run;
  return { client, ws: FakeWebSocket.last(), ...rec };
}

describe("single-agent socket client", () => {
  beforeEach(() => FakeWebSocket.reset());

  it("refuses to start when the user is not signed in, without connecting", async () => {
    const client = new SingleAgentOptimizationClient({
      isAuthenticated: () => false,
      WebSocketImpl: FakeWebSocket as unknown as WebSocketConstructor,
    });
    await expect(client.start(request, recorder().handlers)).rejects.toThrow(
      "User is not authenticated. Please log in first.",
    );
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it("sends the request once the socket opens", async () => {
    const { ws, client } = await started();
    expect(ws.sent.map((s) => JSON.parse(s))).toEqual([request]);
    expect(client.status).toBe("receiving");
  });

  it("treats the first update as the initial evaluation, appends the rest and finishes at N", async () => {
    const { ws, events, client } = await started();
    ws.message(update(0, "Be helpful."));
    ws.message(update(1, "Be helpful. Always greet."));
    expect(ws.closedWith).toBeNull();
    ws.message(update(2, "Be helpful. Always greet. Always thank."));
    expect(events).toEqual([
      "response",
      "initial:0:Be helpful.",
      "response",
      "result:0:Be helpful. Always greet.",
      "response",
      "result:1:Be helpful. Always greet. Always thank.",
      "complete:Be helpful. Always greet.|Be helpful. Always greet. Always thank.:2",
    ]);
    expect(ws.closedWith).toEqual({ code: 1000, reason: "Optimization completed" });
    expect(client.status).toBe("idle");
  });

  it("ignores messages that arrive while closing (the server's complete after N)", async () => {
    const { ws, events } = await started({ iterations: 1 });
    ws.message(update(0, "p0"));
    // Keep the handler: a real socket still delivers what the server sent before our close.
    const onmessage = ws.onmessage;
    ws.message(update(1, "p1"));
    onmessage?.({
      data: JSON.stringify({ type: "complete", result: { prompt: "p1", prompts: ["p1"] } }),
    } as MessageEvent);
    onmessage?.({ data: JSON.stringify(update(2, "p2")) } as MessageEvent);
    expect(events.filter((e) => e.startsWith("complete"))).toEqual(["complete:p1:1"]);
    expect(events.some((e) => e.includes("p2"))).toBe(false);
  });

  it("labels results without a prompt 'Optimized prompt N'", async () => {
    const { ws, events } = await started();
    ws.message(update(0, "p0"));
    ws.message({ type: "update", data: { iteration: 1 } });
    expect(events).toContain("result:0:Optimized prompt 1");
  });

  it("finishes on a complete message, taking the result's prompts truncated to N", async () => {
    const { ws, events } = await started({ iterations: 2 });
    ws.message(update(0, "p0"));
    ws.message(update(1, "p1"));
    ws.message({ type: "complete", result: { prompt: "best", prompts: ["a", "b", "c"] } });
    expect(events.at(-1)).toBe("complete:a|b:2");
    expect(ws.closedWith).toEqual({ code: 1000, reason: "Optimization completed" });
  });

  it("finishes on an unrecognised message type", async () => {
    const { ws, events } = await started({ iterations: 3 });
    ws.message(update(0, "p0"));
    ws.message(update(1, "p1"));
    ws.message({ type: "mystery" });
    expect(events.at(-1)).toBe("complete:p1:3");
  });

  it("reports the server's error message once, even when the socket then closes with 1011", async () => {
    const { ws, events } = await started();
    ws.message({ type: "error", error: "Optimization failed: provider down" });
    ws.serverClose(1011, "Optimization failed: provider down");
    expect(events.filter((e) => e.startsWith("error"))).toEqual([
      "error:Optimization failed: provider down",
    ]);
  });

  it("reports a dropped connection as a failure", async () => {
    const { ws, events } = await started();
    ws.message(update(0, "p0"));
    ws.serverClose(1006);
    expect(events.at(-1)).toBe(`error:${SINGLE_SOCKET_TEXTS.failed}`);
  });

  it("passes progress messages through and counts only prompt-bearing ones as responses", async () => {
    const progress = vi.fn();
    const client = new SingleAgentOptimizationClient({
      isAuthenticated: () => true,
      url: () => "ws://t",
      WebSocketImpl: FakeWebSocket as unknown as WebSocketConstructor,
    });
    const rec = recorder();
    const run = client.start(request, { ...rec.handlers, onProgress: progress });
    FakeWebSocket.last().open();
    await run;
    FakeWebSocket.last().message({ type: "progress", progress: 42 });
    expect(progress).toHaveBeenCalledWith(42);
    expect(rec.events).toEqual([]);
  });

  it("refuses to send when not connected", () => {
    const client = new SingleAgentOptimizationClient();
    expect(() => client.send({})).toThrow("WebSocket is not connected");
  });

  it("stops delivering after a manual disconnect", async () => {
    const { ws, client, events } = await started();
    client.disconnect();
    expect(ws.closedWith?.code).toBe(1000);
    ws.message(update(0, "p0"));
    expect(events).toEqual([]);
  });
});

describe("final result", () => {
  it("truncates prompts to N and appends the result's prompt only if absent and there is room", () => {
    expect(
      buildFinalResult({ prompt: "x", prompts: ["a", "b", "c"] }, undefined, [], 2).prompts,
    ).toEqual(["a", "b"]);
    expect(buildFinalResult({ prompt: "x", prompts: ["a"] }, undefined, [], 2).prompts).toEqual([
      "a",
      "x",
    ]);
    expect(buildFinalResult({ prompt: "a", prompts: ["a"] }, undefined, [], 2).prompts).toEqual([
      "a",
    ]);
    expect(buildFinalResult(undefined, { iteration: 2, prompt: "q" }, ["p", "q"], 2)).toMatchObject(
      { prompts: ["p", "q"], totalIterations: 2, iteration: 2 },
    );
  });
});
