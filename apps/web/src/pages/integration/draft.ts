/**
 * Hand-off from the History tab to the Integration page: when 'Load to
 * integration' finds no saved Telegram username (so nothing can be saved
 * yet), the prompts wait here and the page fills its form with them.
 */
import type { Integration } from "@promptune/contracts";
import { create } from "zustand";

interface DraftState {
  draft: Integration | null;
  setDraft(draft: Integration | null): void;
  /** Returns the draft and forgets it. */
  takeDraft(): Integration | null;
}

/** The pending integration draft (working state, not persisted). */
export const useIntegrationDraftStore = create<DraftState>()((set, get) => ({
  draft: null,
  setDraft: (draft) => set({ draft }),
  takeDraft: () => {
    const { draft } = get();
    set({ draft: null });
    return draft;
  },
}));
