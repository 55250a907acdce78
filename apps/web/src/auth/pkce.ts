/**
 * PKCE for the external-provider sign-in (spec §4): a 32-byte random code
 * verifier and a 16-byte random state kept in sessionStorage; the challenge is
 * base64url(SHA-256(verifier)), sent with code_challenge_method S256.
 */

/** sessionStorage keys of the pending sign-in. */
export const PKCE_KEYS = {
  verifier: "pkce_code_verifier",
  state: "pkce_state",
  processedCode: "pkce_processed_code",
} as const;

/** base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** `n` cryptographically random bytes, base64url-encoded. */
export function randomBase64url(n: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(n)));
}

/** The S256 code challenge of a verifier. */
export async function codeChallengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/**
 * Creates and stores a fresh verifier and state, and returns the provider URL
 * with code_challenge, code_challenge_method=S256 and state added.
 */
export async function prepareAuthorizationUrl(authUrl: string): Promise<string> {
  const verifier = randomBase64url(32);
  const state = randomBase64url(16);
  sessionStorage.setItem(PKCE_KEYS.verifier, verifier);
  sessionStorage.setItem(PKCE_KEYS.state, state);
  const url = new URL(authUrl);
  url.searchParams.set("code_challenge", await codeChallengeOf(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  return url.toString();
}

/**
 * The stored verifier if the returned state matches the stored one, else null.
 * Either way the caller should clear the PKCE data afterwards.
 */
export function verifierForState(returnedState: string): string | null {
  const verifier = sessionStorage.getItem(PKCE_KEYS.verifier);
  const state = sessionStorage.getItem(PKCE_KEYS.state);
  if (!verifier || !state || state !== returnedState) return null;
  return verifier;
}

/** Forgets the pending sign-in's verifier and state. */
export function clearPkce(): void {
  sessionStorage.removeItem(PKCE_KEYS.verifier);
  sessionStorage.removeItem(PKCE_KEYS.state);
}

const processedInThisPage = new Set<string>();

/**
 * Claims an authorization code for processing: true the first time a code is
 * seen (in this page or this tab's session), false afterwards, so a code is
 * never exchanged twice (React StrictMode, reloads, history navigation).
 */
export function claimCode(code: string): boolean {
  if (processedInThisPage.has(code) || sessionStorage.getItem(PKCE_KEYS.processedCode) === code) {
    return false;
  }
  processedInThisPage.add(code);
  sessionStorage.setItem(PKCE_KEYS.processedCode, code);
  return true;
}
