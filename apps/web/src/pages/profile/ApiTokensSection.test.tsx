import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeCall, fail, installFakeApi, ok, renderAt } from "../../auth/testing";
import { useAuthStore } from "../../stores/auth";
import { API_TOKEN_TEXTS, ApiTokensSection } from "./ApiTokensSection";

const listed = (id: string, name: string, scopes: string[]) => ({
  id,
  name,
  scopes,
  prefix: "pt_Ab12Cd…",
  created_at: "2026-11-24T10:00:00.000Z",
  last_used_at: null,
});

beforeEach(() => {
  useAuthStore.setState({
    status: "authenticated",
    user: { email: "ada@example.com", name: "Ada", company_name: "" },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("ApiTokensSection", () => {
  it("creates a run token, shows its text once and lists it without the secret", async () => {
    let tokens = [listed("t1", "laptop", ["read"])];
    const calls = installFakeApi({
      "GET /api/profile/tokens": () => ok(tokens),
      "POST /api/profile/tokens": (call: FakeCall) => {
        const body = call.body as { name: string; scopes: string[] };
        tokens = [listed("t2", body.name, ["read", "run"]), ...tokens];
        return {
          status: 201,
          body: { success: true, data: { id: "t2", token: "pt_secret-value" } },
        };
      },
    });
    renderAt(<ApiTokensSection />, "/profile");
    expect(await screen.findByText("laptop")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Token name/), { target: { value: "CI nightly" } });
    fireEvent.click(screen.getByText("Read and run"));
    fireEvent.click(screen.getByRole("button", { name: "Create token" }));
    expect((await screen.findByTestId("api-token-secret")).textContent).toBe("pt_secret-value");
    expect(screen.getByText(API_TOKEN_TEXTS.shownOnce)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "CI nightly",
      scopes: ["run"],
    });
    expect(await screen.findByText("CI nightly")).toBeTruthy();
    expect(screen.getByText("read, run")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByTestId("api-token-secret")).toBeNull());
    expect(document.body.textContent).not.toContain("pt_secret-value");
  });

  it("creates a deploy token", async () => {
    const calls = installFakeApi({
      "GET /api/profile/tokens": () => ok([]),
      "POST /api/profile/tokens": () => ({
        status: 201,
        body: { success: true, data: { id: "t3", token: "pt_deploy-value" } },
      }),
    });
    renderAt(<ApiTokensSection />, "/profile");
    fireEvent.change(await screen.findByLabelText(/Token name/), { target: { value: "release" } });
    fireEvent.click(screen.getByText("Read and deploy"));
    fireEvent.click(screen.getByRole("button", { name: "Create token" }));
    expect((await screen.findByTestId("api-token-secret")).textContent).toBe("pt_deploy-value");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "release",
      scopes: ["deploy"],
    });
  });

  it("revokes a token and shows the server's message on failure", async () => {
    let tokens = [listed("t1", "laptop", ["read"]), listed("t2", "old ci", ["read", "run"])];
    installFakeApi({
      "GET /api/profile/tokens": () => ok(tokens),
      "DELETE /api/profile/tokens/t2": () => {
        tokens = tokens.filter((t) => t.id !== "t2");
        return ok({ id: "t2" });
      },
      "DELETE /api/profile/tokens/t1": () => fail(404, "No such API token."),
    });
    renderAt(<ApiTokensSection />, "/profile");
    fireEvent.click(await screen.findByRole("button", { name: "Revoke old ci" }));
    await waitFor(() => expect(screen.queryByText("old ci")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Revoke laptop" }));
    expect(await screen.findByText("No such API token.")).toBeTruthy();
  });
});
