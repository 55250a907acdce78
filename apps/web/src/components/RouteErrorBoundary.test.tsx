import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadChunk } from "../lib/chunks";
import { RouteErrorBoundary } from "./RouteErrorBoundary";

const Broken = lazy(() =>
  loadChunk("integration", () => Promise.reject(new TypeError("Failed to fetch"))),
);

function Tree({ resetKey, broken }: { resetKey: string; broken: boolean }) {
  return (
    <MantineProvider>
      <RouteErrorBoundary resetKey={resetKey}>
        <Suspense fallback={<p>loading</p>}>{broken ? <Broken /> : <p>page works</p>}</Suspense>
      </RouteErrorBoundary>
    </MantineProvider>
  );
}

describe("RouteErrorBoundary", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the spec's error screen for a chunk that fails to load", async () => {
    render(<Tree resetKey="/integration" broken />);
    expect(await screen.findByText("Unexpected Application Error!")).toBeTruthy();
    expect(screen.getByTestId("error-message").textContent).toBe(
      "Loading chunk integration failed",
    );
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
  });

  it("clears the error when the address changes", async () => {
    const { rerender } = render(<Tree resetKey="/integration" broken />);
    await screen.findByText("Unexpected Application Error!");
    rerender(<Tree resetKey="/" broken={false} />);
    expect(screen.getByText("page works")).toBeTruthy();
    expect(screen.queryByText("Unexpected Application Error!")).toBeNull();
  });
});
