import { screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth";
import { OAuthReturn } from "./OAuthReturn";
import { PKCE_KEYS, prepareAuthorizationUrl } from "./pkce";
import { fail, installFakeApi, ok, renderAt } from "./testing";

const user = { email: "grace@example.com", name: "Grace Hopper", company_name: "" };

/** Stores PKCE data as 'Continue with Google' does and returns the state. */
async function startFlow(): Promise<{ state: string; verifier: string }> {
  await prepareAuthorizationUrl("https://issuer.test/auth");
  return {
    state: sessionStorage.getItem(PKCE_KEYS.state) ?? "",
    verifier: sessionStorage.getItem(PKCE_KEYS.verifier) ?? "",
  };
}

beforeEach(() => {
  useAuthStore.setState({ status: "anonymous", user: null });
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe("OAuthReturn", () => {
  it("goes to /, exchanges the code once with the verifier, and logs the user in", async () => {
    const { state, verifier } = await startFlow();
    let release: () => void = () => {};
    const calls = installFakeApi({
      "POST /api/auth/google/callback": () =>
        new Promise((resolve) => {
          release = () => resolve(ok(user));
        }),
    });
    renderAt(
      <StrictMode>
        <OAuthReturn />
      </StrictMode>,
      `/integration?code=code-a&state=${state}&iss=x`,
    );
    expect(screen.getByText("Authorization...")).toBeTruthy();
    expect(screen.getByText("Processing your request")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ code: "code-a", code_verifier: verifier });
    release();
    await waitFor(() => expect(screen.queryByText("Authorization...")).toBeNull());
    expect(useAuthStore.getState()).toMatchObject({ status: "authenticated", user });
    expect(sessionStorage.getItem(PKCE_KEYS.verifier)).toBeNull();
    expect(sessionStorage.getItem(PKCE_KEYS.state)).toBeNull();
  });

  it("asks in a modal before switching a signed-in browser to another account", async () => {
    const current = { email: "victim@example.com", name: "Victim", company_name: "" };
    useAuthStore.setState({ status: "authenticated", user: current });
    const { state } = await startFlow();
    const calls = installFakeApi({
      "POST /api/auth/google/callback": () =>
        ok({
          switch_required: true,
          current_email: current.email,
          email: user.email,
          switch_token: "sw-g",
        }),
      "POST /api/auth/switch-account": () => ok(user),
    });
    renderAt(<OAuthReturn />, `/?code=code-s&state=${state}`);
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(current.email);
    expect(dialog.textContent).toContain(user.email);
    expect(useAuthStore.getState().user).toEqual(current);
    screen.getByRole("button", { name: `Switch to ${user.email}` }).click();
    await waitFor(() => expect(useAuthStore.getState().user).toEqual(user));
    expect(calls.at(-1)).toMatchObject({
      path: "/api/auth/switch-account",
      body: { switch_token: "sw-g" },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("does not process a code twice", async () => {
    const { state } = await startFlow();
    const calls = installFakeApi({ "POST /api/auth/google/callback": () => ok(user) });
    const first = renderAt(<OAuthReturn />, `/?code=code-b&state=${state}`);
    await waitFor(() => expect(useAuthStore.getState().status).toBe("authenticated"));
    first.unmount();
    useAuthStore.setState({ status: "anonymous", user: null });
    renderAt(<OAuthReturn />, `/?code=code-b&state=${state}`);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(calls).toHaveLength(1);
    expect(screen.queryByText("Authorization...")).toBeNull();
  });

  it("refuses a tampered state: logs, clears the PKCE data, does not sign in", async () => {
    await startFlow();
    const calls = installFakeApi({ "POST /api/auth/google/callback": () => ok(user) });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt(<OAuthReturn />, "/?code=code-c&state=tampered");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(logged).toHaveBeenCalledWith("Invalid PKCE data or state mismatch");
    expect(sessionStorage.getItem(PKCE_KEYS.verifier)).toBeNull();
    expect(calls).toHaveLength(0);
    expect(useAuthStore.getState().status).toBe("anonymous");
    expect(screen.queryByText("Authorization...")).toBeNull();
  });

  it("refuses a return without a stored verifier", async () => {
    const calls = installFakeApi({});
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt(<OAuthReturn />, "/?code=code-d&state=abc");
    await waitFor(() => expect(logged).toHaveBeenCalledWith("Invalid PKCE data or state mismatch"));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when the exchange fails", async () => {
    const { state } = await startFlow();
    installFakeApi({
      "POST /api/auth/google/callback": () =>
        fail(400, "Google sign-in failed: the authorization code is invalid."),
    });
    renderAt(<OAuthReturn />, `/?code=code-e&state=${state}`);
    expect(
      await screen.findByText("Google sign-in failed: the authorization code is invalid."),
    ).toBeTruthy();
    expect(useAuthStore.getState().status).toBe("anonymous");
  });
});
