import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/** Options of a test API call. */
export interface CallOptions {
  cookie?: string;
  /** Origin header; defaults to the app's PUBLIC_URL (a same-site browser call). */
  origin?: string;
  /** Client IP the request appears to come from (rate limits are per IP). */
  ip?: string;
  query?: Record<string, string>;
}

/**
 * Calls the app like the browser does: JSON body, the app's own Origin (or
 * `options.origin`), and the session cookie when given.
 */
export function callApi(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { origin: options.origin ?? app.deps.env.PUBLIC_URL };
  if (options.cookie) headers.cookie = options.cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  return app.inject({
    method,
    url,
    headers,
    ...(options.query ? { query: options.query } : {}),
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** The `session=<token>` Cookie header value a response set, if any. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === "session" && c.value);
  return cookie ? `session=${cookie.value}` : undefined;
}
