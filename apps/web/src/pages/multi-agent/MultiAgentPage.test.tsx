import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../auth/testing";
import { CLEAR_CHATS_EVENT } from "../../components/chat/events";
import { useAuthStore } from "../../stores/auth";
import { forgetDefaultsLoad } from "../../stores/defaults-loader";
import { useMultiRunStore } from "../../stores/multi-run";
import { useOptimizationStore } from "../../stores/optimization";
import { useUiStore } from "../../stores/ui";
import { FakeWebSocket } from "../../test/fake-websocket";
import { completeFrame } from "../../test/run-frames";
import "../../test/font-loading";
import { COMPLETION_TEXTS } from "./CompletionMessage";
import MultiAgentPage from "./MultiAgentPage";
import { DEFAULTS_RESPONSE, multiUpdate, renderWithProviders } from "./testing";
import { MULTI_AGENT_TOUR } from "./tour/multi-agent-tour";
import { RUN_MESSAGES } from "./useMultiAgentRun";

function setup() {
  return installFakeApi({
    "GET /api/auto-tune/defaults": () => ok(DEFAULTS_RESPONSE),
    "GET /api/auth/status": () =>
      ok({ authenticated: true, email: "a@example.com", name: "A", company_name: "" }),
  });
}

async function renderPage() {
  renderWithProviders(<MultiAgentPage />);
  // Defaults arrive (the team of DEFAULTS_RESPONSE) and the lazy results chunk loads.
  await waitFor(() =>
    expect(useOptimizationStore.getState().coordinatorPrompt).toBe("Lead the team."),
  );
  await screen.findByTestId("ma-optimized-carousel", {}, { timeout: 10_000 });
}

describe("MultiAgentPage", { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    useOptimizationStore.getState().reset();
    useMultiRunStore.getState().clear();
    forgetDefaultsLoad();
    FakeWebSocket.reset();
    vi.stubGlobal("WebSocket", FakeWebSocket);
    useAuthStore.setState({
      status: "authenticated",
      user: { email: "a@example.com", name: "A", company_name: "" },
    });
    useUiStore.setState({ loginModalOpen: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("has an anchor for each of the 11 tour steps", async () => {
    setup();
    await renderPage();
    expect(MULTI_AGENT_TOUR.map((s) => s.target)).toHaveLength(11);
    for (const step of MULTI_AGENT_TOUR) {
      expect(document.querySelector(`[data-tour="${step.target}"]`), step.target).not.toBeNull();
    }
  });

  it("opens the login modal instead of optimising for anonymous visitors", async () => {
    setup();
    useAuthStore.setState({ status: "anonymous", user: null });
    await renderPage();
    fireEvent.click(screen.getByTestId("ma-optimize"));
    expect(useUiStore.getState().loginModalOpen).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it("runs an optimisation: request, results, normal close, completion message", async () => {
    setup();
    await renderPage();
    act(() => useOptimizationStore.getState().update({ multiAgentIterations: 2 }));
    const cleared = vi.fn();
    window.addEventListener(CLEAR_CHATS_EVENT, cleared);
    fireEvent.click(screen.getByTestId("ma-optimize"));
    expect(cleared).toHaveBeenCalledTimes(1);
    window.removeEventListener(CLEAR_CHATS_EVENT, cleared);
    expect(screen.getByTestId("ma-optimize").textContent).toBe("Optimizing...");

    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.last();
    expect(ws.url).toMatch(/^ws:\/\/.*\/api\/auto-tune\/optimize\/ws\/multiagent$/);
    act(() => ws.open());
    await waitFor(() => expect(ws.sent).toHaveLength(1));
    const request = JSON.parse(ws.sent[0] ?? "{}");
    expect(request).toMatchObject({ dataset_name: "DCH2-top-dialogs", iterations: 2 });
    expect(request["master-agent"]).toMatchObject({
      name: "Coordinator",
      prompt: "Lead the team.",
      temperature: 0.3,
    });
    expect(request["worker-agents"].map((w: { name: string }) => w.name)).toEqual([
      "Expert",
      "Synthesizer",
    ]);

    act(() => ws.message(multiUpdate(1)));
    expect(useMultiRunStore.getState().multiAgentIterationResults).toHaveLength(1);
    expect(screen.queryByText(COMPLETION_TEXTS.title)).toBeNull();
    const moments = { optimized: 0, completion: 0, progressAtOptimized: 0 };
    const unsubscribe = useMultiRunStore.subscribe((state, previous) => {
      if (state.multiAgentIsOptimized && !previous.multiAgentIsOptimized) {
        moments.optimized = performance.now();
        moments.progressAtOptimized = state.progress;
      }
      if (state.showCompletion && !previous.showCompletion) moments.completion = performance.now();
    });
    act(() => ws.message(multiUpdate(2)));
    act(() =>
      ws.message(
        completeFrame({ prompts: ["Lead the team, version 1.", "Lead the team, version 2."] }),
      ),
    );
    expect(ws.closedWith).toEqual({ code: 1000, reason: "Optimization completed" });
    // Progress eases to 100 %, the run is marked optimized, and the message follows 500 ms later.
    expect(await screen.findByText(COMPLETION_TEXTS.title, {}, { timeout: 5_000 })).toBeTruthy();
    expect(moments.completion - moments.optimized).toBeGreaterThanOrEqual(499);
    expect(moments.progressAtOptimized).toBe(100);
    unsubscribe();
    expect(screen.getByText(COMPLETION_TEXTS.body)).toBeTruthy();
    expect(useMultiRunStore.getState()).toMatchObject({
      multiAgentIsOptimized: true,
      isOptimizing: false,
    });
    expect(screen.getByTestId("ma-optimize").textContent).toBe("Optimize");
    const points = screen
      .getByTestId("evaluation-graph")
      .querySelectorAll('[data-testid="graph-point"]');
    expect([...points].map((p) => p.getAttribute("data-iteration"))).toEqual(["0", "1", "2"]);
  });

  it("alerts and returns to idle when the run fails", async () => {
    setup();
    await renderPage();
    fireEvent.click(screen.getByTestId("ma-optimize"));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.last();
    act(() => ws.open());
    await waitFor(() => expect(ws.sent).toHaveLength(1));
    act(() => ws.message({ type: "error", error: "The LLM provider failed." }));
    expect(await screen.findByText(RUN_MESSAGES.failed)).toBeTruthy();
    expect(screen.getByText("The LLM provider failed.")).toBeTruthy();
    expect(screen.getByTestId("ma-optimize").textContent).toBe("Optimize");
    expect(useMultiRunStore.getState().isOptimizing).toBe(false);
  });

  it("alerts when the optimisation cannot start", async () => {
    setup();
    await renderPage();
    fireEvent.click(screen.getByTestId("ma-optimize"));
    for (let i = 0; i < 3; i++) {
      await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(i + 1), { timeout: 5_000 });
      act(() => FakeWebSocket.last().fail());
    }
    expect(await screen.findByText(RUN_MESSAGES.startFailed)).toBeTruthy();
    expect(
      screen.getByText("Multi-Agent WebSocket connection failed. Please try again."),
    ).toBeTruthy();
    expect(useMultiRunStore.getState().isOptimizing).toBe(false);
  });
});
