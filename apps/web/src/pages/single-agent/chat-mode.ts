/**
 * The single-agent page's chat mode: the chats talk to a prompt with the
 * selected model and a temperature. Before: the bot prompt (else the run's
 * initial prompt) at the selected temperature; after: the picked optimised
 * prompt at the temperature its result was scored with (the presented prompt
 * of a run with a cost–quality frontier: on the chosen frontier point's
 * model at its temperature, the recommended one unless the user chose
 * another in the "Cost vs quality" card).
 */
import { useMemo } from "react";
import { type SingleAgentChatSettings, singleAgentBotReply } from "../../api/chat";
import type { ChatMode, ChatModeState } from "../../components/chat";
import { chosenFrontierPoint } from "../../components/frontier/selection";
import { runTemperatureOf } from "../../run/presented";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";

/** The before chat's prompt: the bot prompt, else the run's initial prompt. */
function beforePrompt(botPrompt: string, initialPrompt: string): string {
  return botPrompt.trim() ? botPrompt : initialPrompt;
}

/** The single-agent state the chats follow. */
function useSingleChatState(): ChatModeState {
  const botPrompt = useOptimizationStore((s) => s.botPrompt);
  const initialPrompt = useOptimizationStore((s) => s.initialPrompt);
  const prompts = useSingleRunStore((s) => s.optimizedPrompts);
  const optimized = useSingleRunStore((s) => s.isOptimized);
  const selectedIndex = useSingleRunStore((s) => s.selectedIterationIndex);
  const iterations = useMemo(
    () => prompts.map((p, i) => ({ label: String(i + 1), ready: p.trim().length > 0 })),
    [prompts],
  );
  return {
    beforeReady: beforePrompt(botPrompt, initialPrompt).trim().length > 0,
    optimized,
    iterations,
    selectedIndex,
  };
}

/** Chat mode of the single-agent page (spec §2 "Chat comparison", §7 "Details"). */
export const singleChatMode: ChatMode<SingleAgentChatSettings> = {
  ids: {
    root: "chat-comparison",
    tour: "chat-comparison",
    title: "chat-comparison-title",
    before: "chat-before",
    after: "chat-after",
    picker: "after-chat-iteration",
  },
  heading: { fz: { base: "xl", sm: 26 } },
  picker: { label: "Iteration for the after chat", width: 92 },
  empty: {
    before: "Ask the assistant with your initial prompt anything.",
    after: (label) => `Chatting with iteration ${label}.`,
    afterDisabled: "Optimise first, then compare the answers here.",
  },
  unauthorized: "Authentication required to send messages in chat!",
  alert: (message) => window.alert(message),
  useChatState: useSingleChatState,
  beforeSettings() {
    const s = useOptimizationStore.getState();
    const prompt = beforePrompt(s.botPrompt, s.initialPrompt);
    if (!prompt.trim()) return null;
    return { prompt, temperature: s.temperature, model_name: s.selectedModel };
  },
  afterSettings(index) {
    const s = useOptimizationStore.getState();
    const run = useSingleRunStore.getState();
    const prompt = run.optimizedPrompts[index];
    if (!prompt?.trim()) return null;
    // The presented prompt on the frontier runs on the chosen point's model at its temperature.
    // A point the user chose whose prompt no iteration has (the presented configuration kept
    // the initial prompt) is what the selected iteration's chat talks to, prompt and all.
    const chosenElsewhere = (p: { prompt: string }) =>
      run.frontierSelected !== null &&
      index === run.selectedIterationIndex &&
      !run.optimizedPrompts.includes(p.prompt);
    const point = chosenFrontierPoint(
      run.frontier,
      run.frontierSelected,
      (p) => p.prompt === prompt || chosenElsewhere(p),
    );
    if (point)
      return { prompt: point.prompt, temperature: point.temperature, model_name: point.model_name };
    const result = run.iterationResults[index];
    const temperature =
      runTemperatureOf(result?.iteration, result?.temperature, run.summary) ?? s.temperature;
    return { prompt, temperature, model_name: s.selectedModel };
  },
  ratingConfig: (settings) => ({
    mode: "single",
    config: {
      prompt: settings.prompt,
      temperature: settings.temperature,
      model_name: settings.model_name ?? "",
    },
  }),
  reply: singleAgentBotReply,
};
