import type { MultiAgentIteration } from "@promptune/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHAT_ERROR_TEXT } from "../../api/chat";
import { type FakeCall, fail, installFakeApi, ok } from "../../auth/testing";
import { multiChatMode } from "../../pages/multi-agent/chat/chat-mode";
import { multiUpdate, renderWithProviders } from "../../pages/multi-agent/testing";
import { singleChatMode } from "../../pages/single-agent/chat-mode";
import { useAuthStore } from "../../stores/auth";
import { useMultiRunStore } from "../../stores/multi-run";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";
import { useUiStore } from "../../stores/ui";
import "../../test/font-loading";
import { ChatComparison } from "./ChatComparison";
import { CHAT_PLACEHOLDERS, type ChatMode } from "./chat-mode";
import { emitClearChats } from "./events";
import { RATING_TEXT } from "./RatingControls";

/** What differs between the two modes in these tests: set-up, the page's selection and replies. */
interface ModeCase {
  name: string;
  mode: ChatMode<never>;
  route: string;
  /** Reply data for the n-th call. */
  answer(n: number): unknown;
  /** Clears the prompt the before chat needs. */
  removePrompt(): void;
  /** A completed run of two optimised iterations, the second selected on the page. */
  complete(): void;
  /** Selects optimised iteration `index` on the page (carousel, slider). */
  select(index: number): void;
  /** The prompt a call talked to (single: the prompt; multi: the coordinator's). */
  promptOf(call: FakeCall): string;
  /** The optimised prompt of iteration `n`. */
  optimisedPrompt(n: number): string;
  /** How the page alerts: the browser's alert (single) or a red toast (multi). */
  alerts: "browser" | "toast";
  /** Spec §6 text of that alert. */
  unauthorized: string;
}

const cases: ModeCase[] = [
  {
    name: "single-agent",
    mode: singleChatMode as ChatMode<never>,
    route: "POST /api/auto-tune/chat",
    answer: (n) => ({ reply: `Final answer ${n}` }),
    removePrompt: () =>
      useOptimizationStore.getState().update({ botPrompt: "  ", initialPrompt: "" }),
    complete: () =>
      useSingleRunStore.getState().loadPrompts(["Be kind, v1.", "Be kind, v2."], true, [
        { iteration: 1, prompt: "Be kind, v1.", temperature: 0.2, validation_score: 0.5 },
        { iteration: 2, prompt: "Be kind, v2.", temperature: 0.9, validation_score: 0.8 },
      ]),
    select: (index) => useSingleRunStore.getState().select(index),
    promptOf: (call) => (call.body as { prompt: string }).prompt,
    optimisedPrompt: (n) => `Be kind, v${n}.`,
    alerts: "browser",
    unauthorized: "Authentication required to send messages in chat!",
  },
  {
    name: "multi-agent",
    mode: multiChatMode as ChatMode<never>,
    route: "POST /api/auto-tune/multiagent/chat",
    answer: (n) => ({
      reply: { output: { content: `Final answer ${n}` }, intermediate_messages: [] },
    }),
    removePrompt: () => useOptimizationStore.getState().update({ coordinatorPrompt: "   " }),
    complete: () => {
      const store = useMultiRunStore.getState();
      store.addResult(multiUpdate(1).data as MultiAgentIteration);
      store.addResult(multiUpdate(2).data as MultiAgentIteration);
      store.markOptimized();
    },
    select: (index) => useMultiRunStore.getState().selectIteration(index),
    promptOf: (call) =>
      (call.body as { model: { "master-agent": { prompt: string } } }).model["master-agent"].prompt,
    optimisedPrompt: (n) => `Lead the team, version ${n}.`,
    alerts: "toast",
    unauthorized: "You need to be authorized to send messages to chat!",
  },
];

function send(panelId: string, text: string) {
  const input = within(screen.getByTestId(panelId)).getByRole("textbox");
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter" });
}

