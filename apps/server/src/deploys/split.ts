/**
 * The after-bot's optional traffic split (issue 25, item 4): the active
 * version serves `share_percent` of the people talking to the after-bot and
 * a chosen baseline version the rest. Each person lands in a stable bucket
 * (0–99) from a hash of the integration owner's id and their Telegram user
 * id, so a friend keeps getting the same version for the whole split. Any
 * deploy or rollback ends the split (versions.ts deletes the row).
 */
import { createHash } from "node:crypto";
import type { DeploySplit } from "@promptune/contracts";
import type { Kysely } from "kysely";
import { nowIso } from "../db/database";
import type { Database } from "../db/schema";
import { HttpError, notFound } from "../errors";

/**
 * The bucket (0–99) of a person talking to the owner's after-bot: the first
 * four bytes of SHA-256 over "owner:sender", modulo 100. Stable across
 * restarts and processes, and independent between owners.
 */
export function splitBucket(ownerUserId: string, senderId: number): number {
  const digest = createHash("sha256").update(`${ownerUserId}:${senderId}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/**
 * The version to serve a person instead of the active one: the baseline's id
 * when the owner has a split and the person's bucket is at or above the
 * active version's share; null when the active version serves them.
 */
export async function baselineFor(
  db: Kysely<Database>,
  ownerUserId: string,
  senderId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom("deploy_splits")
    .select(["baseline_version_id", "share_percent"])
    .where("user_id", "=", ownerUserId)
    .executeTakeFirst();
  if (!row) return null;
  return splitBucket(ownerUserId, senderId) < Number(row.share_percent)
    ? null
    : row.baseline_version_id;
}

/** Persistence and rules of the per-user split. */
export class SplitStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's live split, or null when the active version serves everyone. */
  async get(userId: string): Promise<DeploySplit | null> {
    const row = await this.db
      .selectFrom("deploy_splits")
      .innerJoin("deploy_versions", (j) =>
        j
          .onRef("deploy_versions.user_id", "=", "deploy_splits.user_id")
          .on("deploy_versions.active", "=", 1),
      )
      .select([
        "deploy_versions.id as active_version_id",
        "deploy_splits.baseline_version_id",
        "deploy_splits.share_percent",
        "deploy_splits.created_by",
        "deploy_splits.created_at",
      ])
      .where("deploy_splits.user_id", "=", userId)
      .executeTakeFirst();
    // A split started while a rollback made its baseline active compares nothing: none runs.
    if (!row || row.active_version_id === row.baseline_version_id) return null;
    const share = Number(row.share_percent);
    return {
      active_version_id: row.active_version_id,
      share_percent: share,
      baseline_version_id: row.baseline_version_id,
      baseline_share_percent: 100 - share,
      created_by: row.created_by,
      created_at: row.created_at,
    };
  }

  /**
   * Starts (or replaces) the user's split: 404 when the baseline is not one
   * of their versions, 400 when it is the active version, 409 before any
   * deploy. `share` is already checked to be 1–99 by the contract.
   */
  async start(userId: string, baselineId: string, share: number, by: string): Promise<DeploySplit> {
    const baseline = await this.db
      .selectFrom("deploy_versions")
      .select(["id", "active"])
      .where("id", "=", baselineId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!baseline) throw notFound("No such version.");
    if (Number(baseline.active) === 1) {
      throw new HttpError(
        400,
        "The baseline must be another version than the active one; deploy or roll back first.",
      );
    }
    const active = await this.db
      .selectFrom("deploy_versions")
      .select("id")
      .where("user_id", "=", userId)
      .where("active", "=", 1)
      .executeTakeFirst();
    if (!active) throw new HttpError(409, "Deploy a version before splitting traffic.");
    const row = { baseline_version_id: baseline.id, share_percent: share, created_by: by };
    await this.db
      .insertInto("deploy_splits")
      .values({ user_id: userId, ...row, created_at: nowIso() })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...row, created_at: nowIso() }))
      .execute();
    return (await this.get(userId)) as DeploySplit;
  }

  /** Ends the user's split; false when there was none. */
  async end(userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("deploy_splits")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
