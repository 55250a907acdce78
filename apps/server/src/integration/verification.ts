/**
 * Ownership verification of an integration's Telegram username (issue 14,
 * item 8). Anyone can type any `@username` on the integration page, so the
 * username counts as the owner's only after that Telegram account sends the
 * integration's one-time code to a bot (`t.me/<bot>?start=<code>` opens the
 * chat with `/start <code>`) and then confirms, with a second explicit tap,
 * the Promptune account the bot names (issue 21, item 5: a single tap on a
 * link someone else sent used to hand the account to them). A username is
 * verified by at most one integration at a time. Until then the bots treat
 * the account as a stranger, and an unverified integration answers nobody.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database } from "../db/schema";
import { usernameKey } from "./normalise";

/** What the integration page shows: verified, else the deep link that verifies. */
export interface VerificationState {
  verified: boolean;
  /** The pending one-time code (null once verified). */
  code: string | null;
}

/** Why a code cannot verify the account that sent it. */
export type VerifyRefusal = "wrong_account" | "unknown_code" | "claimed";

/** What confirming a code would do: make `username` the owner for the account `maskedEmail`. */
export interface VerifyPreview {
  username: string;
  /** The Promptune account's e-mail, masked (a***e@example.com). */
  maskedEmail: string;
}

/** Outcome of a confirmation: done (naming the account), or why not. */
export type VerifyOutcome = { verified: VerifyPreview } | VerifyRefusal;

/**
 * Masks an e-mail for a Telegram message: the first and last character of
 * the local part and the whole domain (alice@example.com → a***e@example.com),
 * enough for its owner to recognise it, too little to harvest addresses.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : "";
  const first = local.slice(0, 1);
  const last = local.length > 2 ? local.slice(-1) : "";
  return `${first}***${last}${domain}`;
}

/** True for a database error that a unique index refused (SQLite or PostgreSQL). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** A fresh one-time code: 128 random bits, in the characters a deep-link start parameter allows. */
export function newVerifyCode(): string {
  return randomBytes(16).toString("base64url");
}

/** True when `text` could be a code (so a plain `/start hello` is not taken for one). */
export function looksLikeCode(text: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(text);
}

/** The deep link that sends `/start <code>` to the bot at `botLink` (https://t.me/<bot>). */
export function verifyLink(botLink: string, code: string | null): string {
  return botLink && code ? `${botLink}?start=${code}` : "";
}

/** Verification state of integrations, stored on the integration row. */
export class VerificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's verification state, or undefined when no integration is saved. */
  async state(userId: string): Promise<VerificationState | undefined> {
    const row = await this.db
      .selectFrom("integrations")
      .select(["verify_code", "verified_telegram_id"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { verified: row.verified_telegram_id !== null, code: row.verify_code };
  }

  /**
   * What `/start <code>` from `sender` would confirm, or why it cannot: the
   * code is unknown or used, it was made for another username, or another
   * integration already verified that username. Changes nothing: the bot
   * shows the account it would confirm and asks before `verify`.
   */
  async preview(
    code: string,
    sender: { id: number; username: string },
  ): Promise<VerifyPreview | VerifyRefusal> {
    const row = await this.db
      .selectFrom("integrations as i")
      .innerJoin("users as u", "u.id", "i.user_id")
      .select(["i.user_id", "i.username", "u.email"])
      .where("i.verify_code", "=", code)
      .executeTakeFirst();
    if (!row) return "unknown_code";
    const key = usernameKey(row.username);
    if (usernameKey(sender.username) !== key) return "wrong_account";
    const holder = await this.db
      .selectFrom("integrations")
      .select("user_id")
      .where("verified_username_key", "=", key)
      .where("user_id", "!=", row.user_id)
      .executeTakeFirst();
    if (holder) return "claimed";
    return { username: row.username, maskedEmail: maskEmail(row.email) };
  }

  /**
   * Confirms `code` (the second, explicit step): marks its integration as
   * owned by the Telegram account `sender` if that account's username is the
   * integration's and no other integration holds the username verified; the
   * code is used up. Atomic: one UPDATE guarded by the code, and the unique
   * index on `verified_username_key` refuses a second holder even when two
   * confirmations race.
   */
  async verify(code: string, sender: { id: number; username: string }): Promise<VerifyOutcome> {
    const preview = await this.preview(code, sender);
    if (typeof preview === "string") return preview;
    try {
      const result = await this.db
        .updateTable("integrations")
        .set({
          verify_code: null,
          verified_telegram_id: String(sender.id),
          verified_username_key: usernameKey(preview.username),
          verified_at: nowIso(),
        })
        .where("verify_code", "=", code)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? { verified: preview } : "unknown_code";
    } catch (error) {
      if (isUniqueViolation(error)) return "claimed";
      throw error;
    }
  }

  /**
   * The Telegram account declined: the code is replaced by a fresh one, so a
   * link someone else sent cannot be tried again (the integration page shows
   * the new link to its owner). True when the code was still pending.
   */
  async reject(code: string): Promise<boolean> {
    const result = await this.db
      .updateTable("integrations")
      .set({ verify_code: newVerifyCode() })
      .where("verify_code", "=", code)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
