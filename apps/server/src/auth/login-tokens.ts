import { randomInt, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { AuthTokensTable, Database } from "../db/schema";
import { badRequest, HttpError } from "../errors";
import { hashToken, newToken } from "./tokens";
import { normaliseEmail } from "./users";

/** Magic links and e-mail codes are valid for 15 minutes. */
export const LOGIN_TOKEN_TTL_MS = 15 * 60 * 1000;
/** Wrong codes allowed against one pending code before it is invalidated. */
export const MAX_CODE_ATTEMPTS = 5;
/** Pending-sign-in rows are kept this long (for rate limiting), then purged. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

/** What a sign-in token was issued for. */
export type LoginTokenKind = "link" | "code";

/** The identity a consumed token proves. */
export interface ProvenEmail {
  email: string;
  /** Name given at sign-up, if any. */
  name: string | null;
}

/** Messages of the link flow: used, expired and unknown links are told apart. */
export const LINK_MESSAGES = {
  unknown: "This sign-in link is invalid. Please request a new one.",
  used: "This sign-in link has already been used. Please request a new one.",
  expired: "This sign-in link has expired. Please request a new one.",
} as const;

/** Messages of the code flow. */
export const CODE_MESSAGES = {
  unknown: "This code is not valid. Please check the e-mail or request a new code.",
  used: "This code has already been used. Please request a new one.",
  expired: "This code has expired. Please request a new one.",
  wrong: "This code is not valid. Please check the e-mail and try again.",
  tooManyAttempts: "Too many incorrect codes. Please request a new code.",
} as const;

/** A random 6-digit code, leading zeros kept. */
export function newSignInCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * Issues a sign-in token for an e-mail and returns the secret to mail (only
 * its hash is stored). A new code replaces the address's earlier pending
 * codes, so wrong guesses cannot be spread over several codes.
 */
export async function issueLoginToken(
  db: Kysely<Database>,
  input: { kind: LoginTokenKind; email: string; ip: string; name?: string | undefined },
): Promise<{ secret: string; expiresAt: Date }> {
  const email = normaliseEmail(input.email);
  const now = new Date();
  const secret = input.kind === "link" ? newToken() : newSignInCode();
  const expiresAt = new Date(now.getTime() + LOGIN_TOKEN_TTL_MS);
  await db
    .deleteFrom("auth_tokens")
    .where("created_at", "<", new Date(now.getTime() - RETENTION_MS).toISOString())
    .execute();
  await db
    .insertInto("auth_tokens")
    .values({
      id: randomUUID(),
      kind: input.kind,
      token_hash: hashToken(secret),
      email,
      name: input.name?.trim() || null,
      ip: input.ip,
      attempts: 0,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
  if (input.kind === "code") await keepOnlyLatestCode(db, email, now.toISOString());
  return { secret, expiresAt };
}

/**
 * Invalidates every pending code of `email` but the newest (the only one
 * consumeSignInCode checks). Run after each insert as one statement, so
 * concurrent requests cannot leave several live codes: whichever statement
 * runs last sees every inserted row and keeps exactly one.
 */
async function keepOnlyLatestCode(db: Kysely<Database>, email: string, at: string): Promise<void> {
  await db
    .updateTable("auth_tokens")
    .set({ used_at: at })
    .where("email", "=", email)
    .where("kind", "=", "code")
    .where("used_at", "is", null)
    .where("id", "not in", (eb) =>
      eb
        .selectFrom("auth_tokens as newest")
        .select("newest.id")
        .where("newest.email", "=", email)
        .where("newest.kind", "=", "code")
        .orderBy("newest.created_at", "desc")
        .orderBy("newest.id", "desc")
        .limit(1),
    )
    .execute();
}

/** Marks a pending row used; false if another request used it first. */
async function markUsed(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable("auth_tokens")
    .set({ used_at: nowIso() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const isExpired = (row: AuthTokensTable) => row.expires_at <= nowIso();

/**
 * Consumes a magic-link token: exactly once, within 15 minutes. Throws a 400
 * that says whether the link is unknown, used or expired.
 */
export async function consumeMagicLink(db: Kysely<Database>, token: string): Promise<ProvenEmail> {
  const row = await db
    .selectFrom("auth_tokens")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .where("kind", "=", "link")
    .executeTakeFirst();
  if (!row) throw badRequest(LINK_MESSAGES.unknown);
  if (row.used_at) throw badRequest(LINK_MESSAGES.used);
  if (isExpired(row)) throw badRequest(LINK_MESSAGES.expired);
  if (!(await markUsed(db, row.id))) throw badRequest(LINK_MESSAGES.used);
  return { email: row.email, name: row.name };
}

/**
 * Consumes a 6-digit code sent to `email`. Only the address's latest code is
 * checked, and every check is counted before the comparison by one atomic
 * `UPDATE … SET attempts = attempts + 1 … RETURNING`: however many guesses
 * arrive at once, at most MAX_CODE_ATTEMPTS of them are ever compared, and the
 * last wrong one invalidates the code. Guesses past the limit are refused
 * without a comparison (error code `code_locked`).
 */
export async function consumeSignInCode(
  db: Kysely<Database>,
  code: string,
  email: string,
): Promise<ProvenEmail> {
  const hash = hashToken(code);
  const row = await db
    .selectFrom("auth_tokens")
    .select(["id", "token_hash", "used_at", "expires_at", "attempts"])
    .where("email", "=", normaliseEmail(email))
    .where("kind", "=", "code")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) throw badRequest(CODE_MESSAGES.unknown);
  if (row.used_at) {
    if (row.attempts >= MAX_CODE_ATTEMPTS) throw codeLocked();
    throw badRequest(row.token_hash === hash ? CODE_MESSAGES.used : CODE_MESSAGES.unknown);
  }
  if (row.expires_at <= nowIso()) throw badRequest(CODE_MESSAGES.expired);
  const counted = await db
    .updateTable("auth_tokens")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .where("attempts", "<", MAX_CODE_ATTEMPTS)
    .returning(["attempts", "token_hash", "email", "name"])
    .executeTakeFirst();
  if (!counted) throw codeLocked();
  if (counted.token_hash === hash) {
    if (!(await markUsed(db, row.id))) throw badRequest(CODE_MESSAGES.used);
    return { email: counted.email, name: counted.name };
  }
  if (counted.attempts < MAX_CODE_ATTEMPTS) throw badRequest(CODE_MESSAGES.wrong);
  await markUsed(db, row.id);
  throw badRequest(CODE_MESSAGES.tooManyAttempts);
}

/** 400 for a guess refused unchecked: the code already took MAX_CODE_ATTEMPTS wrong guesses. */
function codeLocked(): HttpError {
  return new HttpError(400, CODE_MESSAGES.tooManyAttempts, { code: "code_locked" });
}

/** Deletes pending-sign-in rows past their retention (the sweeper calls this). */
export async function purgeExpiredLoginTokens(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom("auth_tokens")
    .where("created_at", "<", new Date(Date.now() - RETENTION_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
