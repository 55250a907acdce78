/** Chat panels shared by the single- and multi-agent pages. */
export { ChatPanel, type ChatPanelProps } from "./ChatPanel";
export { CLEAR_CHATS_EVENT, emitClearChats } from "./events";
export { LazyMarkdown } from "./LazyMarkdown";
export { LoadingDots } from "./LoadingDots";
export { ReasoningSection } from "./ReasoningSection";
export { type BotReply, type ChatSession, useChatSession } from "./useChatSession";
