/**
 * Deployed versions of the after-bot (issue 25, item 3). Every deploy adds a
 * numbered row and makes it the user's one active version; a rollback makes
 * an earlier row active again without copying it (its `activated_at` /
 * `activated_by` record the rollback). Activating a version also writes its
 * configuration into the integration's `opti_config`, so the Integration
 * page shows what the after-bot serves.
 */
import { randomUUID } from "node:crypto";
import {
  type DeploySource,
  type DeployVersion,
  type HeldOutComparison,
  HeldOutComparisonSchema,
  type SingleAgentConfig,
} from "@promptune/contracts";
import type { Kysely, Transaction } from "kysely";
import { nowIso } from "../db/database";
import type { Database, DeployVersionsTable } from "../db/schema";
import { baselineFor } from "./split";

/** What a new version is made of. */
export interface NewVersion {
  source: DeploySource;
  config: SingleAgentConfig;
  runId: string | null;
  iteration: number | null;
  frontierPoint: number | null;
  heldOut: HeldOutComparison | null;
  /** The gate's refusal the user overrode; null when the gate passed or did not apply. */
  overriddenReason: string | null;
  deployedBy: string;
}

/** The configuration of a version, as the after-bot uses it. */
export interface ServedVersion {
  id: string;
  config: SingleAgentConfig;
}

/** A stored row as the API shows it. */
export function versionView(row: DeployVersionsTable): DeployVersion {
  return {
    id: row.id,
    number: row.number,
    source: row.source === "run" ? "run" : "integration",
    prompt: row.prompt,
    model_name: row.model_name,
    temperature: row.temperature,
    run_id: row.run_id,
    iteration: row.iteration,
    frontier_point: row.frontier_point,
    held_out: row.held_out ? HeldOutComparisonSchema.parse(JSON.parse(row.held_out)) : null,
    override_confirmed: row.override_confirmed === 1,
    gate_reason: row.gate_reason,
    deployed_by: row.deployed_by,
    created_at: row.created_at,
    active: row.active === 1,
    activated_at: row.activated_at,
    activated_by: row.activated_by,
  };
}

/** True for a database error that a unique index refused (SQLite or PostgreSQL). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/**
 * Makes `id` the user's only active version and mirrors it into the
 * integration. Any deploy or rollback ends a traffic split (split.ts): the
 * split compared two versions, and one of them is no longer the active one.
 */
async function activate(
  trx: Transaction<Database>,
  userId: string,
  row: Pick<DeployVersionsTable, "id" | "prompt" | "model_name" | "temperature">,
  by: string,
  at: string,
): Promise<void> {
  await trx.deleteFrom("deploy_splits").where("user_id", "=", userId).execute();
  await trx
    .updateTable("deploy_versions")
    .set({ active: 0 })
    .where("user_id", "=", userId)
    .where("active", "=", 1)
    .execute();
  await trx
    .updateTable("deploy_versions")
    .set({ active: 1, activated_at: at, activated_by: by })
    .where("id", "=", row.id)
    .execute();
  const config: SingleAgentConfig = {
    prompt: row.prompt,
    model_name: row.model_name,
    temperature: row.temperature,
  };
  await trx
    .updateTable("integrations")
    .set({ opti_config: JSON.stringify(config) })
    .where("user_id", "=", userId)
    .execute();
}