describe.each(cases)("ChatComparison, $name", { timeout: 30_000 }, (c) => {
  const { ids } = c.mode;
  const serve = () => {
    let n = 0;
    return installFakeApi({ [c.route]: () => ok(c.answer(++n)) });
  };

  beforeEach(() => {
    localStorage.clear();
    useOptimizationStore.getState().reset();
    useOptimizationStore
      .getState()
      .update({ botPrompt: "Be kind.", coordinatorPrompt: "Lead the team." });
    useSingleRunStore.getState().clear();
    useMultiRunStore.getState().clear();
    useAuthStore.setState({
      status: "authenticated",
      user: { email: "a@example.com", name: "A", company_name: "" },
    });
    useUiStore.setState({
      loginModalOpen: false,
      openLogin: () => useUiStore.setState({ loginModalOpen: true }),
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("is the page's section: heading 'Chat', its tour anchor and the two panels", () => {
    renderWithProviders(<ChatComparison mode={c.mode} />);
    const section = screen.getByTestId(ids.root);
    expect(section.getAttribute("data-tour")).toBe(ids.tour);
    expect(within(section).getByRole("heading", { level: 2, name: /^chat$/i })).toBeTruthy();
    expect(screen.getByRole("region", { name: /^chat$/i })).toBe(section);
    expect(within(screen.getByTestId(ids.before)).getByText("Before Optimization")).toBeTruthy();
    expect(within(screen.getByTestId(ids.after)).getByText("After Optimization")).toBeTruthy();
  });

  it("enables the before chat only with a prompt", () => {
    c.removePrompt();
    renderWithProviders(<ChatComparison mode={c.mode} />);
    const input = within(screen.getByTestId(ids.before)).getByRole("textbox");
    expect(input).toHaveProperty("disabled", true);
    expect(input.getAttribute("placeholder")).toBe(CHAT_PLACEHOLDERS.noPrompt);
  });

  it("enables the after chat once optimised; its picker follows the page and talks to the picked iteration", async () => {
    const calls = serve();
    renderWithProviders(<ChatComparison mode={c.mode} />);
    const after = screen.getByTestId(ids.after);
    expect(within(after).getByRole("textbox")).toHaveProperty("disabled", true);
    expect(within(after).getByRole("textbox").getAttribute("placeholder")).toBe(
      CHAT_PLACEHOLDERS.notOptimized,
    );
    expect(screen.queryByTestId(ids.picker)).toBeNull();

    act(() => c.complete());
    const input = within(after).getByRole("textbox");
    expect(input).toHaveProperty("disabled", false);
    expect(input.getAttribute("placeholder")).toBe(CHAT_PLACEHOLDERS.ready);
    const picker = screen.getByTestId(ids.picker) as HTMLInputElement;
    expect(picker.value).toBe("2");
    act(() => c.select(0));
    expect(picker.value).toBe("1");
    act(() => c.select(1));
    expect(picker.value).toBe("2");

    fireEvent.click(picker);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["1", "2"]);
    fireEvent.click(screen.getByRole("option", { name: "1" }));
    await waitFor(() => expect(picker.value).toBe("1"));

    send(ids.after, "Hello");
    expect(await within(after).findByText("Final answer 1")).toBeTruthy();
    expect(c.promptOf(calls[0] as FakeCall)).toBe(c.optimisedPrompt(1));
  });

  it("asks anonymous visitors to sign in instead of sending", () => {
    const calls = serve();
    useAuthStore.setState({ status: "anonymous", user: null });
    renderWithProviders(<ChatComparison mode={c.mode} />);
    send(ids.before, "Hello");
    expect(useUiStore.getState().loginModalOpen).toBe(true);
    expect(calls).toHaveLength(0);
    expect(within(screen.getByTestId(ids.before)).queryByText("Hello")).toBeNull();
  });

  it("alerts with the spec's text when there is no login modal to open", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    useAuthStore.setState({ status: "anonymous", user: null });
    useUiStore.setState({ openLogin: undefined as unknown as () => void });
    renderWithProviders(<ChatComparison mode={c.mode} />);
    send(ids.before, "Hello");
    if (c.alerts === "browser") {
      expect(alert.mock.calls).toEqual([[c.unauthorized]]);
    } else {
      expect((await screen.findByRole("alert")).textContent).toContain(c.unauthorized);
      expect(alert).not.toHaveBeenCalled();
    }
  });

  it("answers in the before chat; a failed reply is the error message; clearChats empties the chats", async () => {
    let n = 0;
    installFakeApi({
      [c.route]: () => (++n === 1 ? ok(c.answer(1)) : fail(502, "provider down")),
    });
    renderWithProviders(<ChatComparison mode={c.mode} />);
    const before = screen.getByTestId(ids.before);
    send(ids.before, "First");
    expect(await within(before).findByText("Final answer 1")).toBeTruthy();
    send(ids.before, "Second");
    expect(await within(before).findByText(CHAT_ERROR_TEXT)).toBeTruthy();
    act(() => emitClearChats());
    expect(within(before).queryByText("First")).toBeNull();
    expect(within(before).queryByText(CHAT_ERROR_TEXT)).toBeNull();
    expect(within(before).getByText(c.mode.empty.before)).toBeTruthy();
  });

  it("rates replies of both panes: 👍 at once, 👎 with what it should have said and a note", async () => {
    let n = 0;
    const calls = installFakeApi({
      [c.route]: () => ok(c.answer(++n)),
      "POST /api/ratings/chat": () => ({
        status: 201,
        body: { success: true, data: { id: `row-${n}` } },
      }),
    });
    act(() => c.complete());
    renderWithProviders(<ChatComparison mode={c.mode} />);
    const before = screen.getByTestId(ids.before);
    const after = screen.getByTestId(ids.after);
    send(ids.before, "First question");
    await within(before).findByText("Final answer 1");
    fireEvent.click(within(before).getByRole("button", { name: RATING_TEXT.good }));
    expect(await within(before).findByText(RATING_TEXT.thanksGood)).toBeTruthy();
    const rating = calls.filter((x) => x.path === "/api/ratings/chat");
    expect(rating).toHaveLength(1);
    expect(rating[0]?.body).toMatchObject({
      mode: c.name === "single-agent" ? "single" : "multi",
      side: "before",
      rating: "up",
      reply: "Final answer 1",
      dialog: [{ type: "human", content: "First question" }],
    });
    const { config } = (rating[0] as FakeCall).body as {
      config: Record<string, { prompt: string }>;
    };
    expect(
      c.name === "single-agent"
        ? (config as unknown as { prompt: string }).prompt
        : config["master-agent"]?.prompt,
    ).toBe(c.name === "single-agent" ? "Be kind." : "Lead the team.");

    send(ids.after, "Second question");
    await within(after).findByText("Final answer 2");
    fireEvent.click(within(after).getByRole("button", { name: RATING_TEXT.bad }));
    fireEvent.change(within(after).getByLabelText(RATING_TEXT.correction), {
      target: { value: "A kinder answer." },
    });
    fireEvent.change(within(after).getByLabelText(RATING_TEXT.note), {
      target: { value: "Is kind" },
    });
    fireEvent.click(within(after).getByRole("button", { name: RATING_TEXT.send }));
    expect(await within(after).findByText(RATING_TEXT.thanksBad)).toBeTruthy();
    const down = calls.filter((x) => x.path === "/api/ratings/chat")[1];
    expect(down?.body).toMatchObject({
      side: "after",
      rating: "down",
      correction: "A kinder answer.",
      note: "Is kind",
      reply: "Final answer 2",
      dialog: [{ type: "human", content: "Second question" }],
    });
  });

  it("offers no rating for the error message and says so when a rating cannot be saved", async () => {
    let n = 0;
    installFakeApi({
      [c.route]: () => (++n === 1 ? ok(c.answer(1)) : fail(502, "provider down")),
      "POST /api/ratings/chat": () => fail(400, "reply must not be empty"),
    });
    renderWithProviders(<ChatComparison mode={c.mode} />);
    const before = screen.getByTestId(ids.before);
    send(ids.before, "First");
    await within(before).findByText("Final answer 1");
    send(ids.before, "Second");
    await within(before).findByText(CHAT_ERROR_TEXT);
    expect(within(before).getAllByRole("button", { name: RATING_TEXT.good })).toHaveLength(1);
    fireEvent.click(within(before).getByRole("button", { name: RATING_TEXT.bad }));
    fireEvent.click(within(before).getByRole("button", { name: RATING_TEXT.skip }));
    expect((await within(before).findByRole("alert")).textContent).toBe(RATING_TEXT.failed);
    expect(within(before).getByRole("button", { name: RATING_TEXT.bad })).toBeTruthy();
  });
});
