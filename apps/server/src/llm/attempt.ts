/**
 * One provider operation as the gateway makes every call: a timeout per
 * attempt, a slot of the provider's adaptive concurrency limit (urgent for
 * interactive calls, a fair share per user), and retries with backoff that
 * are logged; a call that exhausts its retries becomes an LlmError.
 */
import type { CallPriority } from "@promptune/engine";
import type { LlmConfig, ModelRef, ProviderKind } from "./env";
import { toLlmError } from "./failures";
import { untilAborted } from "./flight";
import type { GatewayLogger } from "./gateway";
import type { LlmProvider } from "./providers/types";
import { AttemptTimeout, RetriesExhausted, withRetries } from "./retry";
import { allowSharedSignal, asksToBackOff, type ProviderSlot } from "./slots";

/** Runs `run` on the provider of `ref` under the gateway's limits and retries. */
export type ProviderAttempt = <R>(
  ref: ModelRef,
  signal: AbortSignal | undefined,
  run: (provider: LlmProvider, signal: AbortSignal) => Promise<R>,
  priority?: CallPriority,
  user?: string,
) => Promise<R>;

/** The gateway's attempt function over its providers' slots. */
export function providerAttempts(
  config: LlmConfig,
  slotFor: (kind: ProviderKind) => ProviderSlot,
  log: GatewayLogger | undefined,
): ProviderAttempt {
  return async <R>(
    ref: ModelRef,
    signal: AbortSignal | undefined,
    run: (provider: LlmProvider, signal: AbortSignal) => Promise<R>,
    priority: CallPriority = "background",
    user?: string,
  ): Promise<R> => {
    const { provider, limit } = slotFor(ref.provider);
    const claim =
      user === undefined
        ? {}
        : { key: user, cap: (n: number) => Math.floor((n * config.userSlotSharePercent) / 100) };
    allowSharedSignal(signal);
    if (provider.prepare) await untilAborted(provider.prepare(), signal);
    try {
      return await withRetries(
        async () => {
          const release = await limit.acquire(
            signal,
            priority === "interactive" ? "urgent" : "normal",
            claim,
          );
          const timeout = new AbortController();
          const timer = setTimeout(
            () => timeout.abort(new AttemptTimeout(config.timeoutMs)),
            config.timeoutMs,
          );
          const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
          try {
            const result = await run(provider, combined);
            release("success");
            return result;
          } catch (error) {
            if (timeout.signal.aborted && !signal?.aborted) {
              release("failure");
              throw new AttemptTimeout(config.timeoutMs);
            }
            release(!signal?.aborted && asksToBackOff(error) ? "backoff" : "failure");
            throw error;
          } finally {
            clearTimeout(timer);
          }
        },
        {
          maxRetries: config.maxRetries,
          baseDelayMs: config.retryBaseMs,
          ...(signal ? { signal } : {}),
          onRetry: ({ attempt: n, delayMs, failure }) =>
            log?.warn(
              {
                model: ref.id,
                attempt: n,
                delayMs: Math.round(delayMs),
                kind: failure.kind,
                status: failure.status,
                error: failure.message,
              },
              "LLM call failed; retrying",
            ),
        },
      );
    } catch (error) {
      if (error instanceof RetriesExhausted) throw toLlmError(error, ref, config.timeoutMs);
      throw error;
    }
  };
}
