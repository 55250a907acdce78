import { notifications } from "@mantine/notifications";
import { NOTIFICATIONS, type User } from "@promptune/contracts";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { completeGoogleSignIn, serverMessageOf } from "../api/auth";
import { useAuthStore } from "../stores/auth";
import { AuthorizationOverlay } from "./AuthorizationOverlay";
import { claimCode, clearPkce, verifierForState } from "./pkce";

/** The one exchange in flight, shared by effect re-runs (StrictMode) of the handler. */
let inFlight: Promise<User | null> | null = null;

/**
 * Starts the exchange for a returned `code` and `state` unless this code was
 * already processed: checks the state against the stored one, clears the PKCE
 * data, and calls the server's callback. Resolves with the user, or null when
 * nothing was (or should be) signed in.
 */
export function processAuthorizationReturn(
  code: string,
  state: string,
): Promise<User | null> | null {
  if (!claimCode(code)) return inFlight;
  const verifier = verifierForState(state);
  clearPkce();
  if (!verifier) {
    console.error("Invalid PKCE data or state mismatch");
    return null;
  }
  inFlight = completeGoogleSignIn(code, verifier).catch((error: unknown) => {
    notifications.show({
      color: "red",
      title: "Authorization Error",
      message: serverMessageOf(error) ?? "Authorization error",
      autoClose: NOTIFICATIONS.defaultMs,
    });
    return null;
  });
  return inFlight;
}

/**
 * Part of the global wrapper: on `?code&state` (the provider's redirect) it
 * goes to `/`, completes the sign-in once, logs the user in, and shows the
 * 'Authorization...' overlay meanwhile.
 */
export function OAuthReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useAuthStore((s) => s.login);
  const [processing, setProcessing] = useState(() => {
    const params = new URLSearchParams(location.search);
    return params.has("code") && params.has("state");
  });

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get("code");
    const state = params.get("state");
    if (!code || state === null) return;
    navigate("/", { replace: true });
    const pending = processAuthorizationReturn(code, state);
    if (!pending) {
      setProcessing(false);
      return;
    }
    setProcessing(true);
    void pending.then((user) => {
      if (user) login(user);
      if (mounted.current) setProcessing(false);
    });
  }, [location.search, navigate, login]);

  return processing ? <AuthorizationOverlay /> : null;
}
