import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, installFakeApi, ok } from "../../auth/testing";
import { ChatComparison } from "../../components/chat/ChatComparison";
import { CHAT_PLACEHOLDERS } from "../../components/chat/chat-mode";
import { useAuthStore } from "../../stores/auth";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";
import "../../test/font-loading";
import { renderWithProviders } from "../multi-agent/testing";
import { singleChatMode } from "./chat-mode";

function serveChat(): FakeCall[] {
  return installFakeApi({
    "POST /api/auto-tune/chat": (call) =>
      ok({
        reply: `Answer: ${(call.body as { dialog: { content: string }[] }).dialog.at(-1)?.content}`,
      }),
  });
}

function send(panelId: string, text: string) {
  const input = within(screen.getByTestId(panelId)).getByRole("textbox");
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter" });
}

describe("the single-agent chat mode", { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    useOptimizationStore.getState().reset();
    useOptimizationStore
      .getState()
      .update({ botPrompt: "Be kind.", selectedModel: "gpt-4.1-mini", temperature: 0.6 });
    useSingleRunStore.getState().clear();
    useAuthStore.setState({
      status: "authenticated",
      user: { email: "a@example.com", name: "A", company_name: "" },
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("the before chat sends the bot prompt (else the run's initial prompt) with the selected model and temperature", async () => {
    const calls = serveChat();
    renderWithProviders(<ChatComparison mode={singleChatMode} />);
    send("chat-before", "Hello");
    expect(await screen.findByText("Answer: Hello")).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      prompt: "Be kind.",
      temperature: 0.6,
      model_name: "gpt-4.1-mini",
      dialog: [{ type: "human", content: "Hello" }],
    });

    act(() =>
      useOptimizationStore.getState().update({ botPrompt: " ", initialPrompt: "Be fair." }),
    );
    expect(within(screen.getByTestId("chat-before")).getByRole("textbox")).toHaveProperty(
      "disabled",
      false,
    );
    expect(singleChatMode.beforeSettings()).toEqual({
      prompt: "Be fair.",
      temperature: 0.6,
      model_name: "gpt-4.1-mini",
    });
  });

  it("the after chat sends the picked optimised prompt at the temperature its result was scored with", async () => {
    const calls = serveChat();
    act(() =>
      useSingleRunStore.getState().loadPrompts(["Be kind, v1.", "Be kind, v2."], true, [
        { iteration: 1, prompt: "Be kind, v1.", temperature: 0.2, validation_score: 0.8 },
        { iteration: 2, prompt: "Be kind, v2.", validation_score: 0.5 },
      ]),
    );
    renderWithProviders(<ChatComparison mode={singleChatMode} />);
    expect(screen.getByText("Chatting with iteration 1.")).toBeTruthy();
    send("chat-after", "Hi");
    expect(await within(screen.getByTestId("chat-after")).findByText("Answer: Hi")).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({
      prompt: "Be kind, v1.",
      temperature: 0.2,
      model_name: "gpt-4.1-mini",
    });
    // An iteration without its own temperature falls back to the selected one.
    expect(singleChatMode.afterSettings(1)).toEqual({
      prompt: "Be kind, v2.",
      temperature: 0.6,
      model_name: "gpt-4.1-mini",
    });
  });

  it("the after chat sends the presented iteration at the run's presented temperature", () => {
    act(() => {
      const run = useSingleRunStore.getState();
      run.beginRun(2);
      run.appendResult({ iteration: 1, prompt: "Be kind, v1.", temperature: 0.9 });
      run.appendResult({ iteration: 2, prompt: "Be kind, v2.", temperature: 0.7 });
      // The end's probe presents iteration 1 at 0, not at the 0.9 it was searched at.
      run.completeRun({
        prompts: ["Be kind, v1.", "Be kind, v2."],
        totalIterations: 2,
        best_iteration: 1,
        temperature: 0,
      });
    });
    expect(singleChatMode.afterSettings(0)).toEqual({
      prompt: "Be kind, v1.",
      temperature: 0,
      model_name: "gpt-4.1-mini",
    });
    // Any other iteration still talks at its own temperature.
    expect(singleChatMode.afterSettings(1)?.temperature).toBe(0.7);
  });

  it("keeps the after chat disabled while the picked optimised prompt is empty", () => {
    act(() => useSingleRunStore.getState().loadPrompts(["  "], true));
    renderWithProviders(<ChatComparison mode={singleChatMode} />);
    const input = within(screen.getByTestId("chat-after")).getByRole("textbox");
    expect(input).toHaveProperty("disabled", true);
    expect(input.getAttribute("placeholder")).toBe(CHAT_PLACEHOLDERS.notOptimized);
    expect(screen.getByText("Optimise first, then compare the answers here.")).toBeTruthy();
    expect(singleChatMode.afterSettings(0)).toBeNull();
  });
});

describe("the after chat of a run with a cost–quality frontier", () => {
  it("talks to the presented prompt on the recommended model at its temperature", () => {
    useOptimizationStore.getState().update({ selectedModel: "gpt-4o", temperature: 0.7 });
    useSingleRunStore.setState({
      optimizedPrompts: ["Be kind.", "Be kind. Be exact."],
      frontier: [
        {
          model_name: "gpt-4o-mini",
          temperature: 0,
          prompt: "Be kind. Be exact.",
          score: 0.8,
          ci_low: 0.7,
          ci_high: 0.9,
          cost_per_1k_usd: 0.3,
          calls_per_reply: 1,
          recommended: true,
        },
        {
          model_name: "gpt-4o",
          temperature: 0.7,
          prompt: "Be kind. Be exact.",
          score: 0.84,
          ci_low: 0.74,
          ci_high: 0.94,
          cost_per_1k_usd: 5,
          calls_per_reply: 1,
          recommended: false,
        },
      ],
      frontierSelected: null,
      selectedIterationIndex: 0,
    });
    expect(singleChatMode.afterSettings(1)).toEqual({
      prompt: "Be kind. Be exact.",
      temperature: 0,
      model_name: "gpt-4o-mini",
    });
    // another iteration's prompt keeps the page's model
    expect(singleChatMode.afterSettings(0)?.model_name).toBe("gpt-4o");
    // Choosing the other point selects its iteration, and the after chat talks to it.
    useOptimizationStore.getState().update({ selectedModel: "claude" });
    useSingleRunStore.getState().selectFrontierPoint(1);
    expect(useSingleRunStore.getState().selectedIterationIndex).toBe(1);
    expect(singleChatMode.afterSettings(1)).toEqual({
      prompt: "Be kind. Be exact.",
      temperature: 0.7,
      model_name: "gpt-4o",
    });
    // A run that presented its initial prompt: the chosen point's whole configuration.
    useSingleRunStore.setState((st) => ({
      frontier: (st.frontier ?? []).map((p) => ({ ...p, prompt: "Be kind, initially." })),
      frontierSelected: null,
    }));
    expect(singleChatMode.afterSettings(1)?.model_name).toBe("claude");
    useSingleRunStore.getState().selectFrontierPoint(1);
    expect(singleChatMode.afterSettings(1)).toEqual({
      prompt: "Be kind, initially.",
      temperature: 0.7,
      model_name: "gpt-4o",
    });
    expect(singleChatMode.afterSettings(0)?.model_name).toBe("claude");
  });
});
