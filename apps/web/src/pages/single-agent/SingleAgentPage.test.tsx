import type { DatasetSummary } from "@promptune/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, ok, renderAt } from "../../auth/testing";
import { useAuthStore } from "../../stores/auth";
import { forgetDefaultsLoad } from "../../stores/defaults-loader";
import { useExtraDatasetsStore } from "../../stores/extra-datasets";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";
import { useUiStore } from "../../stores/ui";
import { FakeWebSocket } from "../../test/fake-websocket";
import { completeFrame } from "../../test/run-frames";
import "../../test/font-loading";
import { datasetOptions } from "./DatasetSelect";
import SingleAgentPage from "./SingleAgentPage";

const defaults = {
  models: { options: ["gpt-4o", "gpt-4.1-mini"], default: "gpt-4.1-mini" },
  datasets: { options: ["DCH2-top-dialogs", "DCH2"], default: "DCH2-top-dialogs" },
  temperature: { default: 0.7 },
  iterations: { default: 4, max: 10 },
  default_prompt: "You are a helpful assistant.",
  "master-agent": {
    name: "Coordinator",
    prompt: "c",
    model_name: "gpt-4o",
    temperature: 0.7,
    description: "d",
  },
  "worker-agents": [
    { name: "Expert", prompt: "e", model_name: "gpt-4o", temperature: 0.3, description: "x" },
  ],
  "additional-worker": {
    name: "Assistant",
    prompt: "a",
    model_name: "gpt-4o",
    temperature: 0.7,
    description: "y",
  },
};

const datasets = [
  {
    name: "DCH2-top-dialogs",
    title: "DCH2 top dialogs (30)",
    description: "",
    metric: "judge",
    size: 30,
    owner: "bundled",
  },
  { name: "mine", title: "My set", description: "", metric: "judge", size: 5, owner: "user" },
];

function update(iteration: number, prompt: string) {
  return {
    type: "update",
    data: {
      iteration,
      prompt,
      model_name: "gpt-4.1-mini",
      temperature: 0.7,
      evaluation_point: { x: iteration, y: 30 + iteration * 10 },
      embedding_point: { x: iteration / 10, y: 0.2 },
      accepted: true,
      parent: null,
      validation_score: 0.3 + iteration / 10,
      usage: { calls: 10, input_tokens: 1000, output_tokens: 100, cost_usd: 0.01, cached_calls: 0 },
    },
  };
}

function setup() {
  return installFakeApi({
    "GET /api/auto-tune/defaults": () => ok(defaults),
    "GET /api/datasets": () => ok(datasets),
    "GET /api/auto-tune/optimize/history": () => ok([]),
    "POST /api/auto-tune/chat": (call) =>
      ok({
        reply: `Answer: ${(call.body as { dialog: { content: string }[] }).dialog.at(-1)?.content}`,
      }),
  });
}

/** Renders the page and waits for its below-the-fold chunk (evaluation, graphs, chats). */
async function renderPage() {
  renderAt(<SingleAgentPage />, "/home");
  await screen.findByTestId("chat-after", {}, { timeout: 10_000 });
}

