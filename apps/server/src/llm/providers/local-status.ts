/**
 * What the local model is doing right now (idle, downloading, loading, ready,
 * failed), kept by the local provider and read by `GET /api/llm/status`, and
 * the arithmetic that turns download progress into a percentage.
 */
import type { LlmProviderState } from "@promptune/contracts";

/** The `downloading` state for `downloaded` of `total` bytes (total 0 = unknown). */
export function downloadingState(downloaded: number, total: number): LlmProviderState {
  const known = total > 0;
  return {
    state: "downloading",
    percent: known ? Math.min(100, Math.floor((downloaded / total) * 100)) : 0,
    mb: Math.round(downloaded / 1e5) / 10,
    totalMb: known ? Math.round(total / 1e5) / 10 : null,
  };
}

/** The local model's current state; starts idle (nothing is loaded before the first call). */
export class LocalModelStatus {
  private current: LlmProviderState = { state: "idle" };

  /** The state to report. */
  get(): LlmProviderState {
    return { ...this.current };
  }

  /** Records a new state. */
  set(state: LlmProviderState): void {
    this.current = state;
  }
}
