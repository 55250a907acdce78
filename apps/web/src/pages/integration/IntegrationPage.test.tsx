import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import "../../test/font-loading";
import { type FakeCall, fail, installFakeApi, ok, renderAt } from "../../auth/testing";
import { useAuthStore } from "../../stores/auth";
import { initialSettings, useOptimizationStore } from "../../stores/optimization";
import { useSessionStore } from "../../stores/session";
import { useSingleRunStore } from "../../stores/single-run";
import { useUiStore } from "../../stores/ui";
import { useIntegrationDraftStore } from "./draft";
import IntegrationPage from "./IntegrationPage";
import { INTEGRATION_MESSAGES } from "./rules";

const bots = { before: "https://t.me/bakery_before_bot", after: "https://t.me/bakery_after_bot" };
const stored = {
  username: "@alice",
  friends_usernames: ["@bob", "@carol"],
  init_config: { model_name: "gpt-4o", prompt: "Be kind.", temperature: 0.4 },
  opti_config: { model_name: "gpt-4o", prompt: "", temperature: 0.4 },
  bots,
};
const INTEGRATION = "/api/telegram/integration";
const echo = (c: FakeCall) => ok({ ...(c.body as object), bots });

// The model fields' dropdown code is a lazy chunk; its first import in a busy test
// worker can take seconds, so it is loaded once before the tests instead of inside one.
beforeAll(async () => {
  await import("../../components/floating");
}, 60_000);

