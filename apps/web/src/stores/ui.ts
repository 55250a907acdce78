import { create } from "zustand";

interface UiState {
  loginModalOpen: boolean;
  openLogin(): void;
  closeLogin(): void;
}

/** UI flags shared by distant components (the header opens the login modal pages also open). */
export const useUiStore = create<UiState>()((set) => ({
  loginModalOpen: false,
  openLogin: () => set({ loginModalOpen: true }),
  closeLogin: () => set({ loginModalOpen: false }),
}));
