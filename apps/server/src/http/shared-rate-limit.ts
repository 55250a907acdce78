import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database } from "../db/schema";
import { tooManyRequests } from "../errors";

/** One limit: at most `max` hits per `windowMs` for each subject. */
export interface SharedLimit {
  /** Names the limit in the counter key (e.g. "verify"). */
  name: string;
  max: number;
  windowMs: number;
  /** The 429 message. */
  message: string;
}

/**
 * Counts one hit of `subject` against `limit` and throws 429 once the window
 * holds more than `limit.max`. The counter is a database row per subject and
 * fixed window, incremented atomically by one upsert (`… ON CONFLICT DO
 * UPDATE SET hits = hits + 1 RETURNING hits`), so every process and every
 * route sharing the database shares the limit, and concurrent hits are never
 * lost. Expired rows are deleted by the maintenance sweeper.
 */
export async function hitSharedLimit(
  db: Kysely<Database>,
  limit: SharedLimit,
  subject: string,
): Promise<void> {
  const now = Date.now();
  const window = Math.floor(now / limit.windowMs);
  const resetAt = (window + 1) * limit.windowMs;
  const row = await db
    .insertInto("rate_limit_hits")
    .values({
      key: `${limit.name}:${subject}:${window}`,
      hits: 1,
      expires_at: new Date(resetAt).toISOString(),
    })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({ hits: eb("rate_limit_hits.hits", "+", 1) })),
    )
    .returning("hits")
    .executeTakeFirstOrThrow();
  if (row.hits > limit.max) {
    throw tooManyRequests(limit.message, Math.max(1, Math.ceil((resetAt - now) / 1000)));
  }
}

/** Deletes counters whose window has ended (the sweeper calls this). */
export async function purgeExpiredLimits(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom("rate_limit_hits")
    .where("expires_at", "<=", nowIso())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
