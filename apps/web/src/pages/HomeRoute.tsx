import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { parseOptimizationType, useSessionStore } from "../stores/session";

/**
 * /home entry (spec §2): reads `optimizationType`, stores it, and redirects to
 * /home without it; otherwise renders the single-agent page (its child route,
 * or `children` when given).
 */
export function HomeRoute({ children }: { children?: React.ReactNode }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const raw = params.get("optimizationType");
  const type = parseOptimizationType(raw);
  const setType = useSessionStore((s) => s.setOptimizationType);

  useEffect(() => {
    if (type) setType(type);
  }, [type, setType]);

  if (raw !== null) {
    params.delete("optimizationType");
    const rest = params.toString();
    return <Navigate to={`/home${rest ? `?${rest}` : ""}`} replace state={location.state} />;
  }
  return <>{children ?? <Outlet />}</>;
}
