/**
 * After a run, the socket has closed before the server's `complete` message
 * (spec: the client closes at N results), so the run's held-out test score
 * and total usage are read from history, where the server saves them.
 */
import type { HistoryRecord } from "@promptune/contracts";
import { api } from "../../api/client";
import type { RunSummary } from "../../stores/single-run";

/** What identifies the run just finished. */
export interface RunMatch {
  prompt: string;
  dataset: string;
  iterations: number;
  model: string;
}

/** The summary of a completed history record. */
export function summaryOf(record: HistoryRecord): RunSummary {
  return {
    runId: record.run_id,
    initialScore: record.initial_score,
    bestScore: record.best_score,
    testScore: record.test_score,
    usage: record.usage,
    heldOut: record.held_out ?? null,
  };
}

/** The newest single-agent record matching the run (history is newest first). */
export function findRun(
  records: readonly HistoryRecord[],
  match: RunMatch,
): HistoryRecord | undefined {
  return records.find(
    (r) =>
      r.mode === "single" &&
      r.configuration.initial_prompt === match.prompt &&
      r.configuration.dataset_name === match.dataset &&
      r.configuration.iterations === match.iterations &&
      r.configuration.model_name === match.model,
  );
}

/**
 * Polls GET /auto-tune/optimize/history until the matching run is completed
 * (every `intervalMs`, at most `attempts` times); null when it failed or
 * never completed in time.
 */
export async function fetchRunSummary(
  match: RunMatch,
  options: { attempts?: number; intervalMs?: number; signal?: AbortSignal } = {},
): Promise<RunSummary | null> {
  const attempts = options.attempts ?? 30;
  const interval = options.intervalMs ?? 1500;
  for (let i = 0; i < attempts; i++) {
    if (options.signal?.aborted) return null;
    try {
      const records = await api.get<HistoryRecord[]>("/auto-tune/optimize/history", {
        query: { mode: "single" },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const run = findRun(Array.isArray(records) ? records : [], match);
      if (run?.status === "completed") return summaryOf(run);
      if (run && (run.status === "failed" || run.status === "cancelled")) return null;
    } catch (error) {
      if (options.signal?.aborted) return null;
      console.error("Failed to read the run summary", error);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  return null;
}
