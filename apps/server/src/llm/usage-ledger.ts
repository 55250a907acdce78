/**
 * The gateway's usage ledger: every settled call is priced (a cached one is
 * free and counted apart), added to the gateway's running total and logged
 * as one "LLM call" line.
 */
import { addUsage, emptyUsage, type LlmUsage } from "@promptune/engine";
import type { LlmConfig, ModelRef } from "./env";
import type { GatewayLogger } from "./gateway";
import { costOf } from "./prices";
import type { ProviderTokens } from "./providers/types";

/** Prices, totals and logs the calls a gateway settles. */
export class UsageLedger {
  private sum: LlmUsage = emptyUsage();

  constructor(
    private readonly prices: LlmConfig["prices"],
    private readonly log: GatewayLogger | undefined,
  ) {}

  /** Records one settled call (`paid` false: served from the cache) and returns its usage. */
  record(
    ref: ModelRef,
    purpose: string,
    tokens: ProviderTokens,
    paid: boolean,
    startedAt: number,
  ): LlmUsage {
    const usage: LlmUsage = paid
      ? {
          calls: 1,
          inputTokens: tokens.inputTokens,
          outputTokens: tokens.outputTokens,
          costUsd: costOf(
            this.prices,
            ref.id,
            ref.provider,
            tokens.inputTokens,
            tokens.outputTokens,
          ),
          cachedCalls: 0,
        }
      : { ...emptyUsage(), cachedCalls: 1 };
    this.sum = addUsage(this.sum, usage);
    this.log?.info(
      {
        model: ref.id,
        provider: ref.provider,
        purpose,
        cached: !paid,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        costUsd: usage.costUsd,
        ms: Date.now() - startedAt,
      },
      "LLM call",
    );
    return usage;
  }

  /** Usage of every call recorded so far. */
  totals(): LlmUsage {
    return { ...this.sum };
  }
}
