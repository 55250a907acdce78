/**
 * The gateway's per-provider slots: each provider, created on first use, with
 * the adaptive limit of calls in flight to it (docs/llm.md "Concurrency").
 */
import { getMaxListeners, setMaxListeners } from "node:events";
import { AdaptiveLimit } from "./adaptive-limit";
import type { LlmConfig, ProviderKind } from "./env";
import { LlmError } from "./errors";
import type { GatewayLogger } from "./gateway";
import { createLocalProvider } from "./providers/local";
import { createOpenAiProvider } from "./providers/openai";
import type { LlmProvider } from "./providers/types";
import { classify } from "./retry";

/** A provider and the limit of calls in flight to it. */
export interface ProviderSlot {
  provider: LlmProvider;
  /** AIMD between 1 and the provider's ceiling. */
  limit: AdaptiveLimit;
}

/** Listeners a shared caller signal may have before Node warns (one per queued call). */
const SHARED_SIGNAL_LISTENERS = 1000;

/**
 * All calls of a run stage share its signal and each listens to it while
 * queued for a slot; that is by design, not a leak, so Node should not warn.
 */
export function allowSharedSignal(signal: AbortSignal | undefined): void {
  if (signal && getMaxListeners(signal) < SHARED_SIGNAL_LISTENERS)
    setMaxListeners(SHARED_SIGNAL_LISTENERS, signal);
}

/** A failed attempt that tells us to send less: 429, or any answer carrying Retry-After. */
export function asksToBackOff(error: unknown): boolean {
  const failure = classify(error);
  return failure.kind === "rate_limit" || failure.retryAfterMs !== undefined;
}

/** The slots of one gateway: `slotFor(kind)` creates a provider's slot on first use. */
export function providerSlots(config: LlmConfig, log: GatewayLogger | undefined) {
  const slots = new Map<ProviderKind, ProviderSlot>();

  const create = (kind: ProviderKind): LlmProvider => {
    if (kind === "local") return createLocalProvider(config.local, log);
    if (!config.openai) {
      throw new LlmError(
        "llm_not_configured",
        "No OpenAI-compatible provider is configured: set OPENAI_BASE_URL and/or OPENAI_API_KEY.",
      );
    }
    return createOpenAiProvider({
      ...config.openai,
      concurrency: config.concurrency,
      maxConcurrency: config.maxConcurrency,
    });
  };

  return {
    slotFor(kind: ProviderKind): ProviderSlot {
      let slot = slots.get(kind);
      if (!slot) {
        const provider = create(kind);
        slot = {
          provider,
          limit: new AdaptiveLimit({
            initial: provider.concurrency,
            max: provider.maxConcurrency ?? provider.concurrency,
            onChange: (limit, reason) =>
              log?.[reason === "backoff" ? "warn" : "info"](
                { provider: kind, limit, reason },
                "LLM concurrency limit changed",
              ),
          }),
        };
        slots.set(kind, slot);
      }
      return slot;
    },
    /** The slot of a provider already in use, without creating one (status reads). */
    existing(kind: ProviderKind): ProviderSlot | undefined {
      return slots.get(kind);
    },
    /** Current limit per provider in use. */
    limits(): Partial<Record<ProviderKind, number>> {
      return Object.fromEntries([...slots].map(([kind, slot]) => [kind, slot.limit.limit]));
    },
    /** Forgets every slot and closes its provider. */
    async close(): Promise<void> {
      const all = [...slots.values()];
      slots.clear();
      await Promise.all(all.map((s) => s.provider.close()));
    },
  };
}
