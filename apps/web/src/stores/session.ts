import { create } from "zustand";

/** Optimisation type of the single-agent page (spec §2 /home query parameter). */
export type OptimizationType = "standard" | "with_integration";

interface SessionState {
  optimizationType: OptimizationType;
  setOptimizationType(type: OptimizationType): void;
}

/** Working (not persisted) page state shared across routes. */
export const useSessionStore = create<SessionState>()((set) => ({
  optimizationType: "standard",
  setOptimizationType: (optimizationType) => set({ optimizationType }),
}));

/** Narrows a query value to an optimisation type. */
export function parseOptimizationType(value: string | null): OptimizationType | null {
  return value === "standard" || value === "with_integration" ? value : null;
}
