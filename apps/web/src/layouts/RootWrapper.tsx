import { Suspense, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { AuthGlobals } from "../auth/AuthGlobals";
import { DeferredNotifications } from "../components/DeferredNotifications";
import { useAuthStore } from "../stores/auth";

/**
 * The global wrapper (spec §2): checks the session once at start-up and turns
 * authorization query parameters into the right screen — `?token=` goes to the
 * link callback screen, `?error=` back to `/`. It also hosts the sign-in
 * pieces and the toasts, each loaded when first needed.
 */
export function RootWrapper() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const checkStatus = useAuthStore((s) => s.checkStatus);

  useEffect(() => {
    void checkStatus();
  }, [checkStatus]);

  const token = params.get("token");
  if (token && location.pathname !== "/auth/auth-link/callback") {
    return <Navigate to={`/auth/auth-link/callback?token=${encodeURIComponent(token)}`} replace />;
  }
  if (params.has("error")) return <Navigate to="/" replace />;
  return (
    <>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <AuthGlobals />
      <DeferredNotifications />
    </>
  );
}
