import { createBrowserRouter } from "react-router";
import { ErrorScreen } from "./components/ErrorScreen";
import { ProfileLayout } from "./layouts/ProfileLayout";
import { RootWrapper } from "./layouts/RootWrapper";
import { SidebarLayout } from "./layouts/SidebarLayout";
import { loadChunk } from "./lib/chunks";
import { HomeRoute } from "./pages/HomeRoute";

/** Lazy route: loads a page chunk (with the spec's timeout and error) as the route's Component. */
function page(name: string, load: () => Promise<{ default: React.ComponentType }>) {
  return async () => ({ Component: (await loadChunk(name, load)).default });
}

const singleAgent = page("single-agent", () => import("./pages/single-agent/SingleAgentPage"));

/** Routes and layouts of spec §2. */
export const router = createBrowserRouter([
  {
    element: <RootWrapper />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <SidebarLayout />,
        children: [
          {
            path: "/",
            lazy: page("multi-agent", () => import("./pages/multi-agent/MultiAgentPage")),
          },
          {
            path: "/multi-agent",
            lazy: page("multi-agent", () => import("./pages/multi-agent/MultiAgentPage")),
          },
          {
            path: "/home",
            element: <HomeRoute />,
            children: [{ index: true, lazy: singleAgent }],
          },
          {
            path: "/integration",
            lazy: page("integration", () => import("./pages/integration/IntegrationPage")),
          },
        ],
      },
      {
        element: <ProfileLayout />,
        children: [
          { path: "/profile", lazy: page("profile", () => import("./pages/profile/ProfilePage")) },
        ],
      },
      { path: "/auth/auth-link", lazy: page("auth-link", () => import("./auth/AuthLinkPage")) },
      {
        path: "/auth/auth-link/callback",
        lazy: page("auth-callback", () => import("./auth/AuthCallbackPage")),
      },
      { path: "*", lazy: page("not-found", () => import("./pages/NotFoundPage")) },
    ],
  },
]);