describe("SingleAgentPage", () => {
  beforeEach(() => {
    localStorage.clear();
    useOptimizationStore.getState().reset();
    forgetDefaultsLoad();
    useSingleRunStore.getState().clear();
    useExtraDatasetsStore.setState({ single: [], multi: [] });
    useUiStore.setState({ loginModalOpen: false });
    FakeWebSocket.reset();
    vi.stubGlobal("WebSocket", FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("fills the settings from the defaults and lists bundled and own datasets", async () => {
    useAuthStore.setState({ status: "anonymous", user: null });
    setup();
    await renderPage();
    await waitFor(() => expect(useOptimizationStore.getState().isDefaultsLoaded).toBe(true));
    const s = useOptimizationStore.getState();
    expect(s.selectedModel).toBe("gpt-4.1-mini");
    expect(s.selectedDataset).toBe("DCH2-top-dialogs");
    expect(s.botPrompt).toBe("You are a helpful assistant.");
    expect(screen.getByTestId("temperature-value").textContent).toBe("0.70");
    const input = screen
      .getAllByLabelText("Evaluation Dataset")
      .find((el) => el.tagName === "INPUT") as HTMLInputElement;
    expect(input.value).toBe("DCH2 top dialogs (30)");
    expect(datasetOptions(datasets as DatasetSummary[], [], "DCH2-top-dialogs")).toEqual([
      {
        group: "Bundled datasets",
        items: [{ value: "DCH2-top-dialogs", label: "DCH2 top dialogs (30)" }],
      },
      { group: "Your datasets", items: [{ value: "mine", label: "My set" }] },
      { group: "Your own data", items: [{ value: "__upload__", label: "Upload dataset…" }] },
    ]);
  });

  it("merges another dataset scored the same way into the run (extra_datasets)", async () => {
    useAuthStore.setState({
      status: "authenticated",
      user: { email: "a@b.c", name: "A", company_name: "" },
    });
    setup();
    await renderPage();
    await waitFor(() => expect(useOptimizationStore.getState().isDefaultsLoaded).toBe(true));
    await screen.findByTestId("dataset-select-merge");
    act(() => useExtraDatasetsStore.getState().set("single", ["mine", "DCH2-top-dialogs"]));
    act(() => useOptimizationStore.getState().update({ iterations: 1, botPrompt: "Be kind." }));
    fireEvent.click(screen.getByTestId("optimize-button"));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.last();
    await act(async () => ws.open());
    // The selected dataset itself is never sent again as an extra one.
    expect(JSON.parse(ws.sent[0] ?? "{}")).toMatchObject({
      dataset_name: "DCH2-top-dialogs",
      extra_datasets: ["mine"],
    });
  });

  it("opens the login modal instead of optimising or chatting when signed out", async () => {
    useAuthStore.setState({ status: "anonymous", user: null });
    setup();
    await renderPage();
    await waitFor(() => expect(useOptimizationStore.getState().isDefaultsLoaded).toBe(true));
    fireEvent.click(screen.getByTestId("optimize-button"));
    expect(useUiStore.getState().loginModalOpen).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(0);
    useUiStore.setState({ loginModalOpen: false });
    const before = screen.getByTestId("chat-before");
    const input = within(before).getByPlaceholderText("Type your message...");
    fireEvent.change(input, { target: { value: "hello" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(useUiStore.getState().loginModalOpen).toBe(true);
    expect(
      within(screen.getByTestId("chat-after")).getByPlaceholderText("Complete optimization first"),
    ).toHaveProperty("disabled", true);
  });

  it("asks for a prompt before the before-chat is enabled", async () => {
    useAuthStore.setState({ status: "anonymous", user: null });
    setup();
    useOptimizationStore.setState({ isDefaultsLoaded: true, botPrompt: "", initialPrompt: "" });
    await renderPage();
    await waitFor(() =>
      expect(screen.getByPlaceholderText("Enter a prompt first to start chatting")).toHaveProperty(
        "disabled",
        true,
      ),
    );
    expect(screen.getByTestId("optimize-button")).toHaveProperty("disabled", true);
  });

  it("streams a run: initial evaluation, optimised prompts, progress, completion and both chats", async () => {
    useAuthStore.setState({
      status: "authenticated",
      user: { email: "a@b.c", name: "A", company_name: "" },
    });
    const calls = setup();
    await renderPage();
    await waitFor(() => expect(useOptimizationStore.getState().isDefaultsLoaded).toBe(true));
    act(() => useOptimizationStore.getState().update({ iterations: 2, botPrompt: "Be kind." }));
    const cleared = vi.fn();
    window.addEventListener("clearChats", cleared);
    fireEvent.click(screen.getByTestId("optimize-button"));
    expect(cleared).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.last();
    expect(ws.url).toMatch(/^ws:\/\/localhost(:\d+)?\/api\/auto-tune\/optimize\/ws$/);
    await act(async () => ws.open());
    expect(JSON.parse(ws.sent[0] ?? "{}")).toEqual({
      prompt: "Be kind.",
      dataset_name: "DCH2-top-dialogs",
      model_name: "gpt-4.1-mini",
      iterations: 2,
      temperature: 0.7,
    });
    expect(screen.getByTestId("optimize-button")).toHaveProperty("disabled", true);

    act(() => ws.message(update(0, "Be kind.")));
    expect(screen.getByTestId("progress-percent").textContent).toBe("30%");
    act(() => ws.message(update(1, "Be kind. Always greet.")));
    expect(screen.getByTestId("optimized-slide-1").textContent).toContain("Always greet.");
    act(() => ws.message(update(2, "Be kind. Always greet. Always thank.")));
    act(() =>
      ws.message(
        completeFrame({
          prompts: ["Be kind. Always greet.", "Be kind. Always greet. Always thank."],
        }),
      ),
    );
    expect(ws.closedWith).toEqual({ code: 1000, reason: "Optimization completed" });
    expect(screen.getByTestId("progress-percent").textContent).toBe("90%");
    expect(screen.getAllByTestId("graph-point")).toHaveLength(6);
    await waitFor(() => expect(useSingleRunStore.getState().isOptimized).toBe(true), {
      timeout: 10_000,
    });
    expect(screen.getByTestId("progress-percent").textContent).toBe("100%");
    expect(await screen.findByTestId("completion-message")).toBeTruthy();
    expect(useSingleRunStore.getState().selectedIterationIndex).toBe(1);
    expect(screen.getByTestId("iteration-slider-value").textContent).toBe("Iteration 2");
    expect(screen.getByTestId("usage").textContent).toContain("30 calls");

    const after = screen.getByTestId("chat-after");
    const afterInput = within(after).getByPlaceholderText("Type your message...");
    fireEvent.change(afterInput, { target: { value: "hi there" } });
    fireEvent.keyDown(afterInput, { key: "Enter" });
    expect(await within(after).findByText("Answer: hi there")).toBeTruthy();
    const chatCall = calls.find((c) => c.path === "/api/auto-tune/chat");
    expect(chatCall?.body).toMatchObject({
      prompt: "Be kind. Always greet. Always thank.",
      temperature: 0.7,
      model_name: "gpt-4.1-mini",
    });
    // The run's figures come with its `complete` message: no guessing the run from history.
    expect(calls.some((c) => c.path === "/api/auto-tune/optimize/history")).toBe(false);
    expect(useSingleRunStore.getState().summary).toMatchObject({ runId: "run-1", testScore: 0.55 });
  }, 30_000);
});
