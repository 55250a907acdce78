import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import {
  type DatabaseHandle,
  type DialectName,
  migrateToLatest,
  openDatabase,
} from "../db/database";

/** PostgreSQL server used by integration tests (a real server; override with TEST_POSTGRES_URL). */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Both dialects every database integration test runs against. */
export const DIALECTS: DialectName[] = ["sqlite", "postgres"];

/** A migrated, isolated database plus how to reach it from another process. */
export interface TestDatabase extends DatabaseHandle {
  /** Env entries that point a child process at this same database. */
  env: Record<string, string>;
  /** Closes and deletes the database. */
  destroy(): Promise<void>;
}

/**
 * Creates a fresh database for one test file: a temp SQLite file, or a new
 * PostgreSQL database with a random name on the real server. Migrations run.
 */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "promptune-db-"));
    const sqlitePath = join(dir, "test.db");
    const handle = openDatabase({ sqlitePath });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      env: { SQLITE_PATH: sqlitePath },
      async destroy() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `promptune_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = openDatabase({ postgresUrl: url.toString() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    env: { DATABASE_URL: url.toString() },
    async destroy() {
      await handle.close();
      const drop = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}
