import { useCallback, useEffect, useRef, useState } from "react";
import { type ChatMessage, chatErrorMessage, newMessageId } from "../../api/chat";
import { CLEAR_CHATS_EVENT } from "./events";

/** Produces the bot's message for a conversation ending with the user's new message. */
export type BotReply = (
  messages: readonly ChatMessage[],
  signal: AbortSignal,
) => Promise<ChatMessage>;

/** One chat's messages, loading flag and actions. */
export interface ChatSession {
  messages: ChatMessage[];
  loading: boolean;
  /** Appends the user's message, waits for the reply and appends it. */
  send(text: string): void;
  /** Empties the chat and abandons a pending reply. */
  clear(): void;
}

/**
 * Chat state (spec §4 "Chat"): sending appends the user message, shows
 * loading, then appends the bot reply; a failed reply becomes the error bot
 * message. Clearing (also via the window event `clearChats`) empties it.
 */
export function useChatSession(reply: BotReply): ChatSession {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const current = useRef<ChatMessage[]>([]);
  const replyRef = useRef(reply);
  replyRef.current = reply;

  const clear = useCallback(() => {
    pending.current?.abort();
    pending.current = null;
    current.current = [];
    setMessages([]);
    setLoading(false);
  }, []);

  useEffect(() => {
    window.addEventListener(CLEAR_CHATS_EVENT, clear);
    return () => {
      window.removeEventListener(CLEAR_CHATS_EVENT, clear);
      pending.current?.abort();
    };
  }, [clear]);

  const send = useCallback((text: string) => {
    const trimmed = text.trim();
    if (!trimmed || pending.current) return;
    const history = [
      ...current.current,
      { id: newMessageId(), text: trimmed, sender: "user" as const },
    ];
    current.current = history;
    setMessages(history);
    setLoading(true);
    const controller = new AbortController();
    pending.current = controller;
    replyRef
      .current(history, controller.signal)
      .catch((error: unknown) => {
        if (controller.signal.aborted) throw error;
        return chatErrorMessage();
      })
      .then(
        (bot) => {
          if (controller.signal.aborted) return;
          current.current = [...current.current, bot];
          setMessages(current.current);
        },
        () => {},
      )
      .finally(() => {
        if (pending.current === controller) {
          pending.current = null;
          setLoading(false);
        }
      });
  }, []);

  return { messages, loading, send, clear };
}
