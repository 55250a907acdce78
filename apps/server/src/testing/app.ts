import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { createSession, SESSION_COOKIE } from "../auth/sessions";
import { upsertUser } from "../auth/users";
import type { DialectName } from "../db/database";
import { loadEnv } from "../env";
import { createTestDatabase, type TestDatabase } from "./db";

/** A test app on a fresh database, with helpers to act as a signed-in user. */
export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Creates (or reuses) a user and returns a Cookie header value for a new session. */
  signIn(email: string, name?: string): Promise<{ cookie: string; token: string; userId: string }>;
  close(): Promise<void>;
}

/**
 * Builds the real app (API only) on a fresh SQLite or PostgreSQL database.
 * `env` entries override the defaults (NODE_ENV=test, PUBLIC_URL=http://localhost:3000).
 */
export async function createTestApp(
  dialect: DialectName,
  env: Record<string, string | undefined> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const appEnv = loadEnv({
    NODE_ENV: "test",
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "warn",
    ...env,
  });
  const app = await buildApp({ env: appEnv, database, webDistDir: null });
  await app.ready();
  return {
    app,
    database,
    async signIn(email, name) {
      const user = await upsertUser(database.db, { email, name });
      const { token } = await createSession(database.db, user.id);
      return { cookie: `${SESSION_COOKIE}=${token}`, token, userId: user.id };
    },
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
