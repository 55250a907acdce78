import type { User } from "@promptune/contracts";
import { create } from "zustand";
import { api, ApiRequestError } from "../api/client";

export type AuthStatus = "loading" | "authenticated" | "anonymous";

interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Asks the server once whether the browser has a session. */
  checkStatus(): Promise<void>;
  /** Marks the user signed in (after any successful sign-in flow). */
  login(user: User): void;
  /** Signs out on the server and always clears the local user (a 401 is ignored). */
  logout(): Promise<void>;
}

interface StatusData {
  authenticated?: boolean;
  email?: string;
  name?: string;
  company_name?: string;
}

/** Authentication state of the web app (spec §4 "Authentication"). */
export const useAuthStore = create<AuthState>()((set) => ({
  status: "loading",
  user: null,
  async checkStatus() {
    try {
      const data = await api.get<StatusData>("/auth/status");
      if (data?.authenticated) {
        set({
          status: "authenticated",
          user: { email: data.email ?? "", name: data.name ?? "", company_name: data.company_name ?? "" },
        });
      } else {
        set({ status: "anonymous", user: null });
      }
    } catch {
      set({ status: "anonymous", user: null });
    }
  },
  login(user) {
    set({ status: "authenticated", user });
  },
  async logout() {
    try {
      await api.post("/auth/signout");
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status !== 401) console.error("Sign-out failed", error);
    } finally {
      set({ status: "anonymous", user: null });
    }
  },
}));

/** True when the user is signed in. */
export const selectIsAuthenticated = (s: AuthState) => s.status === "authenticated";
