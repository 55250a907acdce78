import type { FastifyReply } from "fastify";
import { SESSION_COOKIE, SESSION_TTL_MS } from "./sessions";

/**
 * Options of the session cookie: httpOnly, SameSite=Lax, Path=/, 30 days,
 * Secure when the public URL is https.
 */
export function sessionCookieOptions(publicUrl: string) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: publicUrl.startsWith("https:"),
    path: "/",
  };
}

/** Sets the session cookie for a freshly created session. */
export function setSessionCookie(
  reply: FastifyReply,
  publicUrl: string,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    ...sessionCookieOptions(publicUrl),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
    expires: expiresAt,
  });
}

/** Clears the session cookie (sign-out), whatever state the session was in. */
export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(publicUrl));
}
