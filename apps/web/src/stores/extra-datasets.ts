/**
 * The "Merge with" choice of the optimizer pages: datasets merged with the
 * selected Evaluation Dataset into one evaluation set (the request's
 * `extra_datasets`), say the Feedback dataset built from ratings next to an
 * upload. Kept for the session only, apart from the persisted settings whose
 * fields the spec fixes.
 */
import { MAX_EXTRA_DATASETS } from "@promptune/contracts";
import { create } from "zustand";

/** The page a choice belongs to. */
export type ExtraDatasetsPage = "single" | "multi";

interface ExtraDatasetsState {
  single: string[];
  multi: string[];
  set(page: ExtraDatasetsPage, names: string[]): void;
}

export const useExtraDatasetsStore = create<ExtraDatasetsState>((set) => ({
  single: [],
  multi: [],
  set: (page, names) => set({ [page]: [...new Set(names)].slice(0, MAX_EXTRA_DATASETS) }),
}));

/** The request field for `names` (the primary dataset left out); absent when there are none. */
export function extraDatasetsField(
  names: readonly string[],
  primary: string,
): { extra_datasets?: string[] } {
  const others = [...new Set(names)].filter((n) => n !== primary).slice(0, MAX_EXTRA_DATASETS);
  return others.length > 0 ? { extra_datasets: others } : {};
}
