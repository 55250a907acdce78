import { Suspense } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { RouteErrorBoundary } from "./components/RouteErrorBoundary";
import { ProfileLayout } from "./layouts/ProfileLayout";
import { RootWrapper } from "./layouts/RootWrapper";
import { SidebarLayout } from "./layouts/SidebarLayout";
import { type LazyPage, lazyPage } from "./lib/lazy-page";
import { HomeRoute } from "./pages/HomeRoute";

/** Every page is a chunk of its own (spec §7: script chunks load lazily). */
const pages = {
  multiAgent: lazyPage("multi-agent", () => import("./pages/multi-agent/MultiAgentPage")),
  singleAgent: lazyPage("single-agent", () => import("./pages/single-agent/SingleAgentPage")),
  integration: lazyPage("integration", () => import("./pages/integration/IntegrationPage")),
  profile: lazyPage("profile", () => import("./pages/profile/ProfilePage")),
  datasets: lazyPage("datasets", () => import("./pages/datasets/DatasetsPage")),
  authLink: lazyPage("auth-link", () => import("./auth/AuthLinkPage")),
  authCallback: lazyPage("auth-callback", () => import("./auth/AuthCallbackPage")),
  notFound: lazyPage("not-found", () => import("./pages/NotFoundPage")),
} satisfies Record<string, LazyPage>;

/** The page a path shows (spec §2), for loading it before the first render. */
export function pageForPath(pathname: string): LazyPage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  switch (path) {
    case "/":
    case "/multi-agent":
      return pages.multiAgent;
    case "/home":
      return pages.singleAgent;
    case "/integration":
      return pages.integration;
    case "/profile":
      return pages.profile;
    case "/datasets":
      return pages.datasets;
    case "/auth/auth-link":
      return pages.authLink;
    case "/auth/auth-link/callback":
      return pages.authCallback;
    default:
      return pages.notFound;
  }
}

/** Routes and layouts of spec §2; a route that fails to render shows the error screen. */
function AppRoutes() {
  const location = useLocation();
  const { multiAgent, singleAgent, integration, profile, datasets, authLink, authCallback } = pages;
  const { notFound } = pages;
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={null}>
        <Routes>
          <Route element={<RootWrapper />}>
            <Route element={<SidebarLayout />}>
              <Route path="/" element={<multiAgent.Component />} />
              <Route path="/multi-agent" element={<multiAgent.Component />} />
              <Route path="/home" element={<HomeRoute />}>
                <Route index element={<singleAgent.Component />} />
              </Route>
              <Route path="/integration" element={<integration.Component />} />
            </Route>
            <Route element={<ProfileLayout />}>
              <Route path="/profile" element={<profile.Component />} />
              <Route path="/datasets" element={<datasets.Component />} />
            </Route>
            <Route path="/auth/auth-link" element={<authLink.Component />} />
            <Route path="/auth/auth-link/callback" element={<authCallback.Component />} />
            <Route path="*" element={<notFound.Component />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The app's router (see preloadCurrentPage for the first page's chunk). */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Starts loading the page of the current address; main.tsx calls it before React's first render. */
export function preloadCurrentPage(): void {
  pageForPath(window.location.pathname).preload();
}
