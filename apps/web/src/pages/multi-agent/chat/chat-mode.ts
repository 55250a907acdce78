/**
 * The multi-agent page's chat mode: the chats talk to a whole agent
 * configuration (coordinator and workers), and each reply carries the
 * intermediate messages of the coordinator and the workers it consulted,
 * shown under 'Reasoning Process'. Before: the current configuration; after:
 * the picked optimised iteration's configuration.
 */
import type { FrontierPoint } from "@promptune/contracts";
import { useMemo } from "react";
import { type MultiAgentChatSettings, multiAgentBotReply } from "../../../api/chat";
import type { ChatMode, ChatModeState } from "../../../components/chat";
import { chosenFrontierPoint } from "../../../components/frontier/selection";
import { promptsKey, useMultiRunStore } from "../../../stores/multi-run";
import { useOptimizationStore } from "../../../stores/optimization";
import { showAlert } from "../useMultiAgentRun";
import { configSnapshot } from "../workers";

/** The multi-agent state the chats follow. */
function useMultiChatState(): ChatModeState {
  const coordinatorPrompt = useOptimizationStore((s) => s.coordinatorPrompt);
  const results = useMultiRunStore((s) => s.multiAgentIterationResults);
  const optimized = useMultiRunStore((s) => s.multiAgentIsOptimized);
  const selectedIndex = useMultiRunStore((s) => s.multiAgentSelectedIterationIndex);
  const iterations = useMemo(
    () => results.map((r, i) => ({ label: String(r.iteration ?? i + 1), ready: true })),
    [results],
  );
  return {
    beforeReady: coordinatorPrompt.trim().length > 0,
    optimized,
    iterations,
    selectedIndex,
  };
}

/** Chat mode of the multi-agent page (spec §2 'CHAT', §7 "Details"). */
export const multiChatMode: ChatMode<MultiAgentChatSettings> = {
  ids: {
    root: "ma-chat-comparison",
    tour: "ma-chat",
    title: "ma-chat-title",
    before: "ma-chat-before",
    after: "ma-chat-after",
    picker: "ma-after-iteration",
  },
  heading: { fz: { base: 20, sm: 24 }, tt: "uppercase" },
  picker: { label: "Chat with iteration", width: 72 },
  empty: {
    before: "Talk to your initial multi-agent configuration.",
    after: (label) => `Talk to the optimized configuration of iteration ${label}.`,
    afterDisabled: "Available once the optimization completes.",
  },
  unauthorized: "You need to be authorized to send messages to chat!",
  alert: (message) => showAlert(message),
  useChatState: useMultiChatState,
  beforeSettings() {
    const s = useOptimizationStore.getState();
    return s.coordinatorPrompt.trim() ? configSnapshot(s) : null;
  },
  afterSettings(index) {
    const run = useMultiRunStore.getState();
    const r = run.multiAgentIterationResults[index];
    if (!r) return null;
    // The presented configuration on the frontier runs on the chosen point's models; a point
    // the user chose whose prompts no iteration has (the run presented its initial
    // configuration) is what the selected iteration's chat talks to.
    const key = promptsKey(r);
    const keys = new Set(run.multiAgentIterationResults.map(promptsKey));
    const chosenElsewhere = (p: FrontierPoint) =>
      run.frontierSelected !== null &&
      index === run.multiAgentSelectedIterationIndex &&
      !keys.has(promptsKey(p));
    const point = chosenFrontierPoint(
      run.frontier,
      run.frontierSelected,
      (p) => promptsKey(p) === key || chosenElsewhere(p),
    );
    if (point?.["master-agent"] && point["worker-agents"])
      return { "master-agent": point["master-agent"], "worker-agents": point["worker-agents"] };
    return { "master-agent": r["master-agent"], "worker-agents": r["worker-agents"] };
  },
  ratingConfig: (settings) => ({ mode: "multi", config: settings }),
  reply: multiAgentBotReply,
};
