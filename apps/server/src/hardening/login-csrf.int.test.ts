/**
 * Attack regression (issue 21, item 8): login CSRF through sign-in links.
 * A signed-in victim who opened an attacker's magic link (or an OIDC
 * callback result for the attacker's account) was signed in as the attacker
 * and lost their own session. Now the browser stays signed in; the proof is
 * parked as a pending switch for that session only, and the user confirms or
 * cancels it. The same account, or no session, signs in as before.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SWITCH_EXPIRED } from "../auth/account-switch";
import { issueLoginToken, LINK_MESSAGES } from "../auth/login-tokens";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { callApi, sessionCookieOf } from "../testing/http";
import { completeOidcLogin } from "../testing/oidc-login";
import { type OidcProviderFixture, startOidcProvider } from "../testing/oidc-provider";

const PUBLIC_URL = "http://localhost:3000";
const REDIRECT_URI = `${PUBLIC_URL}/`;

describe.each(DIALECTS)("login CSRF through sign-in links on %s", (dialect) => {
  let provider: OidcProviderFixture;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUri: REDIRECT_URI,
      accounts: [{ email: "oidc-attacker@example.com", name: "Attacker" }],
    });
    t = await createTestApp(dialect, {
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const linkFor = async (email: string) =>
    (await issueLoginToken(t.database.db, { kind: "link", email, ip: "10.21.8.1" })).secret;
  const openLink = (token: string, cookie?: string) =>
    callApi(t.app, "GET", "/api/auth/auth-link/callback", undefined, {
      query: { token },
      ...(cookie ? { cookie } : {}),
    });
  const statusOf = async (cookie: string) =>
    (await callApi(t.app, "GET", "/api/auth/status", undefined, { cookie })).json().data;

  it("a victim who opens the attacker's link stays signed in until they confirm", async () => {
    const victim = await t.signIn("victim@example.com", "Victim");
    const attackerLink = await linkFor("attacker@example.com");
    const res = await openLink(attackerLink, victim.cookie);
    console.info(
      `[attack-regression] ${dialect}: signed-in victim opens attacker's link -> ${res.statusCode} ${JSON.stringify(
        { ...res.json().data, switch_token: res.json().data.switch_token ? "…" : undefined },
      )}, session cookie set: ${Boolean(sessionCookieOf(res))}`,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      switch_required: true,
      current_email: "victim@example.com",
      email: "attacker@example.com",
    });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(res.cookies.find((c) => c.name === "session")).toBeUndefined();
    expect(await statusOf(victim.cookie)).toMatchObject({
      authenticated: true,
      email: "victim@example.com",
    });
    // The link is spent into the pending switch: it cannot be replayed elsewhere.
    expect((await openLink(attackerLink)).json().error.message).toBe(LINK_MESSAGES.used);

    // "Stay signed in as victim": the pending switch is dropped.
    const stay = await callApi(
      t.app,
      "POST",
      "/api/auth/switch-account/cancel",
      { switch_token: data.switch_token },
      { cookie: victim.cookie },
    );
    expect(stay.json()).toMatchObject({ success: true, data: { email: "victim@example.com" } });
    const late = await callApi(
      t.app,
      "POST",
      "/api/auth/switch-account",
      { switch_token: data.switch_token },
      { cookie: victim.cookie },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(SWITCH_EXPIRED);
    expect(await statusOf(victim.cookie)).toMatchObject({ email: "victim@example.com" });
  });

  it("only the session the switch was offered to can confirm it, once", async () => {
    const user = await t.signIn("switcher@example.com");
    const other = await t.signIn("bystander@example.com");
    const offered = (await openLink(await linkFor("second@example.com"), user.cookie)).json().data;
    const body = { switch_token: offered.switch_token };
    for (const options of [{}, { cookie: other.cookie }]) {
      const refused = await callApi(t.app, "POST", "/api/auth/switch-account", body, options);
      expect(refused.statusCode).toBe(400);
      expect(sessionCookieOf(refused)).toBeUndefined();
    }
    const switched = await callApi(t.app, "POST", "/api/auth/switch-account", body, {
      cookie: user.cookie,
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({ email: "second@example.com" });
    const cookie = sessionCookieOf(switched) as string;
    expect(await statusOf(cookie)).toMatchObject({ email: "second@example.com" });
    // The old session ended with the switch; the token cannot be used again.
    expect(await statusOf(user.cookie)).toEqual({ authenticated: false });
    const again = await callApi(t.app, "POST", "/api/auth/switch-account", body, { cookie });
    expect(again.statusCode).toBe(400);
  });

  it("a link for the same account, or in a signed-out browser, signs in as before", async () => {
    const same = await t.signIn("same@example.com");
    const res = await openLink(await linkFor("SAME@example.com"), same.cookie);
    expect(res.json().data).toEqual({ email: "same@example.com", name: "", company_name: "" });
    expect(sessionCookieOf(res)).toBeDefined();
    const fresh = await openLink(await linkFor("fresh@example.com"));
    expect(fresh.json().data).toMatchObject({ email: "fresh@example.com" });
    expect(sessionCookieOf(fresh)).toBeDefined();
  });

  it("an OIDC callback for another account asks too", async () => {
    const victim = await t.signIn("oidc-victim@example.com");
    const url = new URL((await callApi(t.app, "GET", "/api/auth/google/url")).json().data.auth_url);
    const verifier = randomBytes(32).toString("base64url");
    url.searchParams.set(
      "code_challenge",
      createHash("sha256").update(verifier).digest("base64url"),
    );
    url.searchParams.set("code_challenge_method", "S256");
    url.searchParams.set("state", randomBytes(16).toString("base64url"));
    const back = await completeOidcLogin(url.toString(), "oidc-attacker@example.com", REDIRECT_URI);
    const res = await callApi(
      t.app,
      "POST",
      "/api/auth/google/callback",
      { code: back.searchParams.get("code"), code_verifier: verifier },
      { cookie: victim.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      switch_required: true,
      current_email: "oidc-victim@example.com",
      email: "oidc-attacker@example.com",
    });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await statusOf(victim.cookie)).toMatchObject({ email: "oidc-victim@example.com" });
  });
});
