import { Select, SimpleGrid, Stack, Title } from "@mantine/core";
import { memo, useEffect, useState } from "react";
import { singleAgentBotReply } from "../../api/chat";
import { ChatPanel, useChatSession } from "../../components/chat";
import { useAuthStore } from "../../stores/auth";
import { useOptimizationStore } from "../../stores/optimization";
import { useSingleRunStore } from "../../stores/single-run";
import { useUiStore } from "../../stores/ui";

/** Placeholders of spec §2. */
export const CHAT_PLACEHOLDERS = {
  ready: "Type your message...",
  noPrompt: "Enter a prompt first to start chatting",
  notOptimized: "Complete optimization first",
} as const;

/** Enablement and placeholders of the two chats (spec §4 "Chat"). */
export function chatAvailability(input: {
  beforePrompt: string;
  isOptimized: boolean;
  afterPrompt: string;
}) {
  const beforeEnabled = input.beforePrompt.trim().length > 0;
  const afterEnabled = input.isOptimized && input.afterPrompt.trim().length > 0;
  return {
    beforeEnabled,
    afterEnabled,
    beforePlaceholder: beforeEnabled ? CHAT_PLACEHOLDERS.ready : CHAT_PLACEHOLDERS.noPrompt,
    afterPlaceholder: afterEnabled ? CHAT_PLACEHOLDERS.ready : CHAT_PLACEHOLDERS.notOptimized,
  };
}

/**
 * Before Optimization / After Optimization chats. The before chat uses the
 * bot prompt (or the run's initial prompt); the after chat uses the optimised
 * iteration picked in its selector (1..n, following the page's selection).
 * Anonymous users get the login modal instead of a reply.
 */
function ChatComparisonView() {
  const botPrompt = useOptimizationStore((s) => s.botPrompt);
  const initialPrompt = useOptimizationStore((s) => s.initialPrompt);
  const model = useOptimizationStore((s) => s.selectedModel);
  const temperature = useOptimizationStore((s) => s.temperature);
  const prompts = useSingleRunStore((s) => s.optimizedPrompts);
  const results = useSingleRunStore((s) => s.iterationResults);
  const isOptimized = useSingleRunStore((s) => s.isOptimized);
  const selectedIndex = useSingleRunStore((s) => s.selectedIterationIndex);
  const authenticated = useAuthStore((s) => s.status === "authenticated");
  const openLogin = useUiStore((s) => s.openLogin);

  const [afterIndex, setAfterIndex] = useState(selectedIndex);
  useEffect(() => setAfterIndex(selectedIndex), [selectedIndex]);
  const index = Math.min(afterIndex, Math.max(0, prompts.length - 1));

  const beforePrompt = botPrompt.trim() ? botPrompt : initialPrompt;
  const afterPrompt = prompts[index] ?? "";
  const afterTemperature = results[index]?.temperature ?? temperature;
  const availability = chatAvailability({ beforePrompt, isOptimized, afterPrompt });

  const before = useChatSession((messages, signal) =>
    singleAgentBotReply({ prompt: beforePrompt, temperature, model_name: model }, messages, signal),
  );
  const after = useChatSession((messages, signal) =>
    singleAgentBotReply(
      { prompt: afterPrompt, temperature: afterTemperature, model_name: model },
      messages,
      signal,
    ),
  );

  const guard = (send: (text: string) => void, enabled: boolean) => (text: string) => {
    if (!text.trim() || !enabled) return;
    if (!authenticated) {
      // Spec §6: the login modal when a handler exists, else the chat's alert.
      if (typeof openLogin === "function") openLogin();
      else window.alert("Authentication required to send messages in chat!");
      return;
    }
    send(text);
  };

  const selector =
    isOptimized && prompts.length > 0 ? (
      <Select
        size="xs"
        w={92}
        aria-label="Iteration for the after chat"
        data={prompts.map((_, i) => ({ value: String(i), label: String(i + 1) }))}
        value={String(index)}
        allowDeselect={false}
        onChange={(v) => v !== null && setAfterIndex(Number(v))}
        data-testid="after-chat-iteration"
        comboboxProps={{ withinPortal: true }}
      />
    ) : null;

  return (
    <Stack gap="md" data-tour="chat-comparison" data-testid="chat-comparison">
      <Title order={2} fz={{ base: "xl", sm: 26 }}>
        Chat
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChatPanel
          testId="chat-before"
          title="Before Optimization"
          messages={before.messages}
          loading={before.loading}
          disabled={!availability.beforeEnabled}
          placeholder={availability.beforePlaceholder}
          onSend={guard(before.send, availability.beforeEnabled)}
          onClear={before.clear}
          emptyText="Ask the assistant with your initial prompt anything."
        />
        <ChatPanel
          testId="chat-after"
          title="After Optimization"
          messages={after.messages}
          loading={after.loading}
          disabled={!availability.afterEnabled}
          placeholder={availability.afterPlaceholder}
          onSend={guard(after.send, availability.afterEnabled)}
          onClear={after.clear}
          headerSlot={selector}
          emptyText={
            availability.afterEnabled
              ? `Chatting with iteration ${index + 1}.`
              : "Optimise first, then compare the answers here."
          }
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The chat comparison (memoised: re-renders only when its props or subscribed state change). */
export const ChatComparison = memo(ChatComparisonView);
