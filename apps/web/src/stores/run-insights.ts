/**
 * What the run-insights components learnt from the server about a run the
 * page shows: the run a mode's page shows when it came from history (the
 * multi-agent store keeps no run id of its own), and each run's presented
 * configuration with the explained pick (fetched on reload, when the page's
 * own state lacks them).
 */
import type { RunPick } from "@promptune/contracts";
import { create } from "zustand";

type Mode = "single" | "multi";

/** A run's presented configuration as the server stored it. */
export interface PresentedPick {
  presented: number | null;
  pick: RunPick | null;
  /** The initial configuration's validation score. */
  initialScore: number | null;
}

interface RunInsightsState {
  /** Run loaded into a mode's page from history (null: none). */
  historyRun: Record<Mode, string | null>;
  /** Presented configuration by run id. */
  picks: Record<string, PresentedPick>;
  setHistoryRun(mode: Mode, runId: string | null): void;
  setPick(runId: string, pick: PresentedPick): void;
}

/** The run-insights store (not persisted: a reload refetches). */
export const useRunInsightsStore = create<RunInsightsState>()((set) => ({
  historyRun: { single: null, multi: null },
  picks: {},
  setHistoryRun: (mode, runId) => set((s) => ({ historyRun: { ...s.historyRun, [mode]: runId } })),
  setPick: (runId, pick) => set((s) => ({ picks: { ...s.picks, [runId]: pick } })),
}));
