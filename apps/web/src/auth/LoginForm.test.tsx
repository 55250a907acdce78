import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOGIN_MESSAGES, LoginForm, redirectTo } from "./LoginForm";
import { PKCE_KEYS } from "./pkce";
import { fail, installFakeApi, ok, renderAt } from "./testing";

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function submitEmail(email: string) {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in via email" }));
}

describe("LoginForm", () => {
  it("has a required e-mail field and both sign-in buttons", () => {
    renderAt(<LoginForm />, "/");
    const input = screen.getByLabelText(/Email/);
    expect(input).toHaveProperty("type", "email");
    expect(input).toHaveProperty("required", true);
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeTruthy();
  });

  it("sends the magic link and shows the sent state", async () => {
    let release: () => void = () => {};
    const calls = installFakeApi({
      "POST /api/auth/auth-link/request": () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ email: "ada@example.com", expires_in_minutes: 15 }));
        }),
    });
    renderAt(<LoginForm />, "/");
    submitEmail(" ada@example.com ");
    const sent = () => calls.filter((c) => c.path === "/api/auth/auth-link/request");
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toEqual({ email: "ada@example.com" });
    expect(
      screen.getByRole("button", { name: /Sign in via email/ }).hasAttribute("data-loading"),
    ).toBe(true);
    release();
    expect(await screen.findByText("Magic Link Sent!")).toBeTruthy();
    expect(screen.getByText("Check your email and follow the link to sign in.")).toBeTruthy();
    expect(screen.getByText("Didn't get it? Check spam or Promotions folder.")).toBeTruthy();
  });

  it("offers 'Continue with Google' only when the server has Google sign-in", async () => {
    installFakeApi({ "GET /api/auth/providers": () => ok({ google: false }) });
    renderAt(<LoginForm />, "/");
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull(),
    );
  });

  it("shows the server's message, else the spec's fallback", async () => {
    installFakeApi({
      "POST /api/auth/auth-link/request": () =>
        fail(429, "Too many sign-in e-mails were requested."),
    });
    renderAt(<LoginForm />, "/");
    submitEmail("ada@example.com");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many sign-in e-mails were requested.",
    );

    vi.restoreAllMocks();
    installFakeApi({ "POST /api/auth/auth-link/request": () => fail(500) });
    fireEvent.click(screen.getByRole("button", { name: "Sign in via email" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(LOGIN_MESSAGES.linkFailed),
    );
  });

  it("redirects to the provider with PKCE parameters added", async () => {
    installFakeApi({
      "GET /api/auth/google/url": () =>
        ok({ auth_url: "https://issuer.test/auth?client_id=c&response_type=code" }),
    });
    const assign = vi.spyOn(redirectTo, "assign").mockImplementation(() => {});
    renderAt(<LoginForm />, "/");
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(String(assign.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe("https://issuer.test/auth");
    expect(url.searchParams.get("client_id")).toBe("c");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBe(sessionStorage.getItem(PKCE_KEYS.state));
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("shows Google start failures: server message, else 'Error getting authorization URL'", async () => {
    installFakeApi({
      "GET /api/auth/google/url": () =>
        fail(503, "Google sign-in is not configured on this server."),
    });
    renderAt(<LoginForm />, "/");
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Google sign-in is not configured on this server.",
    );

    vi.restoreAllMocks();
    installFakeApi({ "GET /api/auth/google/url": () => ok({}) });
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(LOGIN_MESSAGES.googleUrlFailed),
    );
  });

  it("reports 'Error initiating Google OAuth' when the redirect cannot start", async () => {
    installFakeApi({ "GET /api/auth/google/url": () => ok({ auth_url: "not a url" }) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderAt(<LoginForm />, "/");
    fireEvent.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect((await screen.findByRole("alert")).textContent).toBe(LOGIN_MESSAGES.googleStartFailed);
  });
});
