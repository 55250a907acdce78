/**
 * Drives the test OIDC provider's development login over plain HTTP, the way
 * a browser would: follows redirects by hand, keeps cookies, submits the login
 * form, and stops at the relying party's redirect URI.
 */

/** Cookies per name (the provider scopes them by path; sending all is harmless here). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * Opens `authUrl`, signs in as `login` (any password), and returns the URL the
 * provider finally redirects to under `redirectUri` (with code, state, iss —
 * or error).
 */
export async function completeOidcLogin(
  authUrl: string,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authUrl);
  let init: RequestInit = { method: "GET" };
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    const location = response.headers.get("location");
    if (location) {
      await response.arrayBuffer();
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri)) return url;
      init = { method: "GET" };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) {
      throw new Error(`OIDC provider answered ${response.status} at ${url}: ${html.slice(0, 500)}`);
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url}: ${html.slice(0, 500)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === "login") {
      form.set("login", login);
      form.set("password", "any-password");
    }
    url = new URL(action.replace(/&amp;/g, "&"), url);
    init = {
      method: "POST",
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    };
  }
  throw new Error("too many redirects in the OIDC login");
}
