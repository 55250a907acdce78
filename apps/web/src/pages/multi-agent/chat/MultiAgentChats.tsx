import { Select, SimpleGrid, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import {
  type ChatMessage,
  type MultiAgentChatSettings,
  multiAgentBotReply,
} from "../../../api/chat";
import { ChatPanel, useChatSession } from "../../../components/chat";
import { useAuthStore } from "../../../stores/auth";
import { useMultiRunStore } from "../../../stores/multi-run";
import { useOptimizationStore } from "../../../stores/optimization";
import { useUiStore } from "../../../stores/ui";
import { showAlert } from "../useMultiAgentRun";
import { configSnapshot } from "../workers";

/** Texts of the chat section (spec §2, §6). */
export const CHAT_TEXTS = {
  unauthorized: "You need to be authorized to send messages to chat!",
  placeholder: "Type your message...",
  needPrompt: "Enter a prompt first to start chatting",
  needOptimization: "Complete optimization first",
} as const;

/** Opens the login modal (or alerts) when the user is not signed in; true when signed in. */
function requireSignIn(): boolean {
  if (useAuthStore.getState().status === "authenticated") return true;
  const openLogin = useUiStore.getState().openLogin;
  if (typeof openLogin === "function") openLogin();
  else showAlert(CHAT_TEXTS.unauthorized);
  return false;
}

/** Reply function for a configuration read at send time. */
function replyWith(config: () => MultiAgentChatSettings | null) {
  return async (messages: readonly ChatMessage[], signal: AbortSignal) => {
    const model = config();
    if (!model) throw new Error("No configuration to chat with");
    return multiAgentBotReply(model, messages, signal);
  };
}

/**
 * 'CHAT' (spec §2, §4 "Chat"): Before Optimization talks to the current
 * configuration (enabled with a non-empty coordinator prompt); After
 * Optimization talks to a chosen optimised iteration (enabled once the run
 * completed), with its own numbered iteration picker.
 */
export function MultiAgentChats() {
  const coordinatorPrompt = useOptimizationStore((s) => s.coordinatorPrompt);
  const results = useMultiRunStore((s) => s.multiAgentIterationResults);
  const optimized = useMultiRunStore((s) => s.multiAgentIsOptimized);
  const selected = useMultiRunStore((s) => s.multiAgentSelectedIterationIndex);
  const [afterIndex, setAfterIndex] = useState(selected);
  useEffect(() => setAfterIndex(selected), [selected]);

  const before = useChatSession(replyWith(() => configSnapshot(useOptimizationStore.getState())));
  const after = useChatSession(
    replyWith(() => {
      const r = useMultiRunStore.getState().multiAgentIterationResults[afterIndex];
      return r ? { "master-agent": r["master-agent"], "worker-agents": r["worker-agents"] } : null;
    }),
  );

  const beforeEnabled = coordinatorPrompt.trim().length > 0;
  const afterEnabled = optimized && results.length > 0 && afterIndex < results.length;

  const picker =
    optimized && results.length > 0 ? (
      <Select
        aria-label="Chat with iteration"
        size="xs"
        w={72}
        allowDeselect={false}
        data={results.map((r, i) => ({ value: String(i), label: String(r.iteration ?? i + 1) }))}
        value={String(Math.min(afterIndex, results.length - 1))}
        onChange={(v) => v !== null && setAfterIndex(Number(v))}
        comboboxProps={{ withinPortal: true }}
        data-testid="ma-after-iteration"
      />
    ) : null;

  return (
    <section aria-labelledby="ma-chat-title" data-tour="ma-chat">
      <Title order={2} id="ma-chat-title" fz={{ base: 20, sm: 24 }} mb="md" tt="uppercase">
        Chat
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChatPanel
          title="Before Optimization"
          testId="ma-chat-before"
          messages={before.messages}
          loading={before.loading}
          disabled={!beforeEnabled}
          placeholder={beforeEnabled ? CHAT_TEXTS.placeholder : CHAT_TEXTS.needPrompt}
          onSend={(text) => requireSignIn() && before.send(text)}
          onClear={before.clear}
          emptyText="Talk to your initial multi-agent configuration."
        />
        <ChatPanel
          title="After Optimization"
          testId="ma-chat-after"
          messages={after.messages}
          loading={after.loading}
          disabled={!afterEnabled}
          placeholder={afterEnabled ? CHAT_TEXTS.placeholder : CHAT_TEXTS.needOptimization}
          onSend={(text) => requireSignIn() && after.send(text)}
          onClear={after.clear}
          headerSlot={picker}
          emptyText={
            afterEnabled
              ? `Talk to the optimized configuration of iteration ${results[afterIndex]?.iteration ?? afterIndex + 1}.`
              : "Available once the optimization completes."
          }
        />
      </SimpleGrid>
    </section>
  );
}
