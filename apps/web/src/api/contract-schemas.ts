/**
 * The contracts' response schemas the web app validates with: the target of
 * one dynamic import (api/schemas.ts), so zod and these schemas form a chunk
 * of their own while the constants stay where pages import them.
 */
export {
  ActiveRunSchema,
  BotLinksSchema,
  ChatReplyFallbackSchema,
  ChatResponseSchema,
  ClientEnvelopeSchema,
  DatasetSummarySchema,
  DefaultsResponseSchema,
  GoogleUrlSchema,
  HistoryRecordSchema,
  IntegrationSchema,
  LlmStatusSchema,
  MailSentSchema,
  MultiAgentChatReplyPartsSchema,
  MultiAgentChatResponseSchema,
  MultiAgentServerMessageSchema,
  ProfileSchema,
  RunEstimateSchema,
  SingleAgentServerMessageSchema,
  TelegramVerificationSchema,
  UserSchema,
} from "@promptune/contracts";
