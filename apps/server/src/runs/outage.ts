/**
 * A run paused by a provider outage. The engine stops a run with
 * ProviderOutageError when most calls of a sliding window fail; the executor
 * then marks the run `paused`, tells its sockets in plain words, probes the
 * provider with one small call every RUN_OUTAGE_PROBE_MS and, at the first
 * answer, marks it `running` again and resumes it from its checkpoint (the
 * last finished iteration). The run's lease is renewed all along, so the
 * sweeper leaves it alone; cancelling it ends the wait at once. A run whose
 * provider does not answer within RUN_OUTAGE_MAX_PAUSE_MS fails with the
 * provider's error (0: fail at once, never pause).
 */
import {
  MultiAgentOptimizeRequestSchema,
  RUN_PAUSE,
  RunPausedMessageSchema,
  RunResumedMessageSchema,
  SingleAgentOptimizeRequestSchema,
} from "@promptune/contracts";
import type { LlmPort } from "@promptune/engine";
import type { RunEvent } from "./events";
import type { RunRow } from "./repository";

/** The socket frame of a paused run (also replayed to a socket that reattaches while paused). */
export function pausedFrame(): RunEvent {
  return RunPausedMessageSchema.parse({ type: "paused", message: RUN_PAUSE.message });
}

/** The socket frame of a run that goes on after a pause. */
export function resumedFrame(): RunEvent {
  return RunResumedMessageSchema.parse({ type: "resumed", message: RUN_PAUSE.resumed });
}

/**
 * The models a paused run's probes ask: the one its replies use (the
 * coordinator's in multi-agent runs) and the judge, since an example is
 * scored only when both answer.
 */
export function probeModelsOf(run: RunRow, judge: string): string[] {
  const request = JSON.parse(run.request) as unknown;
  const model =
    run.mode === "single"
      ? SingleAgentOptimizeRequestSchema.parse(request).model_name
      : MultiAgentOptimizeRequestSchema.parse(request)["master-agent"].model_name;
  return [...new Set([model, judge])];
}

/**
 * Resolves true once every model of `models` answers a small probe call,
 * probing every `intervalMs` (the first after one interval); false when they
 * did not all answer within `maxWaitMs`. Rejects when `signal` aborts
 * (cancellation, shutdown). Probes are sampled (temperature 1), so they are
 * never answered from the response cache.
 */
export async function waitForProvider(
  llm: LlmPort,
  models: string[],
  { intervalMs, maxWaitMs }: { intervalMs: number; maxWaitMs: number },
  signal: AbortSignal,
  onProbeFailed?: (error: unknown) => void,
): Promise<boolean> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await sleep(Math.min(intervalMs, left), signal);
    try {
      for (const model of models) {
        await llm.complete({
          model,
          messages: [{ role: "user", content: "Reply with the single word: ready" }],
          temperature: 1,
          maxOutputTokens: 8,
          purpose: "assistant",
          priority: "background",
          signal,
        });
      }
      return true;
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? error;
      onProbeFailed?.(error);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
