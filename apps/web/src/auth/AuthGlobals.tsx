import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { loadChunk } from "../lib/chunks";
import { useUiStore } from "../stores/ui";

const LoginModal = lazy(() =>
  loadChunk("login", () => import("./LoginModal")).then((m) => ({ default: m.LoginModal })),
);
const OAuthReturn = lazy(() =>
  loadChunk("oauth-return", () => import("./OAuthReturn")).then((m) => ({
    default: m.OAuthReturn,
  })),
);

/** Starts loading the sign-in modal's chunk (on hover or focus of 'Sign in'), so opening it is instant. */
export function preloadLoginModal(): void {
  void import("./LoginModal").catch(() => {
    // Opening the modal loads it again and reports a failure there.
  });
}

/** True when the address carries an external provider's `code` and `state` (spec §2). */
function isProviderReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has("code") && params.has("state");
}

/**
 * Sign-in pieces the global wrapper renders on every page: the login modal
 * and the external-provider return handler with its overlay. Both are
 * separate chunks, loaded the first time they are needed (the modal opened,
 * a provider's `?code&state` in the address) and kept mounted afterwards.
 */
export function AuthGlobals() {
  const location = useLocation();
  const loginOpen = useUiStore((s) => s.loginModalOpen);
  const [loginNeeded, setLoginNeeded] = useState(loginOpen);
  const returning = isProviderReturn(location.search);
  const [oauthNeeded, setOauthNeeded] = useState(returning);
  // Latches: once needed, a piece stays mounted (the modal's close transition,
  // the provider return after it has cleaned the address).
  if (loginOpen && !loginNeeded) setLoginNeeded(true);
  if (returning && !oauthNeeded) setOauthNeeded(true);

  return (
    <>
      {oauthNeeded && (
        <Suspense fallback={null}>
          <OAuthReturn />
        </Suspense>
      )}
      {loginNeeded && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </>
  );
}
