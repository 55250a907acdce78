import type { FastifyRequest } from "fastify";
import { findSessionUser, SESSION_COOKIE } from "../auth/sessions";
import type { UserRow } from "../auth/users";
import { unauthorized } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Cached result of the session lookup for this request. */
    sessionUser?: UserRow | null;
  }
}

/**
 * The session token a request carries: the `session` cookie, a Bearer token,
 * or, for WebSocket upgrades only (a browser cannot set their headers), the
 * `token` query parameter. On HTTP routes a `?token=` is ignored: a token in
 * an address leaks through logs, history and Referer.
 */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (cookie) return cookie;
  const auth = request.headers.authorization;
  if (auth?.startsWith("Bearer ")) return auth.slice(7).trim();
  if (!request.ws) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  return typeof token === "string" && token ? token : undefined;
}

/** The signed-in user, or null; looked up once per request. */
export async function optionalUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const token = sessionTokenOf(request);
  const user = token ? ((await findSessionUser(request.server.deps.db, token)) ?? null) : null;
  request.sessionUser = user;
  return user;
}

/** The signed-in user; throws 401 when the request has no valid session. */
export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await optionalUser(request);
  if (!user) throw unauthorized();
  return user;
}
