import SQLite from "better-sqlite3";
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
} from "kysely";
import pg from "pg";
import { migrations } from "./migrations/index";
import type { Database } from "./schema";
import { assertSqliteWritable } from "./sqlite-access";

export type DialectName = "sqlite" | "postgres";

/** An open database plus what the app needs to know about it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** Where to connect: a PostgreSQL URL, or a SQLite file (":memory:" allowed). */
export type DatabaseTarget = { postgresUrl: string } | { sqlitePath: string };

/**
 * Opens the database the environment names: PostgreSQL when a URL is given,
 * otherwise the embedded SQLite file (its folder is created if missing).
 * A SQLite file, folder, `-wal` or `-shm` that cannot be written is refused
 * here with the path and the problem, before SQLite maps any of it.
 */
export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if ("postgresUrl" in target) {
    const pool = new pg.Pool({ connectionString: target.postgresUrl, max: 10 });
    // When the server ends a connection (restart, failover,
    // pg_terminate_backend), pg emits "error" on that client, and pg-pool
    // re-emits it on the pool for idle clients. With no listener Node would
    // crash the process. Nothing needs doing: the query that was running (if
    // any) fails on its own and its caller retries or reports it, and the
    // broken client is dropped, so the next query opens a new connection.
    // Found by hardening/db-outage.int.test.ts.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = target.sqlitePath;
  if (file !== ":memory:") assertSqliteWritable(file);
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Current time as the ISO-8601 UTC text the tables store. */
export function nowIso(): string {
  return new Date().toISOString();
}
