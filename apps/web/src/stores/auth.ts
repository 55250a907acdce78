import type { User } from "@promptune/contracts";
import { create } from "zustand";
import { ApiRequestError, api, setUnauthorizedHandler } from "../api/client";
import { useUiStore } from "./ui";

export type AuthStatus = "loading" | "authenticated" | "anonymous";

interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Asks the server once whether the browser has a session. */
  checkStatus(): Promise<void>;
  /** Marks the user signed in (after any successful sign-in flow). */
  login(user: User): void;
  /** Updates the signed-in user's fields (after a profile save). */
  updateUser(fields: Partial<User>): void;
  /** Signs out on the server and always clears the local user (a 401 is ignored). */
  logout(): Promise<void>;
}

interface StatusData {
  authenticated?: boolean;
  email?: string;
  name?: string;
  company_name?: string;
}

/** The start-up status request, shared so it is sent once (StrictMode runs effects twice). */
let statusRequest: Promise<void> | null = null;
/** Bumped by login and logout: a status answer that arrives later is stale and ignored. */
let generation = 0;

/** Authentication state of the web app (spec §4 "Authentication"). */
export const useAuthStore = create<AuthState>()((set) => ({
  status: "loading",
  user: null,
  checkStatus() {
    if (statusRequest) return statusRequest;
    const started = generation;
    statusRequest = (async () => {
      let next: Pick<AuthState, "status" | "user">;
      try {
        const data = await api.get<StatusData>("/auth/status");
        next = data?.authenticated
          ? {
              status: "authenticated",
              user: {
                email: data.email ?? "",
                name: data.name ?? "",
                company_name: data.company_name ?? "",
              },
            }
          : { status: "anonymous", user: null };
      } catch {
        next = { status: "anonymous", user: null };
      }
      if (generation === started) set(next);
    })();
    return statusRequest;
  },
  login(user) {
    generation++;
    set({ status: "authenticated", user });
  },
  updateUser(fields) {
    set((s) => (s.user ? { user: { ...s.user, ...fields } } : {}));
  },
  async logout() {
    generation++;
    try {
      await api.post("/auth/signout");
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status !== 401) {
        console.error("Sign-out failed", error);
      }
    } finally {
      set({ status: "anonymous", user: null });
    }
  },
}));

/** True when the user is signed in. */
export const selectIsAuthenticated = (s: AuthState) => s.status === "authenticated";

/**
 * An expired session (any call answering 401) signs the user out locally —
 * the header shows 'Sign in' — and opens the sign-in modal saying why,
 * instead of leaving a "signed-in" page whose saves keep failing.
 */
export function handleSessionExpired(): void {
  if (useAuthStore.getState().status !== "authenticated") return;
  generation++;
  useAuthStore.setState({ status: "anonymous", user: null });
  useUiStore.getState().openLoginExpired();
}

setUnauthorizedHandler(handleSessionExpired);