/** Persistence of deployed versions. */
export class VersionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Creates the next version of the user and makes it active; returns it.
   * Two deploys at once may pick the same number: the unique index refuses
   * the second, which then retries with the next number.
   */
  async create(userId: string, input: NewVersion): Promise<DeployVersion> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.insert(userId, input);
      } catch (error) {
        if (attempt >= 3 || !isUniqueViolation(error)) throw error;
      }
    }
  }

  private async insert(userId: string, input: NewVersion): Promise<DeployVersion> {
    const id = randomUUID();
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom("deploy_versions")
        .select((eb) => eb.fn.max<number>("number").as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirst();
      const row: DeployVersionsTable = {
        id,
        user_id: userId,
        number: Number(last?.n ?? 0) + 1,
        source: input.source,
        prompt: input.config.prompt,
        model_name: input.config.model_name,
        temperature: input.config.temperature,
        run_id: input.runId,
        iteration: input.iteration,
        frontier_point: input.frontierPoint,
        held_out: input.heldOut ? JSON.stringify(input.heldOut) : null,
        override_confirmed: input.overriddenReason ? 1 : 0,
        gate_reason: input.overriddenReason,
        deployed_by: input.deployedBy,
        active: 0,
        activated_at: now,
        activated_by: input.deployedBy,
        created_at: now,
      };
      await trx.insertInto("deploy_versions").values(row).execute();
      await activate(trx, userId, row, input.deployedBy, now);
    });
    return (await this.get(userId, id)) as DeployVersion;
  }

  /** One of the user's versions (another user's id looks absent). */
  async get(userId: string, id: string): Promise<DeployVersion | undefined> {
    const row = await this.db
      .selectFrom("deploy_versions")
      .selectAll()
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row && versionView(row);
  }

  /** The user's versions, newest first. */
  async list(userId: string): Promise<DeployVersion[]> {
    const rows = await this.db
      .selectFrom("deploy_versions")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("number", "desc")
      .execute();
    return rows.map(versionView);
  }

  /** The version the user's after-bot serves, if any was deployed. */
  async active(userId: string): Promise<ServedVersion | undefined> {
    const row = await this.db
      .selectFrom("deploy_versions")
      .select(["id", "prompt", "model_name", "temperature"])
      .where("user_id", "=", userId)
      .where("active", "=", 1)
      .executeTakeFirst();
    if (!row) return undefined;
    const config = { prompt: row.prompt, model_name: row.model_name, temperature: row.temperature };
    return { id: row.id, config };
  }

  /**
   * The version the after-bot serves one person: the active version, or the
   * baseline of a live split when the person's bucket falls outside the
   * active version's share (split.ts).
   */
  async served(userId: string, senderId: number): Promise<ServedVersion | undefined> {
    const active = await this.active(userId);
    const baselineId = active ? await baselineFor(this.db, userId, senderId) : null;
    if (!baselineId) return active;
    const row = await this.db
      .selectFrom("deploy_versions")
      .select(["id", "prompt", "model_name", "temperature"])
      .where("id", "=", baselineId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!row) return active;
    const config = { prompt: row.prompt, model_name: row.model_name, temperature: row.temperature };
    return { id: row.id, config };
  }

  /** Makes one of the user's earlier versions active again; undefined when it is not theirs. */
  async rollback(userId: string, id: string, by: string): Promise<DeployVersion | undefined> {
    const found = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("deploy_versions")
        .select(["id", "prompt", "model_name", "temperature"])
        .where("id", "=", id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (!row) return false;
      await activate(trx, userId, row, by, nowIso());
      return true;
    });
    return found ? this.get(userId, id) : undefined;
  }

  /**
   * Records a save of the Integration page as a version when its after
   * configuration differs from the active version (or, with none yet, when
   * it has a prompt): saving the optimised prompt deploys it, with no gate
   * as no run measured it. Saving only the friends list adds nothing.
   */
  async recordSave(userId: string, config: SingleAgentConfig, by: string): Promise<void> {
    const current = await this.active(userId);
    const same =
      current &&
      current.config.prompt === config.prompt &&
      current.config.model_name === config.model_name &&
      current.config.temperature === config.temperature;
    if (same || (!current && !config.prompt.trim())) return;
    await this.create(userId, {
      source: "integration",
      config,
      runId: null,
      iteration: null,
      frontierPoint: null,
      heldOut: null,
      overriddenReason: null,
      deployedBy: by,
    });
  }
}
