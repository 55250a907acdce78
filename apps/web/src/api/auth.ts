import type { MailSent, User } from "@promptune/contracts";
import { api } from "./client";
import { lazySchema } from "./schemas";

const mailSent = lazySchema((c) => c.MailSentSchema);
const user = lazySchema((c) => c.UserSchema);
const googleUrl = lazySchema((c) => c.GoogleUrlSchema.partial());

export { serverMessageOf } from "./client";

/** POST /auth/auth-link/request: mails a single-use sign-in link. */
export function requestAuthLink(email: string): Promise<MailSent> {
  return api.post("/auth/auth-link/request", { email }, { schema: mailSent });
}

/** GET /auth/auth-link/callback?token=: signs in with a magic-link token. */
export function completeAuthLink(token: string): Promise<User> {
  return api.get("/auth/auth-link/callback", { query: { token }, schema: user });
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

/** GET /auth/google/url: the provider's authorization URL (without PKCE parameters). */
export async function fetchGoogleAuthUrl(): Promise<string> {
  const data = await api.get("/auth/google/url", { schema: googleUrl });
  if (!data.auth_url) throw new Error("Error getting authorization URL");
  return data.auth_url;
}

/** POST /auth/google/callback: exchanges the code with the PKCE verifier and signs in. */
export function completeGoogleSignIn(code: string, codeVerifier: string): Promise<User> {
  return api.post("/auth/google/callback", { code, code_verifier: codeVerifier }, { schema: user });
}
