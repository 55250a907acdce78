import { LoginModal } from "./LoginModal";
import { OAuthReturn } from "./OAuthReturn";

/**
 * Sign-in pieces the global wrapper renders on every page: the login modal
 * and the external-provider return handler with its overlay.
 */
export function AuthGlobals() {
  return (
    <>
      <OAuthReturn />
      <LoginModal />
    </>
  );
}
