import type { FastifyBaseLogger } from "fastify";
import * as oidc from "openid-client";
import { badRequest, HttpError } from "../errors";

/** Where and as whom the server signs users in with Google (or another OIDC issuer). */
export interface GoogleSignInConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL + "/": the web app's wrapper handles `?code&state` on any page. */
  redirectUri: string;
}

/** The identity a completed Google sign-in proves. */
export interface GoogleIdentity {
  email: string;
  name: string;
}

/** Scopes requested from the provider. */
export const GOOGLE_SCOPES = "openid email profile";

/** Messages of the Google flow. */
export const GOOGLE_MESSAGES = {
  notConfigured: "Google sign-in is not configured on this server.",
  unreachable: "Could not reach the Google sign-in service. Please try again later.",
  invalidCode:
    "Google sign-in failed: the authorization code is invalid, expired or was already used. Please try again.",
  failed: "Google sign-in failed. Please try again.",
  noEmail: "Your Google account did not share an e-mail address, so you cannot sign in with it.",
  unverified: "Your Google account's e-mail address is not verified.",
} as const;

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** The Google sign-in settings from the environment, or null when it is not configured. */
export function googleConfigFromEnv(env: {
  OIDC_ISSUER: string;
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_SECRET?: string | undefined;
  PUBLIC_URL: string;
}): GoogleSignInConfig | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    redirectUri: `${env.PUBLIC_URL}/`,
  };
}

function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "AbortError" || error.name === "TimeoutError") return true;
  const cause = (error as { cause?: unknown }).cause;
  return (
    (error instanceof TypeError && /fetch failed/i.test(error.message)) ||
    (cause !== undefined && cause !== error && isNetworkError(cause))
  );
}

/**
 * Google sign-in (authorization code + PKCE) with openid-client against the
 * issuer's discovery document. The browser creates the PKCE verifier and the
 * state and checks the state itself (spec §4); the server only sees
 * `{code, code_verifier}` and validates the token response and the ID token.
 */
export class GoogleSignIn {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly config: GoogleSignInConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The provider configuration, discovered once; a failed discovery is retried next time. */
  private configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const issuer = new URL(this.config.issuer);
      const insecure = issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname);
      this.discovered = oidc
        .discovery(issuer, this.config.clientId, this.config.clientSecret, undefined, {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: 15,
        })
        .catch((error: unknown) => {
          this.discovered = undefined;
          this.log.error({ err: error, issuer: this.config.issuer }, "OIDC discovery failed");
          throw new HttpError(502, GOOGLE_MESSAGES.unreachable, { cause: error });
        });
    }
    return this.discovered;
  }

  /**
   * The authorization URL without PKCE parameters or state (the client adds
   * code_challenge, code_challenge_method=S256 and state before redirecting).
   */
  async authorizationUrl(): Promise<string> {
    const config = await this.configuration();
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: this.config.redirectUri,
        scope: GOOGLE_SCOPES,
        response_type: "code",
      })
      .toString();
  }

  /**
   * Exchanges the code with the verifier, validates the ID token and returns
   * the verified e-mail and name. State is not checked here: the browser kept
   * it and compared it before calling (skipStateCheck). The issuer's `iss`
   * response parameter is filled in from the discovered metadata: with a
   * single configured issuer there is no mix-up to detect.
   */
  async exchange(code: string, codeVerifier: string): Promise<GoogleIdentity> {
    const config = await this.configuration();
    const currentUrl = new URL(this.config.redirectUri);
    currentUrl.searchParams.set("code", code);
    const metadata = config.serverMetadata();
    if (metadata.authorization_response_iss_parameter_supported) {
      currentUrl.searchParams.set("iss", metadata.issuer);
    }
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: oidc.skipStateCheck,
        idTokenExpected: true,
      });
    } catch (error) {
      throw this.describe(error);
    }
    const claims = tokens.claims();
    if (!claims) throw new HttpError(502, GOOGLE_MESSAGES.failed);
    let profile: Record<string, unknown> = { ...claims };
    if (typeof profile.email !== "string") {
      try {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        profile = { ...info, ...profile, email: info.email };
        if (profile.email_verified === undefined) profile.email_verified = info.email_verified;
        if (profile.name === undefined) profile.name = info.name;
      } catch (error) {
        throw this.describe(error);
      }
    }
    return identityOf(profile);
  }

  private describe(error: unknown): HttpError {
    if (error instanceof HttpError) return error;
    if (error instanceof oidc.ResponseBodyError) {
      if (error.error === "invalid_grant") return badRequest(GOOGLE_MESSAGES.invalidCode);
      this.log.error({ err: error, oauthError: error.error }, "OIDC token request refused");
      return new HttpError(502, GOOGLE_MESSAGES.failed, { cause: error });
    }
    if (isNetworkError(error)) {
      this.log.error({ err: error }, "OIDC provider unreachable");
      return new HttpError(502, GOOGLE_MESSAGES.unreachable, { cause: error });
    }
    this.log.error({ err: error }, "OIDC sign-in failed");
    return new HttpError(502, GOOGLE_MESSAGES.failed, { cause: error });
  }
}

/** Reads the verified e-mail and a display name from ID-token (or userinfo) claims. */
export function identityOf(claims: Record<string, unknown>): GoogleIdentity {
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  if (!email) throw badRequest(GOOGLE_MESSAGES.noEmail);
  const verified = claims.email_verified === true || claims.email_verified === "true";
  if (!verified) throw badRequest(GOOGLE_MESSAGES.unverified);
  const parts = [claims.given_name, claims.family_name].filter(
    (p): p is string => typeof p === "string" && p.trim() !== "",
  );
  const name =
    typeof claims.name === "string" && claims.name.trim() ? claims.name : parts.join(" ");
  return { email, name: name.trim().slice(0, 100) };
}
