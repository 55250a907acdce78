/**
 * Ownership verification of an integration's Telegram username (issue 14,
 * item 8). Anyone can type any `@username` on the integration page, so the
 * username counts as the owner's only after that Telegram account sends the
 * integration's one-time code to a bot (`t.me/<bot>?start=<code>` opens the
 * chat with `/start <code>`). Until then the bots treat the account as a
 * stranger, and an unverified integration answers nobody.
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

/** Outcome of a `/start <code>` a Telegram account sent. */
export type VerifyOutcome = "verified" | "wrong_account" | "unknown_code";

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
   * Marks the integration holding `code` as owned by the Telegram account
   * `sender`, if that account's username is the integration's username; the
   * code is used up. Atomic: one UPDATE guarded by the code, so a code works
   * once even under concurrent messages.
   */
  async verify(code: string, sender: { id: number; username: string }): Promise<VerifyOutcome> {
    const row = await this.db
      .selectFrom("integrations")
      .select(["user_id", "username"])
      .where("verify_code", "=", code)
      .executeTakeFirst();
    if (!row) return "unknown_code";
    const key = usernameKey(row.username);
    if (usernameKey(sender.username) !== key) return "wrong_account";
    const result = await this.db
      .updateTable("integrations")
      .set({
        verify_code: null,
        verified_telegram_id: String(sender.id),
        verified_username_key: key,
        verified_at: nowIso(),
      })
      .where("user_id", "=", row.user_id)
      .where("verify_code", "=", code)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? "verified" : "unknown_code";
  }
}
