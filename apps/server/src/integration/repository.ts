import type { Integration, SingleAgentConfig } from "@promptune/contracts";
import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database, IntegrationsTable } from "../db/schema";
import { HttpError } from "../errors";
import { usernameKey } from "./normalise";
import { newVerifyCode } from "./verification";

/** A stored integration with its owner and last change. */
export interface StoredIntegration extends Integration {
  userId: string;
  updatedAt: string;
}

/** The 409 of a save naming a username another account holds verified. */
export function usernameClaimedMessage(username: string): string {
  return `${username} is already verified as the owner of another Promptune account's integration. It can be used here only after that account removes it from its integration (or changes it).`;
}

/** Which of an integration's names a Telegram sender matched. */
export type MatchRole = "owner" | "friend";

function fromRow(row: IntegrationsTable): StoredIntegration {
  return {
    userId: row.user_id,
    updatedAt: row.updated_at,
    username: row.username,
    friends_usernames: JSON.parse(row.friends_usernames) as string[],
    init_config: JSON.parse(row.init_config) as SingleAgentConfig,
    opti_config: JSON.parse(row.opti_config) as SingleAgentConfig,
  };
}

/** Persistence of integrations (one per user) and their matchable usernames. */
export class IntegrationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's integration, if saved. */
  async get(userId: string): Promise<StoredIntegration | undefined> {
    const row = await this.db
      .selectFrom("integrations")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /**
   * Creates or replaces the user's integration (already normalised) and its
   * username index. A new or changed owner username starts unverified with a
   * fresh one-time code; re-saving the same username keeps its verification.
   * A username another account holds verified is refused (409,
   * `username_claimed`): it stays theirs until they release it.
   */
  async save(userId: string, integration: Integration): Promise<StoredIntegration> {
    const now = nowIso();
    const values = {
      username: integration.username,
      friends_usernames: JSON.stringify(integration.friends_usernames),
      init_config: JSON.stringify(integration.init_config),
      opti_config: JSON.stringify(integration.opti_config),
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      const holder = await trx
        .selectFrom("integrations")
        .select("user_id")
        .where("verified_username_key", "=", usernameKey(integration.username))
        .where("user_id", "!=", userId)
        .executeTakeFirst();
      if (holder) {
        throw new HttpError(409, usernameClaimedMessage(integration.username), {
          code: "username_claimed",
        });
      }
      const previous = await trx
        .selectFrom("integrations")
        .select(["username", "verify_code", "verified_telegram_id"])
        .where("user_id", "=", userId)
        .executeTakeFirst();
      const sameOwner =
        previous !== undefined &&
        usernameKey(previous.username) === usernameKey(integration.username);
      const verification = sameOwner
        ? {
            verify_code:
              previous.verified_telegram_id === null
                ? (previous.verify_code ?? newVerifyCode())
                : null,
          }
        : {
            verify_code: newVerifyCode(),
            verified_telegram_id: null,
            verified_username_key: null,
            verified_at: null,
          };
      await trx
        .insertInto("integrations")
        .values({ user_id: userId, created_at: now, ...values, ...verification })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, ...verification }))
        .execute();
      await trx.deleteFrom("integration_usernames").where("user_id", "=", userId).execute();
      const names = [
        { user_id: userId, role: "owner", username_key: usernameKey(integration.username) },
        ...integration.friends_usernames.map((f) => ({
          user_id: userId,
          role: "friend",
          username_key: usernameKey(f),
        })),
      ];
      await trx.insertInto("integration_usernames").values(names).execute();
    });
    return { ...integration, userId, updatedAt: now };
  }

  /**
   * The integration a Telegram sender belongs to: the one integration whose
   * owner username this very Telegram account confirmed (`telegramId` sent
   * the one-time code and confirmed; a username is verified by at most one
   * integration, so a later save by someone else never takes it over), else
   * the most recently updated verified integration listing them as a friend. An
   * integration whose owner never verified answers nobody, so saving someone
   * else's username takes nothing over.
   */
  async findForSender(
    username: string,
    telegramId: number,
  ): Promise<{ integration: StoredIntegration; role: MatchRole } | undefined> {
    const rows = await this.db
      .selectFrom("integration_usernames as u")
      .innerJoin("integrations as i", "i.user_id", "u.user_id")
      .selectAll("i")
      .select("u.role as role")
      .where("u.username_key", "=", usernameKey(username))
      .where("i.verified_telegram_id", "is not", null)
      .where((eb) =>
        eb.or([
          eb("u.role", "=", "friend"),
          eb.and([
            eb("i.verified_telegram_id", "=", String(telegramId)),
            eb("i.verified_username_key", "=", eb.ref("u.username_key")),
          ]),
        ]),
      )
      .execute();
    const rank = (role: string) => (role === "owner" ? 0 : 1);
    rows.sort((a, b) => rank(a.role) - rank(b.role) || b.updated_at.localeCompare(a.updated_at));
    const best = rows[0];
    if (!best) return undefined;
    const { role, ...row } = best;
    return { integration: fromRow(row), role: role === "owner" ? "owner" : "friend" };
  }
}