beforeEach(() => {
  useAuthStore.setState({
    status: "authenticated",
    user: { email: "a@example.com", name: "A", company_name: "" },
  });
  useOptimizationStore.setState({ ...initialSettings(), availableModels: ["gpt-4o", "gpt-4.1"] });
  useSingleRunStore.getState().clear();
  useSessionStore.setState({ optimizationType: "standard" });
  useUiStore.setState({ loginModalOpen: false });
  useIntegrationDraftStore.setState({ draft: null });
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const loaded = () => waitFor(() => expect(field("Your Telegram Username").value).toBe("@alice"));

describe("IntegrationPage", () => {
  it("loads the saved integration, the bot links and hides the optimised summary while it is empty", async () => {
    installFakeApi({ [`GET ${INTEGRATION}`]: () => ok(stored) });
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    expect(screen.getByRole("heading", { name: "Integrate Your Telegram Bot" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Telegram Bot Integration" })).toBeTruthy();
    expect(field("Your Telegram Username").placeholder).toBe("@username");
    expect(field("Friends' Usernames").value).toBe("@bob, @carol");
    expect((screen.getByLabelText("Prompt") as HTMLTextAreaElement).value).toBe("Be kind.");
    expect(screen.getByTestId("integration-temperature").textContent).toBe("0.40");
    const before = within(screen.getByTestId("before-bot-link")).getByRole("link");
    expect(before.getAttribute("href")).toBe(bots.before);
    expect(before.textContent).toBe("@bakery_before_bot");
    expect(screen.queryByTestId("optimized-summary")).toBeNull();
    expect(screen.queryByRole("button", { name: "Load latest optimization results" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Optimized Prompt"), {
      target: { value: "Be kind. Always smile." },
    });
    expect(screen.getByTestId("optimized-summary").textContent).toBe(
      "Model: gpt-4oTemperature: 0.40",
    );
  });

  it("saves with usernames normalised, shows 'Saving...' and the 4-second success toast", async () => {
    let release: () => void = () => {};
    const calls = installFakeApi({
      [`GET ${INTEGRATION}`]: () => ok(stored),
      [`POST ${INTEGRATION}`]: (c) => new Promise((r) => (release = () => r(echo(c)))),
    });
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    fireEvent.change(field("Your Telegram Username"), { target: { value: " alice_2 " } });
    fireEvent.change(field("Friends' Usernames"), { target: { value: "bob, @Dave,, bob " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    expect(
      (await screen.findByRole("button", { name: "Saving..." })).hasAttribute("disabled"),
    ).toBe(true);
    expect(calls.at(-1)).toMatchObject({
      method: "POST",
      body: {
        username: "@alice_2",
        friends_usernames: ["@bob", "@Dave"],
        init_config: stored.init_config,
      },
    });
    release();
    expect(await screen.findByText(INTEGRATION_MESSAGES.saved)).toBeTruthy();
    expect(field("Your Telegram Username").value).toBe("@alice_2");
  });

  it("closes the toast after 4 seconds", async () => {
    installFakeApi({ [`GET ${INTEGRATION}`]: () => ok(stored), [`POST ${INTEGRATION}`]: echo });
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    await screen.findByText(INTEGRATION_MESSAGES.saved);
    const shownAt = performance.now();
    await waitFor(() => expect(screen.queryByText(INTEGRATION_MESSAGES.saved)).toBeNull(), {
      timeout: 6000,
    });
    expect(performance.now() - shownAt).toBeGreaterThanOrEqual(3900);
  }, 10_000);

  it("refuses to save without a valid username or an initial prompt", async () => {
    const calls = installFakeApi({ [`GET ${INTEGRATION}`]: () => ok(stored) });
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    fireEvent.change(field("Your Telegram Username"), { target: { value: "@" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    // The field itself holds the error (not only the toast) and gets the focus.
    const username = field("Your Telegram Username");
    await waitFor(() => expect(username.getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(username);
    const describedBy = username.getAttribute("aria-describedby") ?? "";
    expect(
      describedBy
        .split(" ")
        .some(
          (id) => document.getElementById(id)?.textContent === INTEGRATION_MESSAGES.invalidUsername,
        ),
    ).toBe(true);
    fireEvent.change(username, { target: { value: "alice" } });
    expect(username.getAttribute("aria-invalid")).not.toBe("true");
    const prompt = screen.getByLabelText("Prompt") as HTMLTextAreaElement;
    fireEvent.change(prompt, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    await waitFor(() => expect(prompt.getAttribute("aria-invalid")).toBe("true"));
    expect(document.activeElement).toBe(prompt);
    expect(screen.getAllByText(INTEGRATION_MESSAGES.noInitialPrompt).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows the server's message, else 'Failed to save integration'", async () => {
    let answer = fail(400, '"@not ok" is not a valid Telegram username');
    installFakeApi({
      [`GET ${INTEGRATION}`]: () => ok(stored),
      [`POST ${INTEGRATION}`]: () => answer,
    });
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    expect(await screen.findByText('"@not ok" is not a valid Telegram username')).toBeTruthy();
    answer = fail(500);
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    expect(await screen.findByText(INTEGRATION_MESSAGES.saveFailed)).toBeTruthy();
  });

  it("shows a username held by another account on the username field (409)", async () => {
    const reason =
      "@alice is already verified as the owner of another Promptune account's integration. It can be used here only after that account removes it from its integration (or changes it).";
    installFakeApi({
      [`GET ${INTEGRATION}`]: () => ok(stored),
      [`POST ${INTEGRATION}`]: () => fail(409, reason),
    });
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    const username = field("Your Telegram Username");
    await waitFor(() => expect(username.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = username.getAttribute("aria-describedby") ?? "";
    expect(
      describedBy.split(" ").some((id) => document.getElementById(id)?.textContent === reason),
    ).toBe(true);
  });

  it("changes each configuration's model and temperature on its own", async () => {
    const calls = installFakeApi({
      [`GET ${INTEGRATION}`]: () => ok(stored),
      [`POST ${INTEGRATION}`]: echo,
    });
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    const initialModel = () => screen.getByRole("combobox", { name: "Initial model" });
    // The real Select replaces its read-only stand-in once its chunk is there; clicking the
    // stand-in would only open the Select when it arrives, so the test waits for it first.
    await waitFor(() => expect(initialModel().getAttribute("aria-disabled")).toBeNull(), {
      timeout: 10_000,
    });
    fireEvent.click(initialModel());
    await waitFor(() => expect(initialModel().getAttribute("aria-controls")).toBeTruthy());
    const listbox = document.getElementById(initialModel().getAttribute("aria-controls") ?? "");
    fireEvent.click(
      within(listbox as HTMLElement).getByRole("option", { name: "gpt-4.1", hidden: true }),
    );
    const optiThumb = screen.getByRole("slider", { name: "Optimized temperature" });
    fireEvent.keyDown(optiThumb, { key: "ArrowRight" });
    expect(screen.getByTestId("integration-opti-temperature").textContent).toBe("0.41");
    expect(screen.getByTestId("integration-temperature").textContent).toBe("0.40");
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    await screen.findByText(INTEGRATION_MESSAGES.saved);
    const body = calls.find((c) => c.method === "POST")?.body as typeof stored;
    expect(body.init_config).toMatchObject({ model_name: "gpt-4.1", temperature: 0.4 });
    expect(body.opti_config).toMatchObject({ model_name: "gpt-4o", temperature: 0.41 });
  }, 20_000);

  it("asks anonymous visitors to sign in instead of saving or loading", async () => {
    useAuthStore.setState({ status: "anonymous", user: null });
    const calls = installFakeApi({ "GET /api/telegram/bots": () => ok(bots) });
    renderAt(<IntegrationPage />, "/integration");
    await waitFor(() =>
      expect(within(screen.getByTestId("after-bot-link")).getByRole("link")).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));
    expect(await screen.findByText(INTEGRATION_MESSAGES.authSave)).toBeTruthy();
    expect(useUiStore.getState().loginModalOpen).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Load into Optimizer" }));
    expect(await screen.findByText(INTEGRATION_MESSAGES.authLoad)).toBeTruthy();
    expect(calls.some((c) => c.path === INTEGRATION)).toBe(false);
  });

  it("loads the latest optimisation results when there are some", async () => {
    installFakeApi({ [`GET ${INTEGRATION}`]: () => ok(stored) });
    useOptimizationStore.setState({
      initialPrompt: "Tuned from this.",
      selectedModel: "gpt-4.1",
      temperature: 0.65,
    });
    useSingleRunStore.getState().loadPrompts(["First try.", "Best prompt."], true);
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Load latest optimization results" }));
    expect((screen.getByLabelText("Prompt") as HTMLTextAreaElement).value).toBe("Tuned from this.");
    expect((screen.getByLabelText("Optimized Prompt") as HTMLTextAreaElement).value).toBe(
      "Best prompt.",
    );
    expect(screen.getByTestId("optimized-summary").textContent).toBe(
      "Model: gpt-4.1Temperature: 0.65",
    );
    expect(screen.getByTestId("integration-temperature").textContent).toBe("0.65");
  });

  it("loads the latest run from the history when the optimizer holds none (after a reload)", async () => {
    const run = {
      id: "r1",
      run_id: "r1",
      created_at: "2026-11-20T08:30:00.000Z",
      mode: "single",
      status: "completed",
      configuration: {
        initial_prompt: "Saved initial.",
        model_name: "gpt-4.1",
        temperature: 0.65,
        iterations: 1,
        dataset_name: "d",
      },
      steps: [
        {
          id: "r1:1",
          step_number: 1,
          prompt: "Saved optimised.",
          model_name: "gpt-4.1",
          temperature: 0.48,
          accepted: true,
          validation_score: 0.7,
          embedding_point: { x: 0, y: 0 },
          evaluation_point: { x: 1, y: 70 },
        },
      ],
      selected_step_id: null,
      initial_score: 0.5,
      best_score: 0.7,
      test_score: null,
      usage: { calls: 1, input_tokens: 1, output_tokens: 1, cost_usd: 0, cached_calls: 0 },
      error: null,
    };
    installFakeApi({
      [`GET ${INTEGRATION}`]: () => ok(stored),
      "GET /api/auto-tune/optimize/history": () => ok([run]),
    });
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    fireEvent.click(
      await screen.findByRole("button", { name: "Load latest optimization results" }),
    );
    expect((screen.getByLabelText("Prompt") as HTMLTextAreaElement).value).toBe("Saved initial.");
    expect((screen.getByLabelText("Optimized Prompt") as HTMLTextAreaElement).value).toBe(
      "Saved optimised.",
    );
    expect(screen.getByTestId("integration-temperature").textContent).toBe("0.65");
    expect(screen.getByTestId("integration-opti-temperature").textContent).toBe("0.48");
    expect(field("Your Telegram Username").value).toBe("@alice");
  });

  it("'Load into Optimizer' saves first, then fills the optimizer in Telegram Integration mode", async () => {
    const calls = installFakeApi({
      [`GET ${INTEGRATION}`]: () => ok(stored),
      [`POST ${INTEGRATION}`]: echo,
    });
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    fireEvent.change(screen.getByLabelText("Optimized Prompt"), {
      target: { value: "Be kind. Always smile." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Load into Optimizer" }));
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(
        "/home?optimizationType=with_integration",
      ),
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    expect(useOptimizationStore.getState()).toMatchObject({
      botPrompt: "Be kind.",
      initialPrompt: "Be kind.",
      selectedModel: "gpt-4o",
      temperature: 0.4,
    });
    expect(useSessionStore.getState().optimizationType).toBe("with_integration");
    expect(useSingleRunStore.getState()).toMatchObject({
      optimizedPrompts: ["Be kind. Always smile."],
      isOptimized: true,
    });
  });

  it("'Load into Optimizer' with an empty optimised prompt loads nothing optimised; a failed save stops it", async () => {
    let answer = echo;
    installFakeApi({
      [`GET ${INTEGRATION}`]: () => ok(stored),
      [`POST ${INTEGRATION}`]: (c) => answer(c),
    });
    useSingleRunStore.getState().loadPrompts(["stale"], true);
    renderAt(<IntegrationPage />, "/integration");
    await loaded();
    answer = () => fail(500, "database down");
    fireEvent.click(screen.getByRole("button", { name: "Load into Optimizer" }));
    expect(await screen.findByText(INTEGRATION_MESSAGES.saveBeforeLoadFailed)).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/integration");
    answer = echo;
    fireEvent.click(screen.getByRole("button", { name: "Load into Optimizer" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toMatch(/^\/home/));
    expect(useSingleRunStore.getState()).toMatchObject({
      optimizedPrompts: [],
      isOptimized: false,
    });
  });

  it("fills the prompts handed over from the history", async () => {
    installFakeApi({
      [`GET ${INTEGRATION}`]: () => ok({ ...stored, username: "", friends_usernames: [] }),
    });
    useIntegrationDraftStore.getState().setDraft({
      username: "",
      friends_usernames: [],
      init_config: { model_name: "gpt-4.1", prompt: "From history.", temperature: 0.2 },
      opti_config: { model_name: "gpt-4.1", prompt: "Optimised in history.", temperature: 0.3 },
    });
    renderAt(<IntegrationPage />, "/integration");
    await waitFor(() =>
      expect((screen.getByLabelText("Prompt") as HTMLTextAreaElement).value).toBe("From history."),
    );
    expect((screen.getByLabelText("Optimized Prompt") as HTMLTextAreaElement).value).toBe(
      "Optimised in history.",
    );
    expect(useIntegrationDraftStore.getState().draft).toBeNull();
  });
});
