import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth";
import AuthCallbackPage, { CALLBACK_MESSAGES } from "./AuthCallbackPage";
import { fail, installFakeApi, ok, renderAt } from "./testing";

const CALLBACK = "/auth/auth-link/callback";

beforeEach(() => {
  useAuthStore.setState({ status: "anonymous", user: null });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("AuthCallbackPage", () => {
  it("signs in with the token, shows success and goes home after 2 seconds", async () => {
    const user = { email: "ada@example.com", name: "Ada", company_name: "" };
    const calls = installFakeApi({ "GET /api/auth/auth-link/callback": () => ok(user) });
    renderAt(<AuthCallbackPage />, `${CALLBACK}?token=tok-1`, CALLBACK);
    expect(screen.getByText("Signing you in...")).toBeTruthy();
    expect(await screen.findByText("Authorization Successful!")).toBeTruthy();
    const shownAt = performance.now();
    expect(calls.map((c) => c.query)).toEqual([{ token: "tok-1" }]);
    expect(useAuthStore.getState()).toMatchObject({ status: "authenticated", user });
    expect(screen.getByTestId("location").textContent).toBe(`${CALLBACK}?token=tok-1`);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"), {
      timeout: 3000,
    });
    expect(performance.now() - shownAt).toBeGreaterThanOrEqual(1900);
  });

  it("asks before switching a signed-in browser to another account (login CSRF)", async () => {
    const victim = { email: "victim@example.com", name: "Victim", company_name: "" };
    const attacker = { email: "attacker@example.com", name: "", company_name: "" };
    useAuthStore.setState({ status: "authenticated", user: victim });
    const pending = {
      switch_required: true,
      current_email: victim.email,
      email: attacker.email,
      switch_token: "sw-1",
    };
    const calls = installFakeApi({
      "GET /api/auth/auth-link/callback": () => ok(pending),
      "POST /api/auth/switch-account/cancel": () => ok(victim),
      "POST /api/auth/switch-account": () => ok(attacker),
    });
    const view = renderAt(<AuthCallbackPage />, `${CALLBACK}?token=tok-s`, CALLBACK);
    expect(await screen.findByText("Switch accounts?")).toBeTruthy();
    expect(screen.getByTestId("account-switch-current").textContent).toBe(victim.email);
    expect(screen.getByTestId("account-switch-incoming").textContent).toBe(attacker.email);
    expect(useAuthStore.getState().user).toEqual(victim);
    act(() => screen.getByRole("button", { name: `Stay signed in as ${victim.email}` }).click());
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
      "POST /api/auth/switch-account/cancel",
    );
    expect(useAuthStore.getState().user).toEqual(victim);
    view.unmount();

    renderAt(<AuthCallbackPage />, `${CALLBACK}?token=tok-t`, CALLBACK);
    const switchButton = await screen.findByRole("button", { name: `Switch to ${attacker.email}` });
    act(() => switchButton.click());
    expect(await screen.findByText("Authorization Successful!")).toBeTruthy();
    expect(useAuthStore.getState().user).toEqual(attacker);
  });

  it("shows the server's message with 'Back to Home'", async () => {
    installFakeApi({
      "GET /api/auth/auth-link/callback": () =>
        fail(400, "This sign-in link has expired. Please request a new one."),
    });
    renderAt(<AuthCallbackPage />, `${CALLBACK}?token=tok-3`, CALLBACK);
    expect(await screen.findByText("Authorization Error")).toBeTruthy();
    expect(screen.getByTestId("auth-callback-error").textContent).toBe(
      "This sign-in link has expired. Please request a new one.",
    );
    act(() => screen.getByRole("button", { name: "Back to Home" }).click());
    expect(screen.getByTestId("location").textContent).toBe("/");
    expect(useAuthStore.getState().status).toBe("anonymous");
  });

  it("falls back to 'Authorization error' without a server message", async () => {
    installFakeApi({ "GET /api/auth/auth-link/callback": () => fail(502) });
    renderAt(<AuthCallbackPage />, `${CALLBACK}?token=tok-4`, CALLBACK);
    expect((await screen.findByTestId("auth-callback-error")).textContent).toBe(
      CALLBACK_MESSAGES.failed,
    );
  });

  it("says the token was not found when the address has none", () => {
    const calls = installFakeApi({});
    renderAt(<AuthCallbackPage />, CALLBACK, CALLBACK);
    expect(screen.getByText("Authorization Error")).toBeTruthy();
    expect(screen.getByTestId("auth-callback-error").textContent).toBe(
      "Токен авторизации не найден",
    );
    expect(calls).toHaveLength(0);
  });
});
