import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../auth/testing";
import { multiRunAdapter } from "../pages/multi-agent/useMultiAgentRun";
import { singleRunAdapter } from "../pages/single-agent/useSingleOptimization";
import { useAuthStore } from "../stores/auth";
import { useMultiRunStore } from "../stores/multi-run";
import { useOptimizationStore } from "../stores/optimization";
import { useSingleRunStore } from "../stores/single-run";
import { FakeWebSocket } from "../test/fake-websocket";
import { updateFrame } from "../test/run-frames";
import { useRun } from "./useRun";

const update = (iteration: number) => updateFrame(iteration, { run_id: "run-42" });
const activeSingle = {
  run_id: "run-42",
  mode: "single",
  status: "running",
  iterations: 3,
  request: {
    prompt: "Help hikers.",
    dataset_name: "DCH2",
    model_name: "gpt-4o",
    iterations: 3,
    temperature: 0.4,
  },
};

describe("the run hook (both modes)", () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal("WebSocket", FakeWebSocket);
    useSingleRunStore.getState().clear();
    useMultiRunStore.getState().clear();
    useOptimizationStore.getState().reset();
    useAuthStore.setState({
      status: "authenticated",
      user: { email: "a@b.c", name: "A", company_name: "" },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("on load reattaches to the active run: settings restored, resume sent, updates so far shown", async () => {
    const calls = installFakeApi({
      "GET /api/auto-tune/optimize/runs/active": () => ok(activeSingle),
    });
    renderHook(() => useRun(singleRunAdapter));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith("/runs/active"))?.query).toEqual({ mode: "single" });
    const ws = FakeWebSocket.last();
    expect(ws.url).toMatch(/\/api\/auto-tune\/optimize\/ws$/);
    await act(async () => ws.open());
    await waitFor(() => expect(ws.sent).toHaveLength(1));
    expect(JSON.parse(ws.sent[0] ?? "")).toEqual({ type: "resume", run_id: "run-42" });
    expect(useOptimizationStore.getState()).toMatchObject({
      botPrompt: "Help hikers.",
      selectedDataset: "DCH2",
      iterations: 3,
    });
    act(() => ws.message(update(0)));
    act(() => ws.message(update(1)));
    expect(useSingleRunStore.getState()).toMatchObject({
      isOptimizing: true,
      requestedIterations: 3,
      optimizedPrompts: ["Prompt 1"],
    });
  });

  it("does nothing when no run is active; Stop cancels the run on the server and ends it as stopped", async () => {
    const calls = installFakeApi({
      "GET /api/auto-tune/optimize/runs/active": () => ok(null),
      "POST /api/auto-tune/optimize/runs/run-42/cancel": () =>
        ok({ run_id: "run-42", status: "cancelled" }),
    });
    const { result } = renderHook(() => useRun(singleRunAdapter));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith("/runs/active"))).toBe(true));
    expect(FakeWebSocket.instances).toHaveLength(0);

    act(() => result.current.start(activeSingle.request));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.last();
    await act(async () => ws.open());
    await waitFor(() => expect(ws.sent).toHaveLength(1));
    act(() => result.current.stop()); // before the run id is known: sent with the first update
    expect(result.current.stopping).toBe(true);
    expect(calls.some((c) => c.path.endsWith("/cancel"))).toBe(false);
    act(() => ws.message(update(0)));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === "/api/auto-tune/optimize/runs/run-42/cancel"),
      ).toHaveLength(1),
    );
    act(() => ws.message(update(1)));
    expect(calls.filter((c) => c.path.endsWith("/cancel"))).toHaveLength(1);
    act(() => ws.message({ type: "error", error: "Optimization was cancelled." }));
    expect(useSingleRunStore.getState()).toMatchObject({
      isOptimizing: false,
      optimizedPrompts: ["Prompt 1"],
    });
    expect(result.current.stopping).toBe(false);
  });

  it("leaving the page closes the socket without cancelling; the multi-agent mode uses its own socket", async () => {
    const calls = installFakeApi({
      "GET /api/auto-tune/optimize/runs/active": () => ok(null),
    });
    const { result, unmount } = renderHook(() => useRun(multiRunAdapter));
    act(() =>
      result.current.start({
        dataset_name: "DCH2",
        iterations: 2,
        "master-agent": {
          name: "Coordinator",
          prompt: "Lead.",
          model_name: "gpt-4o",
          temperature: 0.3,
          description: "",
        },
        "worker-agents": [
          {
            name: "Expert",
            prompt: "Know.",
            model_name: "gpt-4o",
            temperature: 0.3,
            description: "",
          },
        ],
      }),
    );
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.last();
    expect(ws.url).toMatch(/\/ws\/multiagent$/);
    await act(async () => ws.open());
    await waitFor(() => expect(ws.sent).toHaveLength(1));
    expect(useMultiRunStore.getState().isOptimizing).toBe(true);
    unmount();
    expect(ws.closedWith?.code).toBe(1000);
    expect(useMultiRunStore.getState().isOptimizing).toBe(false);
    expect(calls.some((c) => c.path.endsWith("/cancel"))).toBe(false);
  });
});
