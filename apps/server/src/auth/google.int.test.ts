import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app";
import { DIALECTS } from "../testing/db";
import { callApi, sessionCookieOf } from "../testing/http";
import { completeOidcLogin } from "../testing/oidc-login";
import { type OidcProviderFixture, startOidcProvider } from "../testing/oidc-provider";
import { GOOGLE_MESSAGES } from "./google";

const PUBLIC_URL = "http://localhost:3000";
const REDIRECT_URI = `${PUBLIC_URL}/`;
const ACCOUNTS = [
  { email: "grace.hopper@example.com", name: "Grace Hopper" },
  { email: "Alan.Turing@Example.com", name: "Alan Turing" },
];

/** What the browser does (spec §4): verifier, S256 challenge and state added to the URL. */
function withPkce(authUrl: string) {
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(16).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const url = new URL(authUrl);
  url.searchParams.set("code_challenge", challenge);
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  return { url: url.toString(), verifier, state };
}

describe.each(DIALECTS)("Google sign-in against a real OIDC provider on %s", (dialect) => {
  let provider: OidcProviderFixture;
  let userinfoProvider: OidcProviderFixture;
  let t: TestApp;
  let u: TestApp;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: REDIRECT_URI, accounts: ACCOUNTS });
    userinfoProvider = await startOidcProvider({
      redirectUri: REDIRECT_URI,
      accounts: ACCOUNTS,
      claimsInUserinfoOnly: true,
    });
    const envOf = (p: OidcProviderFixture) => ({
      PUBLIC_URL,
      OIDC_ISSUER: p.issuer,
      GOOGLE_CLIENT_ID: p.clientId,
      GOOGLE_CLIENT_SECRET: p.clientSecret,
    });
    t = await createTestApp(dialect, envOf(provider));
    u = await createTestApp(dialect, envOf(userinfoProvider));
  });
  afterAll(async () => {
    await t?.close();
    await u?.close();
    await provider?.close();
    await userinfoProvider?.close();
  });

  async function authUrlOf(app: TestApp): Promise<string> {
    const res = await callApi(app.app, "GET", "/api/auth/google/url");
    expect(res.statusCode).toBe(200);
    return res.json().data.auth_url;
  }

  async function loginAt(app: TestApp, login: string) {
    const pkce = withPkce(await authUrlOf(app));
    const back = await completeOidcLogin(pkce.url, login, REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe(pkce.state);
    const code = back.searchParams.get("code");
    if (!code) throw new Error(`no code in ${back}`);
    return { code, verifier: pkce.verifier };
  }

  it("returns the provider's authorization URL without PKCE parameters or state", async () => {
    const url = new URL(await authUrlOf(t));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("client_id")).toBe(provider.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("response_type")).toBe("code");
    for (const p of ["code_challenge", "code_challenge_method", "state", "nonce"]) {
      expect(url.searchParams.has(p), p).toBe(false);
    }
  });

  it("signs in with the provider's verified e-mail and name, once per code", async () => {
    const { code, verifier } = await loginAt(t, "grace.hopper@example.com");
    const res = await callApi(t.app, "POST", "/api/auth/google/callback", {
      code,
      code_verifier: verifier,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { email: "grace.hopper@example.com", name: "Grace Hopper", company_name: "" },
    });
    const status = await callApi(t.app, "GET", "/api/auth/status", undefined, {
      cookie: sessionCookieOf(res),
    });
    expect(status.json().data).toEqual({
      authenticated: true,
      email: "grace.hopper@example.com",
      name: "Grace Hopper",
      company_name: "",
    });

    const replay = await callApi(t.app, "POST", "/api/auth/google/callback", {
      code,
      code_verifier: verifier,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(GOOGLE_MESSAGES.invalidCode);
  });

  it("refuses a code with the wrong PKCE verifier", async () => {
    const { code } = await loginAt(t, "grace.hopper@example.com");
    const res = await callApi(t.app, "POST", "/api/auth/google/callback", {
      code,
      code_verifier: randomBytes(32).toString("base64url"),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(GOOGLE_MESSAGES.invalidCode);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it("keeps a name the user edited when they sign in with Google again", async () => {
    const { cookie } = await t.signIn("alan.turing@example.com", "Alan M. Turing");
    await callApi(
      t.app,
      "PUT",
      "/api/profile",
      { name: "Alan M. Turing", company_name: "Bletchley" },
      { cookie },
    );
    const { code, verifier } = await loginAt(t, "Alan.Turing@Example.com");
    const res = await callApi(t.app, "POST", "/api/auth/google/callback", {
      code,
      code_verifier: verifier,
    });
    expect(res.json().data).toEqual({
      email: "alan.turing@example.com",
      name: "Alan M. Turing",
      company_name: "Bletchley",
    });
  });

  it("reads e-mail and name from userinfo when the ID token lacks them", async () => {
    const { code, verifier } = await loginAt(u, "grace.hopper@example.com");
    const res = await callApi(u.app, "POST", "/api/auth/google/callback", {
      code,
      code_verifier: verifier,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: "grace.hopper@example.com",
      name: "Grace Hopper",
    });
  });

  it("validates the callback body", async () => {
    const res = await callApi(t.app, "POST", "/api/auth/google/callback", {
      code: "x",
      code_verifier: "short",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("code_verifier is malformed");
  });
});

describe("Google sign-in without configuration", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 503 with a clear message", async () => {
    const url = await callApi(t.app, "GET", "/api/auth/google/url");
    expect(url.statusCode).toBe(503);
    expect(url.json().error.message).toBe("Google sign-in is not configured on this server.");
    const cb = await callApi(t.app, "POST", "/api/auth/google/callback", {
      code: "abc",
      code_verifier: randomBytes(32).toString("base64url"),
    });
    expect(cb.statusCode).toBe(503);
    expect(cb.json().error.message).toBe("Google sign-in is not configured on this server.");
  });
});

describe("Google sign-in with an unreachable issuer", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const address = probe.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await createTestApp("sqlite", {
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 502 with a clear message", async () => {
    const res = await callApi(t.app, "GET", "/api/auth/google/url");
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(GOOGLE_MESSAGES.unreachable);
  });
});
