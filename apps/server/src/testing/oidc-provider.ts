import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type OidcAccount, type OidcContext } from "oidc-provider";

/** A person who can sign in at the test provider (the login is the e-mail). */
export interface OidcTestAccount {
  email: string;
  name: string;
}

/** Options of the test OpenID Connect provider. */
export interface OidcProviderOptions {
  /** The relying party's redirect URI (Promptune: PUBLIC_URL + "/"). */
  redirectUri: string;
  accounts: OidcTestAccount[];
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /**
   * false (default) puts email and name into the ID token, as Google does;
   * true keeps them in userinfo only (the OIDC default), so the relying party
   * must fetch them.
   */
  claimsInUserinfoOnly?: boolean;
}

/** A running test provider. */
export interface OidcProviderFixture {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * Starts a real OpenID Connect provider (oidc-provider) on 127.0.0.1 standing
 * in for Google: one confidential client for `redirectUri`, PKCE (S256)
 * required, the library's development login form (any password; the login is
 * the account's e-mail), consent granted automatically like a returning
 * Google user.
 */
export async function startOidcProvider(
  options: OidcProviderOptions,
): Promise<OidcProviderFixture> {
  const clientId = options.clientId ?? "promptune-test";
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const accounts = new Map(options.accounts.map((a) => [a.email.toLowerCase(), a]));

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
    format: "jwk",
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...signingKey, use: "sig", alg: "RS256", kid: "test-key" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    conformIdTokenClaims: options.claimsInUserinfoOnly ?? false,
    async findAccount(_ctx: OidcContext, sub: string): Promise<OidcAccount | undefined> {
      const account = accounts.get(sub.toLowerCase());
      if (!account) return undefined;
      const [given, ...family] = account.name.split(" ");
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: true,
            name: account.name,
            given_name: given,
            family_name: family.join(" "),
          };
        },
      };
    },
    async loadExistingGrant(ctx: OidcContext) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
