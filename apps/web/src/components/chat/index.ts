/** Chat panels shared by the single- and multi-agent pages. */

export { ChatComparison } from "./ChatComparison";
export { ChatPanel, type ChatPanelProps } from "./ChatPanel";
export {
  CHAT_PLACEHOLDERS,
  type ChatIteration,
  type ChatMode,
  type ChatModeState,
} from "./chat-mode";
export { CLEAR_CHATS_EVENT, emitClearChats } from "./events";
export { LazyMarkdown } from "./LazyMarkdown";
export { LoadingDots } from "./LoadingDots";
export { RATING_TEXT, type RatingChoice, RatingControls } from "./RatingControls";
export { ReasoningSection } from "./ReasoningSection";
export { type BotReply, type ChatSession, useChatSession } from "./useChatSession";
