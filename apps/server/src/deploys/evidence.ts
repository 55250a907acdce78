/**
 * Live evidence per deployed version (issue 25, item 4): from the Telegram
 * bots' stored replies, per after-bot version and for the before-bot,
 * conversations (distinct chats), replies, 👍/👎 counts, the 👍 rate with
 * its Wilson 95 % interval, and the latest 👎 notes.
 */
import type { DeployEvidence, DeploySplit, LiveEvidence } from "@promptune/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

const Z95 = 1.959963984540054;
const MAX_NOTES = 5;

/**
 * The Wilson score interval of `up` successes in `n` trials at 95 %: unlike
 * the normal approximation it stays inside [0, 1] and is sensible for the
 * few ratings a friends-and-family bot gets. Null when n is 0.
 */
export function wilson(up: number, n: number): { low: number; high: number } | null {
  if (n <= 0) return null;
  const p = up / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

interface Tally {
  chats: Set<string>;
  replies: number;
  up: number;
  down: number;
  notes: string[];
}

const emptyTally = (): Tally => ({ chats: new Set(), replies: 0, up: 0, down: 0, notes: [] });

function summary(t: Tally): LiveEvidence {
  const rated = t.up + t.down;
  const interval = wilson(t.up, rated);
  return {
    conversations: t.chats.size,
    replies: t.replies,
    up: t.up,
    down: t.down,
    up_rate: rated ? t.up / rated : null,
    up_rate_low: interval?.low ?? null,
    up_rate_high: interval?.high ?? null,
    down_notes: t.notes,
  };
}

/**
 * The user's live evidence: each after-bot version's, and the before-bot's
 * beside them. With a live split, both of its versions are listed (even
 * before their first reply) and `split` says which share each serves.
 */
export async function liveEvidence(
  db: Kysely<Database>,
  userId: string,
  split: DeploySplit | null,
): Promise<DeployEvidence> {
  const rows = await db
    .selectFrom("ratings")
    .select(["side", "version_id", "chat_id", "rating", "correction", "note"])
    .where("user_id", "=", userId)
    .where("source", "=", "telegram")
    .orderBy("created_at", "desc")
    .execute();
  const versions = new Map<string, Tally>();
  if (split) {
    versions.set(split.active_version_id, emptyTally());
    versions.set(split.baseline_version_id, emptyTally());
  }
  const before = emptyTally();
  for (const row of rows) {
    let tally: Tally | undefined;
    if (row.side === "before") tally = before;
    else if (row.version_id) {
      tally = versions.get(row.version_id) ?? emptyTally();
      versions.set(row.version_id, tally);
    }
    if (!tally) continue;
    tally.replies += 1;
    if (row.chat_id) tally.chats.add(row.chat_id);
    if (row.rating === "up") tally.up += 1;
    if (row.rating === "down") {
      tally.down += 1;
      const text = [row.note, row.correction && `Should have said: ${row.correction}`]
        .filter(Boolean)
        .join(" — ");
      if (text && tally.notes.length < MAX_NOTES) tally.notes.push(text);
    }
  }
  return {
    versions: Object.fromEntries([...versions].map(([id, t]) => [id, summary(t)])),
    before: summary(before),
    split,
  };
}
