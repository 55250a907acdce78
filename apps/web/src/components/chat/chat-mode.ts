/**
 * What a page gives the one before/after chat comparison (ChatComparison):
 * the settings its chats talk to (single-agent: prompt, temperature and
 * model; multi-agent: the whole agent configuration, whose replies carry the
 * workers' intermediate messages), the state the chats follow, and the
 * page's own names (test ids, tour anchor, heading style, wording).
 */
import type { TitleProps } from "@mantine/core";
import type { ChatRatingConfig } from "@promptune/contracts";
import type { ChatMessage } from "../../api/chat";

/** Placeholders of the chat inputs (spec §2), the same in both modes. */
export const CHAT_PLACEHOLDERS = {
  ready: "Type your message...",
  noPrompt: "Enter a prompt first to start chatting",
  notOptimized: "Complete optimization first",
} as const;

/** One optimised iteration the after chat can talk to. */
export interface ChatIteration {
  /** Its number as the picker shows it. */
  label: string;
  /** False when there is nothing to talk to (e.g. an empty optimised prompt). */
  ready: boolean;
}

/** The page state the two chats follow (read by a hook, so the chats re-render with it). */
export interface ChatModeState {
  /** The before chat has a prompt to talk to (single: bot or initial prompt; multi: coordinator prompt). */
  beforeReady: boolean;
  /** The run completed; the after chat waits for it. */
  optimized: boolean;
  /** The optimised iterations, in order. */
  iterations: readonly ChatIteration[];
  /** The iteration the page shows; the after chat follows it until the user picks another. */
  selectedIndex: number;
}

/** Ids the tests, tours and accessibility tree rely on. */
export interface ChatModeIds {
  /** Test id of the section. */
  root: string;
  /** `data-tour` anchor of the section. */
  tour: string;
  /** Id of the heading (names the section). */
  title: string;
  before: string;
  after: string;
  /** Test id of the after chat's iteration picker. */
  picker: string;
}

/** A mode of the chat comparison; `S` is what a chat sends with each message. */
export interface ChatMode<S> {
  ids: ChatModeIds;
  /** The heading's size and case (each page styles its section headings its own way). */
  heading: Pick<TitleProps, "fz" | "tt">;
  picker: { label: string; width: number };
  empty: {
    before: string;
    /** Shown in the enabled after chat, for the picked iteration's label. */
    after(label: string): string;
    afterDisabled: string;
  };
  /** Spec §6: shown to an anonymous user when there is no login modal to open. */
  unauthorized: string;
  /** How the mode's page alerts (a browser alert or a red toast). */
  alert(message: string): void;
  /** Subscribes to the state the chats follow (a React hook). */
  useChatState(): ChatModeState;
  /** What the before chat talks to, read when a message is sent; null without a prompt. */
  beforeSettings(): S | null;
  /** What the after chat talks to for optimised iteration `index`, read when sent; null when absent. */
  afterSettings(index: number): S | null;
  /** The settings a rating of a reply names (mode, and the configuration that replied). */
  ratingConfig(settings: S): ChatRatingConfig;
  /** The bot's message for a conversation; never rejects on failure (only on abort). */
  reply(settings: S, messages: readonly ChatMessage[], signal: AbortSignal): Promise<ChatMessage>;
}
