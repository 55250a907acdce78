/**
 * The "Also try on" choice of the optimizer pages: models the tuned
 * configuration is also scored on (the cost–quality sweep). Kept for the
 * session only, apart from the persisted settings whose fields the spec fixes.
 */
import { MAX_CANDIDATE_MODELS } from "@promptune/contracts";
import { create } from "zustand";

interface CandidateModelsState {
  /** Single-agent page: candidate models besides the selected model. */
  single: string[];
  setSingle(models: string[]): void;
  /** Multi-agent page: candidate models of the coordinator and of (all) workers. */
  coordinator: string[];
  workers: string[];
  setRole(role: "coordinator" | "workers", models: string[]): void;
}

export const useCandidateModelsStore = create<CandidateModelsState>((set) => ({
  single: [],
  setSingle: (models) => set({ single: models.slice(0, MAX_CANDIDATE_MODELS) }),
  coordinator: [],
  workers: [],
  setRole: (role, models) => set({ [role]: models.slice(0, MAX_CANDIDATE_MODELS) }),
}));

/** The multi-agent request field for the two roles' lists; absent when both are empty. */
export function multiCandidateModelsField(
  coordinator: readonly string[],
  workers: readonly string[],
): { candidate_models?: { coordinator?: string[]; workers?: string[] } } {
  const c = [...new Set(coordinator)].slice(0, MAX_CANDIDATE_MODELS);
  const w = [...new Set(workers)].slice(0, MAX_CANDIDATE_MODELS);
  if (c.length === 0 && w.length === 0) return {};
  return {
    candidate_models: {
      ...(c.length ? { coordinator: c } : {}),
      ...(w.length ? { workers: w } : {}),
    },
  };
}

/** The request field for `models` (the primary model left out); absent when there are none. */
export function candidateModelsField(
  models: readonly string[],
  primary: string,
): { candidate_models?: string[] } {
  const others = [...new Set(models)].filter((m) => m !== primary).slice(0, MAX_CANDIDATE_MODELS);
  return others.length > 0 ? { candidate_models: others } : {};
}
