import type { AccountSwitch, MailSent, SignInResult, User } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const mailSent = lazySchema((c) => c.MailSentSchema);
const user = lazySchema((c) => c.UserSchema);
const signInResult = lazySchema((c) => c.SignInResultSchema);
const googleUrl = lazySchema((c) => c.GoogleUrlSchema.partial());

export { serverMessageOf } from "./client";

/** POST /auth/auth-link/request: mails a single-use sign-in link. */
export function requestAuthLink(email: string): Promise<MailSent> {
  return api.post("/auth/auth-link/request", { email }, { schema: mailSent });
}

/**
 * GET /auth/auth-link/callback?token=: signs in with a magic-link token, or,
 * in a browser signed in to another account, answers a pending switch to
 * confirm first.
 */
export function completeAuthLink(token: string): Promise<SignInResult> {
  return api.get("/auth/auth-link/callback", { query: { token }, schema: signInResult });
}

/** True when a sign-in answered with an account switch to confirm instead of a user. */
export function isAccountSwitch(result: SignInResult): result is AccountSwitch {
  return "switch_required" in result;
}

/** POST /auth/switch-account: confirms a pending switch; the browser is now the other account. */
export function confirmAccountSwitch(switchToken: string): Promise<User> {
  return api.post("/auth/switch-account", { switch_token: switchToken }, { schema: user });
}

/** POST /auth/switch-account/cancel: drops a pending switch; the browser stays as it is. */
export function cancelAccountSwitch(switchToken: string): Promise<User> {
  return api.post("/auth/switch-account/cancel", { switch_token: switchToken }, { schema: user });
}

/** POST /auth/signup: mails a 6-digit code to a new (or existing) address. */
export function signUpWithCode(email: string, name?: string): Promise<MailSent> {
  return api.post("/auth/signup", { email, name }, { schema: mailSent });
}

/** POST /auth/signin: mails a 6-digit code. */
export function signInWithCode(email: string): Promise<MailSent> {
  return api.post("/auth/signin", { email }, { schema: mailSent });
}

/** POST /auth/verify?code=: signs in with a mailed code sent to `email` (required by the API). */
export function verifyCode(code: string, email: string): Promise<User> {
  return api.post(
    "/auth/verify",
    { email },
    {
      query: { code },
      schema: user,
    },
  );
}

const providers = lazySchema((c) => c.AuthProvidersSchema);

/** GET /auth/providers: which external sign-in providers the server offers. */
export function fetchAuthProviders(): Promise<{ google: boolean }> {
  return api.get("/auth/providers", { schema: providers });
}

/** GET /auth/google/url: the provider's authorization URL (without PKCE parameters). */
export async function fetchGoogleAuthUrl(): Promise<string> {
  const data = await api.get("/auth/google/url", { schema: googleUrl });
  if (!data.auth_url) throw new Error("Error getting authorization URL");
  return data.auth_url;
}

/** POST /auth/google/callback: exchanges the code with the PKCE verifier and signs in (or asks to switch). */
export function completeGoogleSignIn(code: string, codeVerifier: string): Promise<SignInResult> {
  return api.post(
    "/auth/google/callback",
    { code, code_verifier: codeVerifier },
    { schema: signInResult },
  );
}
