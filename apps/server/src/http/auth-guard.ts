import { API_TOKEN_PREFIX, type ApiTokenScope } from "@promptune/contracts";
import type { FastifyRequest } from "fastify";
import { findApiTokenUser } from "../api-tokens/service";
import { findSessionUser, SESSION_COOKIE } from "../auth/sessions";
import type { UserRow } from "../auth/users";
import { forbidden, unauthorized } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Cached result of the session lookup for this request. */
    sessionUser?: UserRow | null;
    /** Set when the request authenticated with a personal API token. */
    apiToken?: { id: string; scopes: ApiTokenScope[] };
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
  const { db } = request.server.deps;
  let user: UserRow | null = null;
  if (token?.startsWith(API_TOKEN_PREFIX)) {
    const found = await findApiTokenUser(db, token);
    if (found) {
      request.apiToken = { id: found.tokenId, scopes: found.scopes };
      user = found.user;
    }
  } else if (token) {
    user = (await findSessionUser(db, token)) ?? null;
  }
  request.sessionUser = user;
  return user;
}

/** Methods a `read` token may use. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The signed-in user; throws 401 when the request has no valid session or
 * API token, and 403 when an API token lacks the scope: `read` tokens may
 * only read (GET), starting runs over the socket needs `run`.
 */
export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await optionalUser(request);
  if (!user) throw unauthorized();
  const scopes = request.apiToken?.scopes;
  if (scopes && !scopes.includes("run") && (!READ_METHODS.has(request.method) || request.ws))
    throw forbidden("This API token has the read scope only; create a token with the run scope.");
  return user;
}

/**
 * The signed-in user of a deploy route (deploy, rollback, the versions list):
 * a session, or an API token with the `deploy` scope to change what the
 * after-bot serves (any token may read the list). A `run` token alone cannot
 * deploy: starting runs and replacing the live bot are separate grants.
 */
export async function requireDeployer(request: FastifyRequest): Promise<UserRow> {
  const user = await optionalUser(request);
  if (!user) throw unauthorized();
  const scopes = request.apiToken?.scopes;
  if (scopes && !scopes.includes("deploy") && !READ_METHODS.has(request.method))
    throw forbidden("This API token cannot deploy; create a token with the deploy scope.");
  return user;
}

/** The user of a signed-in session; API tokens are refused (403) for account and token management. */
export async function requireSessionUser(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  if (request.apiToken)
    throw forbidden("API tokens cannot manage tokens or the account; sign in to do that.");
  return user;
}
