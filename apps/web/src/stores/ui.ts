import { create } from "zustand";

/** Why the sign-in modal was opened by the app rather than by the user. */
export type LoginReason = "session-expired" | null;

interface UiState {
  loginModalOpen: boolean;
  /** Shown in the sign-in modal; cleared when it closes. */
  loginReason: LoginReason;
  openLogin(): void;
  /** Opens the sign-in modal because the session ended (a call answered 401). */
  openLoginExpired(): void;
  closeLogin(): void;
}

/** UI flags shared by distant components (the header opens the login modal pages also open). */
export const useUiStore = create<UiState>()((set) => ({
  loginModalOpen: false,
  loginReason: null,
  openLogin: () => set({ loginModalOpen: true }),
  openLoginExpired: () => set({ loginModalOpen: true, loginReason: "session-expired" }),
  closeLogin: () => set({ loginModalOpen: false, loginReason: null }),
}));
