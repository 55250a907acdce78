/**
 * The history's storage bounds (issue 21, item 1): pages of a user's runs
 * bounded in count and in characters, and the per-user cap on stored runs.
 */
import type { RunMode, RunStatus } from "@promptune/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { HISTORY_COLUMNS, type HistoryRunRow } from "./history";

/** Where a run sits in a user's history order (created_at, then id): a page cursor. */
export interface RunPosition {
  createdAt: string;
  id: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const RUN_ID = /^[A-Za-z0-9-]{1,100}$/;

/** The opaque `next_cursor` of a page that ends at `position` (base64url of JSON). */
export function encodeCursor(position: RunPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString("base64url");
}

/** The position a cursor names; undefined when it is not one this server made. */
export function decodeCursor(cursor: string): RunPosition | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== "string" || typeof id !== "string") return undefined;
    // Only what this server writes: an ISO time and a UUID-like id (nothing a query could choke on).
    if (!ISO_TIME.test(createdAt) || !RUN_ID.test(id)) return undefined;
    return { createdAt, id };
  } catch {
    return undefined;
  }
}

/** What one page asks for. */
export interface RunPageOptions {
  mode?: RunMode;
  /** The last run of the previous page; absent for the first page. */
  after?: RunPosition;
  /** Most runs on the page. */
  limit: number;
  /** Most characters of stored runs on the page (a page always has at least one run). */
  maxChars: number;
}

/** Statuses of a finished run (the ones the stored-run cap may delete). */
const FINISHED: RunStatus[] = ["completed", "failed", "cancelled"];

type Db = Kysely<Database> | Transaction<Database>;

/**
 * One page of a user's runs, newest first (created_at, then id), after
 * `options.after`. At most `limit` runs, and the page ends before the runs'
 * `stored_chars` pass `maxChars` (always at least one run), so its size is
 * bounded whatever the runs hold: the sizes are read first (small rows),
 * and only the chosen runs are loaded. `more` says whether runs follow.
 */
export async function pageOfRuns(
  db: Db,
  userId: string,
  options: RunPageOptions,
): Promise<{ rows: HistoryRunRow[]; more: boolean }> {
  let query = db
    .selectFrom("runs")
    .select(["id", "created_at", "stored_chars"])
    .where("user_id", "=", userId);
  if (options.mode) query = query.where("mode", "=", options.mode);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", after.createdAt),
        eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
      ]),
    );
  }
  const sizes = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit + 1)
    .execute();
  const chosen: string[] = [];
  let chars = 0;
  for (const row of sizes.slice(0, options.limit)) {
    chars += Number(row.stored_chars);
    if (chosen.length > 0 && chars > options.maxChars) break;
    chosen.push(row.id);
  }
  if (!chosen.length) return { rows: [], more: false };
  const rows = await db
    .selectFrom("runs")
    .select(HISTORY_COLUMNS)
    .where("id", "in", chosen)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return { rows, more: sizes.length > chosen.length };
}

/**
 * Deletes the user's oldest finished runs (and their iterations) beyond the
 * newest `keep` runs, counting queued and running runs, which are never
 * deleted. Called in the transaction that stores a new run, so the cap holds
 * however many runs start at once. Returns how many runs were deleted.
 */
export async function pruneStoredRuns(db: Db, userId: string, keep: number): Promise<number> {
  const active = await db
    .selectFrom("runs")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "not in", FINISHED)
    .executeTakeFirst();
  const keepFinished = Math.max(0, keep - Number(active?.n ?? 0));
  const doomed = await db
    .selectFrom("runs")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "in", FINISHED)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1_000)
    .offset(keepFinished)
    .execute();
  const ids = doomed.map((r) => r.id);
  if (!ids.length) return 0;
  await db.deleteFrom("run_iterations").where("run_id", "in", ids).execute();
  await db.deleteFrom("runs").where("id", "in", ids).execute();
  return ids.length;
}
