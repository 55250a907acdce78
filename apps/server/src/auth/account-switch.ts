/**
 * Login CSRF through sign-in links (issue 21, item 8). A magic link (a plain
 * GET anyone can send) or a Google callback for account B, opened in a
 * browser signed in as A, used to sign that browser in as B silently: the
 * victim then worked, saved prompts and verified Telegram in the attacker's
 * account. Now the proof of B is spent into a pending switch bound to A's
 * session, and only an explicit confirmation from that same session (a JSON
 * POST, so the CSRF guard applies) signs in as B.
 */
import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database } from "../db/schema";
import { badRequest } from "../errors";
import { hashToken, newToken } from "./tokens";

/** A pending switch lasts 10 minutes. */
export const ACCOUNT_SWITCH_TTL_MS = 10 * 60 * 1000;

/** Message when a switch token is unknown, used, expired or not this session's. */
export const SWITCH_EXPIRED =
  "This account switch is no longer valid. Open the sign-in link again, or sign out and sign in with the other account.";

/** The identity a confirmed switch signs in to. */
export interface SwitchIdentity {
  email: string;
  name: string | null;
}

/**
 * Parks a proven identity for the session `sessionToken` and returns the
 * switch token the browser confirms with. Expired switches are purged here.
 */
export async function offerAccountSwitch(
  db: Kysely<Database>,
  sessionToken: string,
  identity: SwitchIdentity,
): Promise<string> {
  const now = new Date();
  await db.deleteFrom("account_switches").where("expires_at", "<=", now.toISOString()).execute();
  const token = newToken();
  await db
    .insertInto("account_switches")
    .values({
      token_hash: hashToken(token),
      session_hash: hashToken(sessionToken),
      email: identity.email,
      name: identity.name,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ACCOUNT_SWITCH_TTL_MS).toISOString(),
    })
    .execute();
  return token;
}

/**
 * Takes a pending switch out exactly once (one DELETE … RETURNING), if it
 * belongs to `sessionToken` and has not expired; otherwise 400. Used both to
 * confirm and to cancel.
 */
export async function takeAccountSwitch(
  db: Kysely<Database>,
  sessionToken: string | undefined,
  switchToken: string,
): Promise<SwitchIdentity> {
  if (!sessionToken) throw badRequest(SWITCH_EXPIRED);
  const row = await db
    .deleteFrom("account_switches")
    .where("token_hash", "=", hashToken(switchToken))
    .where("session_hash", "=", hashToken(sessionToken))
    .where("expires_at", ">", nowIso())
    .returning(["email", "name"])
    .executeTakeFirst();
  if (!row) throw badRequest(SWITCH_EXPIRED);
  return row;
}
