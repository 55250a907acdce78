/**
 * The contracts' response schemas the web app validates with: the target of
 * one dynamic import (api/schemas.ts), so zod and these schemas form a chunk
 * of their own while the constants stay where pages import them.
 */
export {
  ActiveRunSchema,
  ApiTokenCreatedSchema,
  ApiTokenSchema,
  AuthProvidersSchema,
  BotLinksSchema,
  ChatRatingResponseSchema,
  ChatReplyFallbackSchema,
  ChatResponseSchema,
  ClientEnvelopeSchema,
  DatasetDetailSchema,
  DatasetSummarySchema,
  DefaultsResponseSchema,
  EvidencePageSchema,
  FeedbackRowSchema,
  FeedbackRowsResponseSchema,
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
  RunReasoningSchema,
  SignInResultSchema,
  SingleAgentServerMessageSchema,
  TelegramVerificationSchema,
  UsageReportSchema,
  UserSchema,
} from "@promptune/contracts";
