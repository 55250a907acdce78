import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, fail, installFakeApi, ok, renderAt } from "../../../auth/testing";
import { useAuthStore } from "../../../stores/auth";
import { initialSettings, useOptimizationStore } from "../../../stores/optimization";
import { useSessionStore } from "../../../stores/session";
import { useSingleRunStore } from "../../../stores/single-run";
import { useIntegrationDraftStore } from "../../integration/draft";
import { HISTORY_ALERTS } from "./actions";
import { LOAD_TO_INTEGRATION_TEXT } from "./ConfirmIntegrationModal";
import { HISTORY_TEXT, HistoryTab } from "./HistoryTab";
import { formatHistoryDate } from "./mapping";
import { singleRecord } from "./testing";

const HISTORY = "GET /api/auto-tune/optimize/history";
const older = singleRecord("run-old", "2026-11-01T10:00:00.000Z", ["Old step"], {
  status: "cancelled",
  best_score: 0.5,
  test_score: null,
});
const newer = singleRecord("run-new", "2026-11-20T08:30:00.000Z", ["Step one", "Step two"], {
  selected_step_id: "run-new:1",
});

const integration = (username: string) => ({
  username,
  friends_usernames: username ? ["@bob"] : [],
  init_config: { model_name: "gpt-4o", prompt: "", temperature: 0.7 },
  opti_config: { model_name: "gpt-4o", prompt: "", temperature: 0.7 },
  bots: { before: "", after: "" },
});

