import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database } from "../db/schema";
import { hashToken, newToken } from "./tokens";
import type { UserRow } from "./users";

/** Sessions last 30 days. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Name of the session cookie. */
export const SESSION_COOKIE = "session";

/** Starts a session for a user and returns the raw token (only the hash is stored). */
export async function createSession(
  db: Kysely<Database>,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db
    .insertInto("sessions")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** The user a session token belongs to, if the session exists and has not expired. */
export async function findSessionUser(
  db: Kysely<Database>,
  token: string,
): Promise<UserRow | undefined> {
  if (!token || token.length > 200) return undefined;
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .where("sessions.token_hash", "=", hashToken(token))
    .where("sessions.expires_at", ">", nowIso())
    .executeTakeFirst();
}

/** Ends a session (sign-out). Unknown tokens are ignored. */
export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
}

/** Removes expired sessions (the maintenance sweeper calls this); returns how many. */
export async function purgeExpiredSessions(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where("expires_at", "<=", nowIso())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
