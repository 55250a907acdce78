import { INTERMEDIATE_HEADER, type MultiAgentIteration } from "@promptune/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, installFakeApi, ok } from "../../../auth/testing";
import { useAuthStore } from "../../../stores/auth";
import { useMultiRunStore } from "../../../stores/multi-run";
import { makeWorker, useOptimizationStore } from "../../../stores/optimization";
import { useUiStore } from "../../../stores/ui";
import "../../../test/font-loading";
import { multiUpdate, renderWithProviders } from "../testing";
import { CHAT_TEXTS, MultiAgentChats } from "./MultiAgentChats";

interface ChatBody {
  model: {
    "master-agent": { name: string; prompt: string };
    "worker-agents": { name: string; prompt: string }[];
  };
  dialog: { type: string; content: string }[];
}

function serveChat(): FakeCall[] {
  let n = 0;
  return installFakeApi({
    "POST /api/auto-tune/multiagent/chat": () => {
      n += 1;
      return ok({
        reply: {
          output: { content: `Final answer ${n}` },
          intermediate_messages: [
            { name: "master", content: `Plan ${n}` },
            { name: "worker1", content: `Facts ${n}` },
            { name: "worker-2", content: `Draft ${n}` },
          ],
        },
      });
    },
  });
}

function send(panelId: string, text: string) {
  const input = within(screen.getByTestId(panelId)).getByRole("textbox");
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter" });
}

const worker = (name: string, prompt: string) =>
  makeWorker(
    1,
    { prompt, model: "fixture-large", temperature: 0.4, description: `${name} role` },
    name,
  );

describe("MultiAgentChats", { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    useOptimizationStore.getState().reset();
    useOptimizationStore.getState().update({
      coordinatorPrompt: "Lead the team.",
      workers: [worker("Researcher", "Find facts."), worker("Writer", "Write it up.")],
    });
    useMultiRunStore.getState().clear();
    useAuthStore.setState({
      status: "authenticated",
      user: { email: "a@example.com", name: "A", company_name: "" },
    });
    useUiStore.setState({ loginModalOpen: false });
  });
  afterEach(() => vi.restoreAllMocks());

  it("names intermediate messages after the coordinator and the workers, and sends them back in the dialog", async () => {
    const calls = serveChat();
    renderWithProviders(<MultiAgentChats />);
    send("ma-chat-before", "How do I reset my password?");

    const panel = screen.getByTestId("ma-chat-before");
    expect(await within(panel).findByText("Final answer 1")).toBeTruthy();
    fireEvent.click(within(panel).getByRole("button", { name: "Show Reasoning Process" }));
    const names = ["Coordinator", "Researcher", "Writer"];
    for (const name of names) expect(within(panel).getByText(name)).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Hide Reasoning Process" })).toBeTruthy();

    const first = calls[0]?.body as ChatBody;
    expect(first.model["master-agent"]).toMatchObject({
      name: "Coordinator",
      prompt: "Lead the team.",
    });
    expect(first.model["worker-agents"].map((w) => w.name)).toEqual(["Researcher", "Writer"]);
    expect(first.dialog).toEqual([{ type: "human", content: "How do I reset my password?" }]);

    send("ma-chat-before", "And if I lost my email?");
    expect(await within(panel).findByText("Final answer 2")).toBeTruthy();
    const second = calls[1]?.body as ChatBody;
    expect(second.dialog).toEqual([
      { type: "human", content: "How do I reset my password?" },
      {
        type: "ai",
        content: `Final answer 1\n\n${INTERMEDIATE_HEADER}\n[Coordinator]: Plan 1\n\n[Researcher]: Facts 1\n\n[Writer]: Draft 1`,
      },
      { type: "human", content: "And if I lost my email?" },
    ]);
  });

  it("enables the before chat only with a coordinator prompt", () => {
    useOptimizationStore.getState().update({ coordinatorPrompt: "   " });
    renderWithProviders(<MultiAgentChats />);
    const input = within(screen.getByTestId("ma-chat-before")).getByRole("textbox");
    expect(input).toHaveProperty("disabled", true);
    expect(input.getAttribute("placeholder")).toBe(CHAT_TEXTS.needPrompt);
  });

  it("enables the after chat once optimised and talks to the iteration picked in its own picker", async () => {
    const calls = serveChat();
    renderWithProviders(<MultiAgentChats />);
    const after = screen.getByTestId("ma-chat-after");
    const input = within(after).getByRole("textbox");
    expect(input).toHaveProperty("disabled", true);
    expect(input.getAttribute("placeholder")).toBe(CHAT_TEXTS.needOptimization);
    expect(screen.queryByTestId("ma-after-iteration")).toBeNull();

    act(() => {
      const store = useMultiRunStore.getState();
      store.addResult(multiUpdate(1, ["Researcher", "Writer"]).data as MultiAgentIteration);
      store.addResult(multiUpdate(2, ["Researcher", "Writer"]).data as MultiAgentIteration);
      store.markOptimized();
    });
    expect(within(after).getByRole("textbox")).toHaveProperty("disabled", false);
    const picker = screen.getByTestId("ma-after-iteration") as HTMLInputElement;
    expect(picker.value).toBe("2");

    fireEvent.click(picker);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["1", "2"]);
    fireEvent.click(screen.getByRole("option", { name: "1" }));
    await waitFor(() => expect(picker.value).toBe("1"));

    send("ma-chat-after", "Hello");
    expect(await within(after).findByText("Final answer 1")).toBeTruthy();
    const body = calls[0]?.body as ChatBody;
    expect(body.model["master-agent"].prompt).toBe("Lead the team, version 1.");
    expect(body.model["worker-agents"][0]?.prompt).toBe("Researcher prompt v1");
  });

  it("asks anonymous visitors to sign in instead of sending", () => {
    const calls = serveChat();
    useAuthStore.setState({ status: "anonymous", user: null });
    renderWithProviders(<MultiAgentChats />);
    send("ma-chat-before", "Hello");
    expect(useUiStore.getState().loginModalOpen).toBe(true);
    expect(calls).toHaveLength(0);
    expect(within(screen.getByTestId("ma-chat-before")).queryByText("Hello")).toBeNull();
  });
});
