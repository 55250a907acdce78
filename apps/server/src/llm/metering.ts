/**
 * The gateway's hook for per-user budgets: every call made through a user's
 * port (`gateway.forUser`) is admitted by the meter before it is made and
 * recorded in it once paid (docs/operations.md "Budgets").
 */
import type { LlmUsage } from "@promptune/engine";

/**
 * Settles an admitted call exactly once: with its usage when it returned
 * (a cached answer has `calls` 0 and costs nothing), or null when it failed.
 */
export type UsageTicket = (usage: LlmUsage | null) => Promise<void>;

/** Counts each user's model calls, tokens and cost and refuses calls past their budget. */
export interface UsageMeter {
  /**
   * Admits one call of `userId` (counting it as in progress until settled)
   * or throws, with the numbers, when their budget is spent.
   */
  admit(userId: string): Promise<UsageTicket>;
}
