/**
 * Runs the test OpenID Connect provider as a process (for end-to-end tests).
 * Env: OIDC_PORT (default 0 = any free port), OIDC_CLIENT_ID, OIDC_CLIENT_SECRET,
 * OIDC_REDIRECT_URI (the app's PUBLIC_URL + "/"), OIDC_ACCOUNTS — a JSON list
 * of {email, name} or "email=Name;email=Name". Prints `OIDC_ISSUER=<url>`.
 */
import { type OidcTestAccount, startOidcProvider } from "./oidc-provider";

function parseAccounts(raw: string | undefined): OidcTestAccount[] {
  if (!raw?.trim()) return [{ email: "ada.lovelace@example.com", name: "Ada Lovelace" }];
  if (raw.trim().startsWith("[")) return JSON.parse(raw) as OidcTestAccount[];
  return raw
    .split(";")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [email = "", ...name] = entry.split("=");
      return { email: email.trim(), name: name.join("=").trim() };
    });
}

const redirectUri = process.env.OIDC_REDIRECT_URI;
if (!redirectUri) {
  console.error("OIDC_REDIRECT_URI is required (the app's PUBLIC_URL followed by /)");
  process.exit(1);
}

const fixture = await startOidcProvider({
  redirectUri,
  accounts: parseAccounts(process.env.OIDC_ACCOUNTS),
  port: Number(process.env.OIDC_PORT ?? 0),
  clientId: process.env.OIDC_CLIENT_ID ?? "promptune-test",
  clientSecret: process.env.OIDC_CLIENT_SECRET ?? "promptune-test-secret",
});
console.log(`OIDC_ISSUER=${fixture.issuer}`);
const stop = () => void fixture.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
