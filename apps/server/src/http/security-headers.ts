import type { FastifyInstance } from "fastify";

/**
 * The Content-Security-Policy of every response. Scripts, styles, fonts and
 * images come from this origin only (inline styles are allowed: Mantine sets
 * style attributes and injects its CSS variables); `data:` images cover the
 * SVG icons in stylesheets. Images a model puts in a reply are therefore
 * never fetched (the web app shows them as links). No plugin content, no
 * framing by any other page, forms and <base> only to this origin.
 */
export function contentSecurityPolicy(publicUrl: string): string {
  const origin = new URL(publicUrl);
  const socketOrigin = `${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The security headers of every response (issue 14, item 9): the CSP above,
 * `nosniff` (a JSON or text answer is never run as script), no Referer (links
 * out of the app never carry its addresses), framing refused for old browsers
 * too, and HSTS when PUBLIC_URL is https. Five fixed headers: a hook is all
 * it takes, so no header library is pulled in.
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(publicUrl),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
  };
  if (new URL(publicUrl).protocol === "https:") {
    headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

/** Adds the security headers to every response: API, SPA, static assets and errors. */
export function installSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers = securityHeaders(publicUrl);
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}
