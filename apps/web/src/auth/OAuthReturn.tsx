import { Modal } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type AccountSwitch, NOTIFICATIONS, type SignInResult } from "@promptune/contracts";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { completeGoogleSignIn, isAccountSwitch, serverMessageOf } from "../api/auth";
import { useAuthStore } from "../stores/auth";
import { AccountSwitchPrompt, SWITCH_MESSAGES } from "./AccountSwitchPrompt";
import { AuthorizationOverlay } from "./AuthorizationOverlay";
import { claimCode, clearPkce, verifierForState } from "./pkce";

/** The one exchange in flight, shared by effect re-runs (StrictMode) of the handler. */
let inFlight: Promise<SignInResult | null> | null = null;

/**
 * Starts the exchange for a returned `code` and `state` unless this code was
 * already processed: checks the state against the stored one, clears the PKCE
 * data, and calls the server's callback. Resolves with the user (or the
 * account switch to confirm), or null when nothing was (or should be) signed in.
 */
export function processAuthorizationReturn(
  code: string,
  state: string,
): Promise<SignInResult | null> | null {
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
  const [pendingSwitch, setPendingSwitch] = useState<AccountSwitch | null>(null);
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
    void pending.then((result) => {
      if (result && isAccountSwitch(result)) {
        if (mounted.current) setPendingSwitch(result);
      } else if (result) login(result);
      if (mounted.current) setProcessing(false);
    });
  }, [location.search, navigate, login]);

  if (processing) return <AuthorizationOverlay />;
  return pendingSwitch ? (
    <Modal
      opened
      onClose={() => setPendingSwitch(null)}
      aria-label={SWITCH_MESSAGES.title}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <AccountSwitchPrompt
        pending={pendingSwitch}
        onSwitched={(user) => {
          login(user);
          setPendingSwitch(null);
        }}
        onStayed={() => setPendingSwitch(null)}
      />
    </Modal>
  ) : null;
}