beforeEach(() => {
  useAuthStore.setState({
    status: "authenticated",
    user: { email: "h@example.com", name: "H", company_name: "" },
  });
  useOptimizationStore.setState(initialSettings());
  useSingleRunStore.getState().clear();
  useSessionStore.setState({ optimizationType: "with_integration" });
  useIntegrationDraftStore.setState({ draft: null });
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const rows = () => screen.getAllByTestId("history-row");

/** Clicks 'Load to integration' and confirms replacing the bots' prompts. */
async function loadToIntegrationConfirmed() {
  fireEvent.click(screen.getByRole("button", { name: "Load to integration" }));
  const dialog = await screen.findByRole("dialog", { name: LOAD_TO_INTEGRATION_TEXT.title });
  fireEvent.click(within(dialog).getByRole("button", { name: LOAD_TO_INTEGRATION_TEXT.confirm }));
}

describe("HistoryTab", () => {
  it("shows 'Loading history...' and then the runs newest first with every column", async () => {
    let release: () => void = () => {};
    installFakeApi({
      [HISTORY]: () => new Promise((r) => (release = () => r(ok([older, newer])))),
    });
    renderAt(<HistoryTab />, "/profile");
    expect(await screen.findByText(HISTORY_TEXT.loading)).toBeTruthy();
    release();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByText(formatHistoryDate(newer.created_at))).toBeTruthy();
    expect(first.getByText("2 optimized steps")).toBeTruthy();
    expect(first.getByText("customer-help")).toBeTruthy();
    expect(first.getAllByRole("button", { name: "Open" })).toHaveLength(2);
    expect(first.getByRole("button", { name: "Load into optimizer" })).toBeTruthy();
    expect(first.getByRole("button", { name: "Load to integration" })).toBeTruthy();
    expect(within(rows()[1] as HTMLElement).getByText("1 optimized step")).toBeTruthy();
    // Rows tell runs apart: prompt preview, best validation and held-out score, status, mode.
    expect(first.getByTestId("history-preview").textContent).toBe("Initial prompt of run-new");
    expect(first.getByTestId("history-scores").textContent).toBe("Validation 80.0%Held-out 75.0%");
    expect(first.getByTestId("history-status").textContent).toBe("Completed");
    expect(first.getByTestId("history-mode-badge").textContent).toBe("Single-Agent");
    const second = within(rows()[1] as HTMLElement);
    expect(second.getByTestId("history-status").textContent).toBe("Stopped");
    expect(second.getByTestId("history-scores").textContent).toBe("Validation 50.0%Held-out —");
  });

  it("'Changes' shows the presented step's prompt as a word diff against the initial one", async () => {
    const run = singleRecord("run-diff", "2026-11-20T08:30:00.000Z", [
      "Answer politely and clearly.",
    ]);
    run.configuration = { ...run.configuration, initial_prompt: "Answer briefly." };
    installFakeApi({ [HISTORY]: () => ok([run]) });
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole("button", { name: "Changes" }));
    const dialog = await screen.findByRole("dialog", { name: "Prompt Changes" });
    expect(within(dialog).getByTestId("diff-added").textContent).toBe("+3 words added");
    expect(within(dialog).getByTestId("diff-removed").textContent).toBe("−1 word removed");
    expect(dialog.querySelector("ins")?.textContent).toBe("politely and clearly");
    expect(dialog.querySelector("del")?.textContent).toBe("briefly");
  });

  it("shows the empty state, also when loading fails (the failure is only logged)", async () => {
    installFakeApi({ [HISTORY]: () => ok([]) });
    const { unmount } = renderAt(<HistoryTab />, "/profile");
    expect(await screen.findByText(HISTORY_TEXT.empty)).toBeTruthy();
    unmount();
    installFakeApi({ [HISTORY]: () => fail(500, "boom") });
    renderAt(<HistoryTab />, "/profile");
    expect(await screen.findByText(HISTORY_TEXT.empty)).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith("Failed to load history", expect.anything());
  });

  it("opens the Initial Configuration modal and closes it", async () => {
    installFakeApi({ [HISTORY]: () => ok([newer]) });
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(
      within(rows()[0] as HTMLElement).getAllByRole("button", { name: "Open" })[0] as HTMLElement,
    );
    const dialog = await screen.findByRole("dialog", { name: "Initial Configuration" });
    expect(within(dialog).getByText("Initial prompt of run-new")).toBeTruthy();
    expect(within(dialog).getByText("gpt-4o-mini")).toBeTruthy();
    expect(within(dialog).getByText("0.35")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Initial Configuration" })).toBeNull(),
    );
  });

  it("marks the selected step and persists a new selection", async () => {
    const calls = installFakeApi({
      [HISTORY]: () => ok([newer]),
      "PUT /api/auto-tune/optimize/selected-prompt": (c: FakeCall) =>
        ok({
          ...newer,
          selected_step_id: (c.body as { selected_step_id: string }).selected_step_id,
        }),
    });
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(
      within(rows()[0] as HTMLElement).getAllByRole("button", { name: "Open" })[1] as HTMLElement,
    );
    const dialog = await screen.findByRole("dialog", { name: "Optimization Steps" });
    const steps = within(dialog).getAllByTestId("history-step");
    expect(within(steps[0] as HTMLElement).getByText("Step 1")).toBeTruthy();
    expect(within(steps[0] as HTMLElement).getByText("Selected")).toBeTruthy();
    expect(within(steps[1] as HTMLElement).getByText("Step two")).toBeTruthy();
    fireEvent.click(within(steps[1] as HTMLElement).getByRole("button", { name: "Select" }));
    await waitFor(() => expect(within(steps[1] as HTMLElement).getByText("Selected")).toBeTruthy());
    expect(within(steps[0] as HTMLElement).queryByText("Selected")).toBeNull();
    expect(calls.at(-1)).toMatchObject({ method: "PUT", body: { selected_step_id: "run-new:2" } });
  });

  it("'Load into optimizer' fills the optimizer with the run and opens /home", async () => {
    installFakeApi({ [HISTORY]: () => ok([newer]) });
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Load into optimizer" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/home"));
    expect(useOptimizationStore.getState()).toMatchObject({
      initialPrompt: "Initial prompt of run-new",
      botPrompt: "Initial prompt of run-new",
      selectedDataset: "customer-help",
      selectedModel: "gpt-4o-mini",
      temperature: 0.35,
      iterations: 2,
    });
    expect(useSingleRunStore.getState()).toMatchObject({
      optimizedPrompts: ["Step one", "Step two"],
      isOptimized: true,
      selectedIterationIndex: 0,
      selectedPrompt: "Step one",
    });
    expect(useSessionStore.getState().optimizationType).toBe("standard");
  });

  it("'Load to integration' saves the run's prompts into the integration and opens /integration", async () => {
    const calls = installFakeApi({
      [HISTORY]: () => ok([newer]),
      "GET /api/telegram/integration": () => ok(integration("@alice")),
      "POST /api/telegram/integration": (c: FakeCall) =>
        ok({ ...(c.body as object), bots: { before: "", after: "" } }),
    });
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Load to integration" }));
    const dialog = await screen.findByRole("dialog", { name: LOAD_TO_INTEGRATION_TEXT.title });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.path.includes("/telegram/integration"))).toBe(false);
    await loadToIntegrationConfirmed();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/integration"));
    expect(await screen.findByText(LOAD_TO_INTEGRATION_TEXT.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      username: "@alice",
      friends_usernames: ["@bob"],
      init_config: {
        model_name: "gpt-4o-mini",
        prompt: "Initial prompt of run-new",
        temperature: 0.35,
      },
      opti_config: { model_name: "gpt-4o-mini", prompt: "Step two", temperature: 0.5 },
    });
  });

  it("hands the prompts to the Integration page when no username is saved yet", async () => {
    const calls = installFakeApi({
      [HISTORY]: () => ok([newer]),
      "GET /api/telegram/integration": () => ok(integration("")),
    });
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rows()).toHaveLength(1));
    await loadToIntegrationConfirmed();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/integration"));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(useIntegrationDraftStore.getState().draft?.opti_config.prompt).toBe("Step two");
  });

  it("alerts when loading to the integration fails and stays on the page", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    installFakeApi({
      [HISTORY]: () => ok([newer]),
      "GET /api/telegram/integration": () => ok(integration("@alice")),
      "POST /api/telegram/integration": () => fail(400, "Please enter an initial prompt"),
    });
    renderAt(<HistoryTab />, "/profile");
    await waitFor(() => expect(rows()).toHaveLength(1));
    await loadToIntegrationConfirmed();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(HISTORY_ALERTS.failed));
    expect(screen.getByTestId("location").textContent).toBe("/profile");

    vi.mocked(globalThis.fetch).mockImplementation(async (input) => {
      if (String(input).includes("/telegram/integration")) throw new TypeError("network down");
      return new Response(JSON.stringify({ success: true, data: [newer] }), { status: 200 });
    });
    await loadToIntegrationConfirmed();
    await waitFor(() => expect(alert).toHaveBeenCalledWith(HISTORY_ALERTS.error));
  });

  it("lists multi-agent runs with their coordinator and workers, without 'Load to integration'", async () => {
    const multi = singleRecord("run-multi", "2026-11-19T08:30:00.000Z", ["Coordinator v2"], {
      mode: "multi",
    });
    multi.configuration = {
      ...multi.configuration,
      "master-agent": {
        name: "Lead",
        prompt: "Coordinate.",
        model_name: "gpt-4o",
        temperature: 0.2,
        description: "leads",
      },
      "worker-agents": [
        {
          name: "Expert",
          prompt: "Know things.",
          model_name: "gpt-4.1",
          temperature: 0.4,
          description: "",
        },
      ],
    };
    const calls = installFakeApi({
      [HISTORY]: (c: FakeCall) => ok(c.query.mode === "multi" ? [multi] : []),
    });
    renderAt(<HistoryTab />, "/profile");
    expect(await screen.findByText(HISTORY_TEXT.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole("combobox", { name: "Optimization mode" }));
    // The dropdown is still transitioning in jsdom, so its options count as hidden.
    fireEvent.click(await screen.findByRole("option", { name: "Multi-Agent", hidden: true }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(
      calls.filter((c) => `${c.method} ${c.path}` === HISTORY).map((c) => c.query.mode),
    ).toEqual(["single", "multi"]);
    expect(screen.queryByRole("button", { name: "Load to integration" })).toBeNull();
    fireEvent.click(
      within(rows()[0] as HTMLElement).getAllByRole("button", { name: "Open" })[0] as HTMLElement,
    );
    const dialog = await screen.findByRole("dialog", { name: "Initial Configuration" });
    expect(within(dialog).getByText("Lead")).toBeTruthy();
    expect(within(dialog).getByText("Coordinator")).toBeTruthy();
    expect(within(dialog).getByText("Expert")).toBeTruthy();
    expect(within(dialog).getByText("Know things.")).toBeTruthy();
  });
});
