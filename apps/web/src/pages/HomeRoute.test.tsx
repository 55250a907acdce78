import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useSessionStore } from "../stores/session";
import { HomeRoute } from "./HomeRoute";

function ShowLocation() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/home",
        element: (
          <HomeRoute>
            <ShowLocation />
          </HomeRoute>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe("HomeRoute", () => {
  beforeEach(() => useSessionStore.setState({ optimizationType: "standard" }));

  it("stores optimizationType and strips it from the address", async () => {
    renderAt("/home?optimizationType=with_integration");
    expect(await screen.findByTestId("location")).toHaveProperty("textContent", "/home");
    expect(useSessionStore.getState().optimizationType).toBe("with_integration");
  });

  it("keeps other parameters and ignores unknown types", async () => {
    renderAt("/home?optimizationType=bogus&x=1");
    expect(await screen.findByTestId("location")).toHaveProperty("textContent", "/home?x=1");
    expect(useSessionStore.getState().optimizationType).toBe("standard");
  });
});
