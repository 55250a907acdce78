/**
 * The "Stop at (USD)" cost cap of the optimizer pages: kept for the session
 * only (as typed), like the "Also try on" choice, apart from the persisted
 * settings whose fields the spec fixes. Sent as `max_cost_usd`.
 */
import { create } from "zustand";

/** The largest cap the server takes (`MaxCostUsdSchema`). */
export const MAX_COST_CAP_USD = 100_000;

interface CostCapState {
  /** What the user typed on each page ("" = no cap). */
  single: string;
  multi: string;
  set(mode: "single" | "multi", text: string): void;
}

export const useCostCapStore = create<CostCapState>((set) => ({
  single: "",
  multi: "",
  set: (mode, text) => set({ [mode]: text }),
}));

/** A parsed cap: no cap, a cap in USD, or why the text is not one. */
export type CostCap = { ok: true; usd: number | null } | { ok: false; error: string };

/**
 * Reads the typed cap: empty means no cap; otherwise a plain decimal number
 * above 0 and at most the server's limit (the text says what is wrong).
 */
export function parseCostCap(text: string): CostCap {
  const t = text.trim().replace(/^\$/, "").trim();
  if (t === "") return { ok: true, usd: null };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t))
    return { ok: false, error: "Enter an amount in US dollars, e.g. 2.50." };
  const usd = Number(t);
  if (!(usd > 0)) return { ok: false, error: "The cap must be above $0." };
  if (usd > MAX_COST_CAP_USD)
    return {
      ok: false,
      error: `The cap can be at most $${MAX_COST_CAP_USD.toLocaleString("en-US")}.`,
    };
  return { ok: true, usd };
}
