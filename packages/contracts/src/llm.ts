import { z } from "zod";
import { successEnvelope } from "./api";

/** The kinds of LLM provider the server can be configured with. */
export const LlmProviderKindSchema = z.enum(["openai", "local"]);
export type LlmProviderKind = z.infer<typeof LlmProviderKindSchema>;

const base = {
  provider: LlmProviderKindSchema,
  /** The models users may pick that this provider serves. */
  models: z.array(z.string()),
};

/**
 * One provider's state: `idle` (the local model loads on first use), `ready`,
 * `downloading` the local model (percent 0–100, megabytes so far, total when
 * known), `loading` it into memory, or `failed` with what to configure.
 */
export const LlmProviderStatusSchema = z.discriminatedUnion("state", [
  z.object({ ...base, state: z.literal("idle") }),
  z.object({ ...base, state: z.literal("ready") }),
  z.object({
    ...base,
    state: z.literal("downloading"),
    percent: z.number().min(0).max(100),
    mb: z.number().nonnegative(),
    totalMb: z.number().nonnegative().nullable(),
  }),
  z.object({ ...base, state: z.literal("loading") }),
  z.object({ ...base, state: z.literal("failed"), message: z.string() }),
]);
export type LlmProviderStatus = z.infer<typeof LlmProviderStatusSchema>;

/** A provider state without the provider's identity (what a provider reports about itself). */
export type LlmProviderState = LlmProviderStatus extends infer S
  ? S extends LlmProviderStatus
    ? Omit<S, "provider" | "models">
    : never
  : never;

/** GET /llm/status: every configured provider and its state. */
export const LlmStatusSchema = z.object({ providers: z.array(LlmProviderStatusSchema) });
export type LlmStatus = z.infer<typeof LlmStatusSchema>;

/** GET /llm/status response envelope. */
export const LlmStatusResponseSchema = successEnvelope(LlmStatusSchema);
