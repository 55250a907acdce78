import { INTERMEDIATE_HEADER } from "@promptune/contracts";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, installFakeApi, ok } from "../../../auth/testing";
import { ChatComparison } from "../../../components/chat/ChatComparison";
import { useAuthStore } from "../../../stores/auth";
import { makeWorker, useOptimizationStore } from "../../../stores/optimization";
import "../../../test/font-loading";
import { renderWithProviders, resetMultiAgentState } from "../testing";
import { multiChatMode } from "./chat-mode";

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

describe("the multi-agent chat mode", { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetMultiAgentState({
      coordinatorPrompt: "Lead the team.",
      workers: [worker("Researcher", "Find facts."), worker("Writer", "Write it up.")],
    });
    useAuthStore.setState({
      status: "authenticated",
      user: { email: "a@example.com", name: "A", company_name: "" },
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("sends the whole configuration, names intermediate messages after the coordinator and the workers, and sends them back in the dialog", async () => {
    const calls = serveChat();
    renderWithProviders(<ChatComparison mode={multiChatMode} />);
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

  it("reads the configuration when a message is sent, not when the chat was drawn", async () => {
    const calls = serveChat();
    renderWithProviders(<ChatComparison mode={multiChatMode} />);
    useOptimizationStore.getState().update({ coordinatorPrompt: "Lead the team, kindly." });
    send("ma-chat-before", "Hi");
    expect(await screen.findByText("Final answer 1")).toBeTruthy();
    const body = calls[0]?.body as ChatBody;
    expect(body.model["master-agent"].prompt).toBe("Lead the team, kindly.");
  });

  it("has nothing to talk to without a coordinator prompt or an optimised iteration", () => {
    expect(multiChatMode.afterSettings(0)).toBeNull();
    expect(multiChatMode.beforeSettings()?.["worker-agents"].map((w) => w.prompt)).toEqual([
      "Find facts.",
      "Write it up.",
    ]);
    useOptimizationStore.getState().update({ coordinatorPrompt: "  " });
    expect(multiChatMode.beforeSettings()).toBeNull();
  });
});

describe("the multi-agent after chat of a run with a cost–quality frontier", () => {
  it("talks to the presented configuration on the recommended point's models", async () => {
    const { useMultiRunStore } = await import("../../../stores/multi-run");
    const agent = (name: string, prompt: string, model_name: string) => ({
      name,
      prompt,
      model_name,
      temperature: 0.5,
      description: "",
    });
    const presented = {
      "master-agent": agent("Coordinator", "Route well.", "big"),
      "worker-agents": [agent("Expert", "Answer exactly.", "big")],
    };
    const iteration = {
      iteration: 1,
      prompt: "Route well.",
      temperature: 0.5,
      ...presented,
      evaluation_point: { x: 1, y: 80 },
      embedding_point: { x: 0, y: 0 },
      accepted: true,
      parent: 0,
      validation_score: 0.8,
      usage: { calls: 1, input_tokens: 1, output_tokens: 1, cost_usd: 0, cached_calls: 0 },
    };
    const cheapWorkers = {
      "master-agent": presented["master-agent"],
      "worker-agents": [agent("Expert", "Answer exactly.", "small")],
    };
    useMultiRunStore.setState({
      multiAgentIterationResults: [iteration],
      finalResult: {
        ...iteration,
        prompts: ["Route well."],
        totalIterations: 1,
        server: {
          run_id: "r",
          prompt: "Route well.",
          prompts: ["Route well."],
          totalIterations: 1,
          evaluation_point: { x: 1, y: 80 },
          embedding_point: { x: 0, y: 0 },
          temperature: 0.5,
          best_iteration: 1,
          initial_score: 0.5,
          best_validation_score: 0.8,
          test_score: null,
          initial_test_score: null,
          usage: iteration.usage,
          frontier: [
            {
              model_name: "big + workers small",
              temperature: 0.5,
              prompt: "Route well.",
              score: 0.8,
              ci_low: 0.7,
              ci_high: 0.9,
              cost_per_1k_usd: 1,
              calls_per_reply: 3,
              recommended: true,
              ...cheapWorkers,
            },
            {
              model_name: "big",
              temperature: 0.5,
              prompt: "Route well.",
              score: 0.82,
              ci_low: 0.72,
              ci_high: 0.92,
              cost_per_1k_usd: 4,
              calls_per_reply: 3,
              recommended: false,
              ...presented,
            },
          ],
        },
      },
    });
    const run = useMultiRunStore.getState();
    // The store keeps the final result's frontier; the recommended point is chosen at first.
    run.setFinalResult(run.finalResult);
    expect(multiChatMode.afterSettings(0)).toEqual(cheapWorkers);
    // Choosing another point in "Cost vs quality" moves the after chat to it.
    useMultiRunStore.getState().selectFrontierPoint(1);
    expect(useMultiRunStore.getState().frontierSelected).toBe(1);
    expect(multiChatMode.afterSettings(0)).toEqual(presented);
    // A run that presented its initial configuration: the chosen point's whole configuration.
    const initialCoordinator = agent("Coordinator", "Route.", "big");
    useMultiRunStore.setState((st) => ({
      frontier: (st.frontier ?? []).map((p) => ({ ...p, "master-agent": initialCoordinator })),
      frontierSelected: null,
    }));
    expect(multiChatMode.afterSettings(0)).toEqual(presented);
    useMultiRunStore.getState().selectFrontierPoint(0);
    expect(multiChatMode.afterSettings(0)).toEqual({
      "master-agent": initialCoordinator,
      "worker-agents": cheapWorkers["worker-agents"],
    });
  });
});
