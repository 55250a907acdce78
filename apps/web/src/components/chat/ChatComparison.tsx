import { Select, SimpleGrid, Stack, Title } from "@mantine/core";
import { memo, useEffect, useState } from "react";
import { type ChatMessage, toDialog } from "../../api/chat";
import { rateChatReply } from "../../api/feedback";
import { useAuthStore } from "../../stores/auth";
import { useUiStore } from "../../stores/ui";
import { ChatPanel } from "./ChatPanel";
import { CHAT_PLACEHOLDERS, type ChatMode, type ChatModeState } from "./chat-mode";
import type { RatingChoice } from "./RatingControls";
import { useChatSession } from "./useChatSession";

/** Enablement, placeholders and the after chat's iteration of the two chats (spec §4 "Chat"). */
function chatAvailability(state: ChatModeState, afterIndex: number) {
  const count = state.iterations.length;
  const index = Math.min(afterIndex, Math.max(0, count - 1));
  const beforeEnabled = state.beforeReady;
  const afterEnabled = state.optimized && count > 0 && state.iterations[index]?.ready === true;
  return {
    index,
    beforeEnabled,
    afterEnabled,
    beforePlaceholder: beforeEnabled ? CHAT_PLACEHOLDERS.ready : CHAT_PLACEHOLDERS.noPrompt,
    afterPlaceholder: afterEnabled ? CHAT_PLACEHOLDERS.ready : CHAT_PLACEHOLDERS.notOptimized,
  };
}

/** A chat's reply function for settings read when the message is sent; a reply keeps them for rating. */
function replyWith<S>(mode: ChatMode<S>, settings: () => S | null) {
  return async (messages: readonly ChatMessage[], signal: AbortSignal) => {
    const current = settings();
    if (!current) throw new Error("Nothing to chat with");
    const bot = await mode.reply(current, messages, signal);
    return bot.error ? bot : { ...bot, rating: mode.ratingConfig(current) };
  };
}

/**
 * Rates a reply of one pane (issue 25): the conversation up to it, the
 * reply, and the settings that produced it go to POST /ratings/chat.
 */
function rateIn(side: "before" | "after", messages: () => readonly ChatMessage[]) {
  return async (message: ChatMessage, choice: RatingChoice) => {
    const all = messages();
    const at = all.findIndex((m) => m.id === message.id);
    if (at < 0 || !message.rating) throw new Error("This reply is no longer in the chat");
    await rateChatReply({
      ...message.rating,
      side,
      dialog: toDialog(all.slice(0, at)),
      reply: message.text,
      ...choice,
    } as Parameters<typeof rateChatReply>[0]);
  };
}

/**
 * Sends `text` when the chat is enabled and the user is signed in; otherwise
 * (spec §6) opens the login modal, or alerts when there is none.
 */
function guardedSend<S>(mode: ChatMode<S>, send: (text: string) => void, enabled: boolean) {
  return (text: string) => {
    if (!text.trim() || !enabled) return;
    if (useAuthStore.getState().status !== "authenticated") {
      const openLogin = useUiStore.getState().openLogin;
      if (typeof openLogin === "function") openLogin();
      else mode.alert(mode.unauthorized);
      return;
    }
    send(text);
  };
}

/**
 * The before/after chat comparison of both optimizer pages (spec §2, §4
 * "Chat"): Before Optimization talks to the page's current settings (enabled
 * once there is a prompt), After Optimization to an optimised iteration
 * (enabled once the run completed), picked in its own numbered selector
 * that follows the page's selection. Anonymous users get the login modal
 * instead of a reply; the window event clearChats empties both chats.
 * Every bot reply in both panes can be rated 👍/👎 (RatingControls).
 */
function ChatComparisonView<S>({ mode }: { mode: ChatMode<S> }) {
  const state = mode.useChatState();
  const [afterIndex, setAfterIndex] = useState(state.selectedIndex);
  useEffect(() => setAfterIndex(state.selectedIndex), [state.selectedIndex]);
  const availability = chatAvailability(state, afterIndex);
  const { index } = availability;
  const label = state.iterations[index]?.label ?? String(index + 1);

  const before = useChatSession(replyWith(mode, () => mode.beforeSettings()));
  const after = useChatSession(replyWith(mode, () => mode.afterSettings(index)));

  const picker =
    state.optimized && state.iterations.length > 0 ? (
      <Select
        size="xs"
        w={mode.picker.width}
        aria-label={mode.picker.label}
        data={state.iterations.map((it, i) => ({ value: String(i), label: it.label }))}
        value={String(index)}
        allowDeselect={false}
        onChange={(v) => v !== null && setAfterIndex(Number(v))}
        data-testid={mode.ids.picker}
        comboboxProps={{ withinPortal: true }}
      />
    ) : null;

  return (
    <Stack
      component="section"
      gap="md"
      aria-labelledby={mode.ids.title}
      data-tour={mode.ids.tour}
      data-testid={mode.ids.root}
    >
      <Title order={2} id={mode.ids.title} {...mode.heading}>
        Chat
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChatPanel
          testId={mode.ids.before}
          title="Before Optimization"
          messages={before.messages}
          loading={before.loading}
          disabled={!availability.beforeEnabled}
          placeholder={availability.beforePlaceholder}
          onSend={guardedSend(mode, before.send, availability.beforeEnabled)}
          onClear={before.clear}
          onRate={rateIn("before", () => before.messages)}
          emptyText={mode.empty.before}
        />
        <ChatPanel
          testId={mode.ids.after}
          title="After Optimization"
          messages={after.messages}
          loading={after.loading}
          disabled={!availability.afterEnabled}
          placeholder={availability.afterPlaceholder}
          onSend={guardedSend(mode, after.send, availability.afterEnabled)}
          onClear={after.clear}
          onRate={rateIn("after", () => after.messages)}
          headerSlot={picker}
          emptyText={availability.afterEnabled ? mode.empty.after(label) : mode.empty.afterDisabled}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The chat comparison for a page's mode (memoised: it re-renders only when
 * its mode or the state the mode subscribes to changes).
 */
export const ChatComparison = memo(ChatComparisonView) as <S>(props: {
  mode: ChatMode<S>;
}) => ReturnType<typeof ChatComparisonView>;
