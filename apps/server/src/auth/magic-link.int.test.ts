import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { callApi, sessionCookieOf } from "../testing/http";
import { ipSequence, type MailApp, startMailApp } from "../testing/mail-app";
import type { SmtpFixture } from "../testing/smtp-server";
import { LINK_MESSAGES } from "./login-tokens";
import { hashToken } from "./tokens";

/** The token of the `PUBLIC_URL/?token=…` link in a mail's text. */
function linkTokenOf(text: string): string {
  const match = /http:\/\/localhost:3000\/\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no sign-in link in mail:\n${text}`);
  return match[1];
}

describe.each(DIALECTS)("magic-link sign-in and sessions on %s", (dialect) => {
  let mailApp: MailApp;
  let smtp: SmtpFixture;
  let t: TestApp;
  /** A distinct client IP per test, so per-IP limits of one test never touch another. */
  const nextIp = ipSequence("10.0.0");

  beforeAll(async () => {
    mailApp = await startMailApp(dialect, {
      MAIL_FROM: "Promptune <auth@promptune.test>",
      AUTH_RATE_LIMIT_PER_EMAIL: "3",
      AUTH_RATE_LIMIT_PER_IP: "5",
      AUTH_VERIFY_LIMIT_PER_IP: "6",
    });
    ({ smtp, t } = mailApp);
  });
  afterAll(async () => {
    await mailApp?.close();
  });

  async function requestLink(email: string, ip = nextIp()) {
    return callApi(t.app, "POST", "/api/auth/auth-link/request", { email }, { ip });
  }

  it("reports anonymous status without a session", async () => {
    const res = await callApi(t.app, "GET", "/api/auth/status");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { authenticated: false } });
  });

  it("mails a link that signs in once, creating the user, and sets the session cookie", async () => {
    const email = "new.person@example.com";
    const res = await requestLink("  New.Person@Example.com ");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { email, expires_in_minutes: 15 } });

    const mail = await smtp.nextMail(email);
    expect(mail.from).toBe("auth@promptune.test");
    expect(mail.subject).toBe("Your Promptune sign-in link");
    const token = linkTokenOf(mail.text);
    expect(mail.html).toContain(`?token=${token}`);

    const stored = await t.database.db
      .selectFrom("auth_tokens")
      .selectAll()
      .where("email", "=", email)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(
      await t.database.db.selectFrom("users").selectAll().where("email", "=", email).execute(),
    ).toHaveLength(0);

    const signIn = await callApi(t.app, "GET", "/api/auth/auth-link/callback", undefined, {
      query: { token },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toEqual({ success: true, data: { email, name: "", company_name: "" } });
    const cookie = signIn.cookies.find((c) => c.name === "session");
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(cookie?.secure).toBeFalsy();

    const status = await callApi(t.app, "GET", "/api/auth/status", undefined, {
      cookie: sessionCookieOf(signIn),
    });
    expect(status.json()).toEqual({
      success: true,
      data: { authenticated: true, email, name: "", company_name: "" },
    });

    const again = await callApi(t.app, "GET", "/api/auth/auth-link/callback", undefined, {
      query: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      error: { message: LINK_MESSAGES.used, code: "bad_request" },
    });
    expect(again.cookies.find((c) => c.name === "session")).toBeUndefined();
  });

  it("signs an existing user into the same account", async () => {
    const { userId } = await t.signIn("known@example.com", "Known Person");
    await requestLink("known@example.com");
    const token = linkTokenOf((await smtp.nextMail("known@example.com")).text);
    const res = await callApi(t.app, "GET", "/api/auth/auth-link/callback", undefined, {
      query: { token },
    });
    expect(res.json().data).toEqual({
      email: "known@example.com",
      name: "Known Person",
      company_name: "",
    });
    const users = await t.database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "known@example.com")
      .execute();
    expect(users).toEqual([{ id: userId }]);
  });

  it("refuses an expired link with a clear message", async () => {
    await requestLink("late@example.com");
    const token = linkTokenOf((await smtp.nextMail("late@example.com")).text);
    await t.database.db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", hashToken(token))
      .execute();
    const res = await callApi(t.app, "GET", "/api/auth/auth-link/callback", undefined, {
      query: { token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "This sign-in link has expired. Please request a new one.",
    );
  });

  it("refuses unknown and missing tokens", async () => {
    const unknown = await callApi(t.app, "GET", "/api/auth/auth-link/callback", undefined, {
      query: { token: "not-a-real-token" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(LINK_MESSAGES.unknown);
    const missing = await callApi(t.app, "GET", "/api/auth/auth-link/callback");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("The sign-in link is missing its token.");
  });

  it("validates the e-mail of a link request", async () => {
    const bad = await callApi(
      t.app,
      "POST",
      "/api/auth/auth-link/request",
      { email: "nope" },
      { ip: nextIp() },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Please enter a valid email address");
    const none = await callApi(t.app, "POST", "/api/auth/auth-link/request", {}, { ip: nextIp() });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe("email is required");
    expect(smtp.messages.some((m) => m.to.includes("nope"))).toBe(false);
  });

  it("ends the session on sign-out and clears the cookie, even without a session", async () => {
    const { cookie } = await t.signIn("leaving@example.com");
    const before = await callApi(t.app, "GET", "/api/auth/status", undefined, { cookie });
    expect(before.json().data.authenticated).toBe(true);

    const out = await callApi(t.app, "POST", "/api/auth/signout", {}, { cookie });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === "session");
    expect(cleared?.value).toBe("");
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    const after = await callApi(t.app, "GET", "/api/auth/status", undefined, { cookie });
    expect(after.json().data).toEqual({ authenticated: false });
    const profile = await callApi(t.app, "GET", "/api/profile", undefined, { cookie });
    expect(profile.statusCode).toBe(401);

    const anonymous = await callApi(t.app, "POST", "/api/auth/signout", {});
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.cookies.find((c) => c.name === "session")?.value).toBe("");
  });

  it("limits link requests per e-mail address", async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++)
      expect((await requestLink("spam@example.com", ip)).statusCode).toBe(200);
    const limited = await requestLink("spam@example.com", nextIp());
    expect(limited.statusCode).toBe(429);
    // Fixed 15-minute windows: the wait is what is left of the current one.
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(limited.json().error.message).toBe(
      "Too many sign-in e-mails were requested for this address. Please wait a few minutes and try again.",
    );
    expect(smtp.messages.filter((m) => m.to.includes("spam@example.com"))).toHaveLength(3);
    expect((await requestLink("other@example.com", ip)).statusCode).toBe(200);
  });

  it("limits link requests per client IP", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await requestLink(`ip${i}@example.com`, ip)).statusCode).toBe(200);
    const limited = await requestLink("ip-last@example.com", ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      "Too many sign-in requests from your network. Please wait a few minutes and try again.",
    );
    expect((await requestLink("ip-last@example.com", nextIp())).statusCode).toBe(200);
  });

  it("limits link checks per client IP", async () => {
    const ip = nextIp();
    for (let i = 0; i < 6; i++) {
      const res = await callApi(t.app, "GET", "/api/auth/auth-link/callback", undefined, {
        ip,
        query: { token: `guess-${i}` },
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await callApi(t.app, "GET", "/api/auth/auth-link/callback", undefined, {
      ip,
      query: { token: "guess-last" },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      "Too many sign-in attempts. Please wait a few minutes and try again.",
    );
  });

  it("answers 401 on every protected call without a session", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/profile", undefined],
      ["PUT", "/api/profile", { name: "X", company_name: "", ready_to_contact: false }],
    ] as const) {
      const res = await callApi(t.app, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        error: { message: "Authentication required. Please sign in.", code: "unauthorized" },
      });
      const forged = await callApi(t.app, method, url, body, { cookie: "session=forged-token" });
      expect(forged.statusCode, `${method} ${url} with a forged cookie`).toBe(401);
    }
  });
});
